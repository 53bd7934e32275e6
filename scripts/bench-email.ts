/**
 * `npm run bench:email`: the mailbox sync against a real dovecot with a
 * BENCH_MESSAGES (10,000) message inbox, and the time from a message's arrival to its draft.
 *
 * The harness of the API tests starts dovecot and the SMTP server on loopback. The inbox is
 * filled the way an MDA fills it (Maildir files), each message a few paragraphs of text. A fresh
 * database (SQLite in a temporary directory, or DATABASE_URL) and the real app (buildApp) with
 * one account created over the API. Then:
 *   1. first sync of the whole inbox: seconds, messages/s (target >= 200), RSS growth over the
 *      sync (sampled every 20 ms; target < 150 MB);
 *   2. incremental sync with nothing new (target < 2 s), then with 100 new messages;
 *   3. arrival to draft: BENCH_DRAFTS (20) messages, each sent over SMTP to a second account
 *      whose drafts answer from a department holding one document; the time from the SMTP
 *      send until its draft exists, syncing as the job does (p50 / p95).
 * It measures and prints; it is not a test.
 */
import { chownSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { createMailboxRepo } from '../server/modules/email-agents/mailbox-repo';
import { createAccountRepo } from '../server/modules/email-agents/repo';
import { createEmailAgentService } from '../server/modules/email-agents/service';
import { createMailboxSync } from '../server/modules/email-agents/sync';
import { createIntegrationHosts } from '../server/services/fetch/integration-hosts';
import { createSearchIndex } from '../server/services/search';
import { createSecretBox, secretsKey } from '../server/services/security/secret-box';
import { sendAs } from '../server/test-support/email';
import { startMailServers, type MailServers } from '../server/test-support/mail-servers';
import { addDocument } from '../server/test-support/test-documents';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 20);
const ADMIN = { email: 'bench@atrium.local', password: 'Bench-Pass-123' };
const API_KEY = 'bench-api-key-123';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];

function message(i: number): string {
  const body = Array.from(
    { length: 6 },
    (_, k) => `Line ${k + 1} of order ${i}: please confirm the delivery window and the invoice.`,
  ).join('\r\n');
  return [
    `From: Customer ${i % 97} <customer${i % 97}@example.test>`,
    'To: shop@example.test',
    `Subject: Order ${i}`,
    `Date: ${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString()}`,
    `Message-ID: <order-${i}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
}

/** Writes messages into the user's Maildir as an MDA does (tmp/, then new/). */
function deliver(servers: MailServers, address: string, from: number, count: number) {
  const box = servers.maildirOf(address);
  const owner = statSync(join(box, '..', '..'));
  for (const sub of ['', 'tmp', 'new', 'cur']) {
    mkdirSync(join(box, sub), { recursive: true });
    chownSync(join(box, sub), owner.uid, owner.gid);
  }
  chownSync(join(box, '..'), owner.uid, owner.gid);
  for (let i = from; i < from + count; i += 1) {
    const file = join(box, 'new', `${Date.now()}.B${i}.bench`);
    writeFileSync(file, message(i));
    chownSync(file, owner.uid, owner.gid);
  }
}

async function main() {
  const servers = await startMailServers();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-email-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    API_KEY,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    EMAIL_SYNC_SECONDS: '0',
    // The mail servers listen on loopback, which integrations reach only when allowed.
    INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
    INGEST_CONCURRENCY: '0',
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-spa'),
  });
  const database = createDatabase(config);
  await migrateToLatest(database);
  await seed(database, config);
  const app = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
  await app.ready();
  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: object) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-api-key': API_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: body } : {}),
    });
    return res.json() as Record<string, unknown> & { items?: unknown[] };
  };
  try {
    const token = (await call('POST', '/users/login', undefined, ADMIN)).access_token as string;
    const connection = (address: string, password: string) => ({
      email: address,
      title: 'Bench desk',
      department_id: 1,
      imap_host: servers.host,
      imap_port: servers.imapPort,
      imap_tls: 'none',
      smtp_host: servers.host,
      smtp_port: servers.smtpPort,
      smtp_tls: 'none',
      username: address,
      password,
    });

    // ---------------------------------------------------------------- 1. first sync
    const shop = { address: 'shop@example.test', password: 'bench-shop-secret' };
    servers.addUser(shop.address, shop.password);
    const created = await call(
      'POST',
      '/email-agent',
      token,
      connection(shop.address, shop.password),
    );
    const started = performance.now();
    deliver(servers, shop.address, 1, MESSAGES);
    console.log(
      `inbox filled: ${MESSAGES} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const { db } = database;
    const accountRepo = createAccountRepo(db);
    const accounts = createEmailAgentService({
      db,
      repo: accountRepo,
      box: createSecretBox(secretsKey(config)),
      hosts: createIntegrationHosts(config.integrationHostsAllow),
    });
    const sync = createMailboxSync({
      accounts: accountRepo,
      repo: createMailboxRepo(db),
      connectionOf: accounts.connectionOf,
      log: { warn: console.warn, error: console.error },
    });
    const account = await accountRepo.find({ id: created.id as number });
    if (!account) throw new Error('account not created');

    const measure = async (label: string) => {
      global.gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const t0 = performance.now();
      const result = await sync.syncAccount(account);
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      console.log(
        `${label}: ${result.stored} stored in ${seconds.toFixed(2)} s` +
          (result.stored ? ` (${Math.round(result.stored / seconds)} messages/s)` : '') +
          `, RSS growth ${mb(peak - base)} (peak ${mb(peak)})`,
      );
      return { rate: result.stored / seconds, seconds, growth: (peak - base) / 1024 / 1024 };
    };
    const first = await measure('1. first sync');
    const unchanged = await measure('2. incremental sync, nothing new');
    deliver(servers, shop.address, MESSAGES + 1, 100);
    const fresh = await measure('2. incremental sync, 100 new');
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `targets (${MESSAGES} messages): first sync >= 200 messages/s: ${verdict(first.rate >= 200)}; ` +
        `incremental sync of the unchanged mailbox < 2 s: ${verdict(unchanged.seconds < 2)}; ` +
        `RSS growth < 150 MB in every sync: ${verdict(Math.max(first.growth, unchanged.growth, fresh.growth) < 150)}`,
    );

    // ------------------------------------------------------- 3. arrival to draft
    await addDocument(database, createSearchIndex(database), {
      departmentId: 1,
      name: 'delivery-policy.pdf',
      sections: [
        { text: 'Deliveries leave the warehouse every weekday; the delivery window is 8 to 12.' },
        { text: 'Invoices are sent by e-mail on the day of delivery and are due in 30 days.' },
      ],
    });
    const desk = { address: 'desk@example.test', password: 'bench-desk-secret' };
    const customer = { address: 'buyer@example.test', password: 'bench-buyer-secret' };
    servers.addUser(desk.address, desk.password);
    servers.addUser(customer.address, customer.password);
    const deskAccount = await call('POST', '/email-agent', token, {
      ...connection(desk.address, desk.password),
      knowledge_departments: [1],
    });
    const delays: number[] = [];
    let cited = 0;
    for (let i = 0; i < DRAFTS; i += 1) {
      const t0 = performance.now();
      await sendAs(servers, customer, {
        to: desk.address,
        subject: `Delivery question ${i}`,
        text: 'What is the delivery window for my order?',
      });
      await call('POST', `/email-agent/${deskAccount.id as number}/sync`, token);
      delays.push(performance.now() - t0);
      const drafts = await call(
        'GET',
        `/email-agent/${deskAccount.id as number}/drafts?size=1`,
        token,
      );
      const latest = drafts.items?.[0] as { references: unknown[] } | undefined;
      if (latest?.references.length) cited += 1;
    }
    console.log(
      `3. arrival to draft (${DRAFTS} messages, sync as the job runs it): p50 ${pct(delays, 50).toFixed(0)} ms, ` +
        `p95 ${pct(delays, 95).toFixed(0)} ms; ${cited}/${DRAFTS} drafts cite the policy`,
    );
  } finally {
    await app.close();
    await database.close();
    await servers.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
