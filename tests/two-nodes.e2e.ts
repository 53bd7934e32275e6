/**
 * Two Atrium nodes, each on a loopback address of its own, over one PostgreSQL database and one
 * S3-compatible bucket (s3rver on loopback), as behind a load balancer; each keeps only its
 * uploads in transit on its own disk. What one node does, the other sees at once: a document
 * uploaded on A is answered from on B; a session from A works on B and ends on both when B logs
 * it out; a right given on A holds on B; a widget's daily quota and per-minute limit count both
 * nodes together. A mailbox sync killed mid-way with its node (SIGKILL) is finished by the other
 * with no message lost or doubled.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf } from '../contract/permissions';
import { mailUser } from '../server/test-support/email';
import { freshPostgresDatabase } from '../server/test-support/fresh-postgres';
import { startMailServers, type MailServers } from '../server/test-support/mail-servers';
import { startS3Server, type S3Server } from '../server/test-support/s3-server';
import { apiLogin, createUserWithRights } from './support/accounts';
import { HARBOUR_QUESTION, harbourHandbook } from './support/harbour-handbook';
import { api, startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('two nodes share a PostgreSQL database: set TEST_DATABASE_URL');

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const WIDGET_LIMIT = 8;

describe('two nodes over one database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let mail: MailServers;
  let s3: S3Server;
  let a: RunningServer;
  let b: RunningServer;
  let admin: string;

  /** What both nodes share: the database, the stored files, the secrets, the limits. */
  const shared = () => ({
    DATABASE_URL: database.url,
    ...s3.env('nodes'),
    JWT_SECRET: 'two-nodes-share-this-signing-secret-0123456789',
    SECRETS_KEY: 'two-nodes-share-this-secrets-key-0123456789',
    INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
    EMAIL_SYNC_SECONDS: '1',
    EMAIL_SYNC_LEASE_SECONDS: '3',
    WIDGET_RATE_LIMIT: String(WIDGET_LIMIT),
  });

  beforeAll(async () => {
    [database, mail, s3] = await Promise.all([
      freshPostgresDatabase(base, 'nodes'),
      startMailServers(),
      startS3Server(),
    ]);
    // One after the other: the first start migrates and seeds the database.
    a = await startServer({ ...shared(), HOST: '127.0.0.2' });
    b = await startServer({ ...shared(), HOST: '127.0.0.3' });
    admin = await apiLogin(a, a.admin.email, a.admin.password);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), mail?.stop(), s3?.stop()]);
    await database?.drop();
  });

  it('when a document is uploaded on A, then B answers from it with its reference', async () => {
    const id = await uploadReady(a, admin, {
      name: 'harbour-handbook.pdf',
      type: 'application/pdf',
      bytes: harbourHandbook,
    });
    const res = await api(b, 'POST', '/chat/stuff', {
      token: admin,
      body: { query: HARBOUR_QUESTION, department_id: 1 },
    });
    expect(res.status).toBe(200);
    const answer = res.body as { answer: string; references: { document_id: number }[] };
    expect(answer.answer).toContain('07:15');
    expect(answer.references[0].document_id).toBe(id);
    const file = await fetch(`${b.url}/api/upload/documents/${id}/download`, {
      headers: { 'x-api-key': b.apiKey, authorization: `Bearer ${admin}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(harbourHandbook)).toBe(true);
    // The file is in the bucket, not on either node's disk.
    expect(await s3.keys('nodes')).toHaveLength(1);
  });

  it('when a person signs in on A, then B knows the session, and logging out on B ends it on A', async () => {
    const who = {
      username: 'node.walker',
      email: 'node.walker@e2e.test',
      password: 'Node-Walker-42',
    };
    await createUserWithRights(a, who, { name: 'Walkers', rights: ['Query.QUERY_DOCUMENT'] });
    const token = await apiLogin(a, who.email, who.password);
    expect((await api(b, 'GET', '/users/me', { token })).status).toBe(200);
    expect((await api(b, 'POST', '/users/logout', { token })).status).toBeLessThan(300);
    expect((await api(a, 'GET', '/users/me', { token })).status).toBe(401);
    expect((await api(b, 'GET', '/users/me', { token })).status).toBe(401);
  });

  it('when a role gains a right on A, then B grants it at once', async () => {
    const who = {
      username: 'node.reader',
      email: 'node.reader@e2e.test',
      password: 'Node-Reader-42',
    };
    await createUserWithRights(a, who, { name: 'Node readers', rights: ['Query.QUERY_DOCUMENT'] });
    const token = await apiLogin(b, who.email, who.password);
    expect((await api(b, 'GET', '/users?page=1&size=10', { token })).status).toBe(403);
    const roles = await api(a, 'GET', '/roles?page=1&size=100', { token: admin });
    const role = (roles.body as { items: { id: number; name: string }[] }).items.find(
      (r) => r.name === 'Node readers',
    );
    const changed = await api(a, 'PUT', `/roles/${role?.id}`, {
      token: admin,
      body: {
        name: 'Node readers',
        department_id: 1,
        permission_set: idsOf('Query.QUERY_DOCUMENT', 'Users.LIST_VIEW'),
      },
    });
    expect(changed.status).toBe(200);
    expect((await api(b, 'GET', '/users?page=1&size=10', { token })).status).toBe(200);
  });

  it("when a widget's visitors ask on both nodes, then its daily quota and per-minute limit count them together", async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await api(a, 'POST', '/service-agent', {
        token: admin,
        body: {
          client_name: 'Node widget',
          target_areas: [1],
          allowed_hosts: ['127.0.0.9:4173'],
          ...body,
        },
      });
      expect(res.status).toBe(201);
      return (res.body as { client_id: string }).client_id;
    };
    const keyLogin = (node: RunningServer, key: string) =>
      fetch(`${node.url}/api/users/login`, {
        method: 'POST',
        headers: { 'x-api-key': node.apiKey, API_KEY: key, origin: 'http://127.0.0.9:4173' },
      });

    // Daily quota 3: two questions on A and one on B use it up; the fourth is refused on either.
    const quoted = await create({ daily_message_quota: 3 });
    const visitor = (await (await keyLogin(a, quoted)).json()) as { access_token: string };
    const ask = (node: RunningServer) =>
      api(node, 'POST', '/service-agent/me/chat', {
        token: visitor.access_token,
        body: { query: HARBOUR_QUESTION },
      });
    for (const node of [a, b, a]) expect((await ask(node)).status).toBe(200);
    for (const node of [b, a]) {
      const refused = await ask(node);
      expect(refused.status).toBe(429);
    }

    // Per minute: logins by key, alternating between the nodes, pass WIDGET_LIMIT times in all.
    const limited = await create({});
    const statuses: number[] = [];
    for (let i = 0; i < WIDGET_LIMIT + 4; i += 1)
      statuses.push((await keyLogin(i % 2 ? b : a, limited)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(WIDGET_LIMIT);
    expect(statuses.slice(WIDGET_LIMIT).every((s) => s === 429)).toBe(true);
  });

  it('when the node syncing a mailbox is killed mid-way, then the other finishes the sync with no message lost or doubled', async () => {
    const TOTAL = 1500;
    const box = mailUser(mail, 'nodes');
    const maildir = mail.maildirOf(box.address);
    // Written straight into the Maildir, owned as dovecot's own mail is.
    const owner = statSync(join(maildir, '..', '..'));
    for (const part of ['cur', 'new', 'tmp']) mkdirSync(join(maildir, part), { recursive: true });
    for (let i = 0; i < TOTAL; i += 1)
      writeFileSync(
        join(maildir, 'new', `${1_700_000_000 + i}.M${i}P1.nodes`),
        [
          `From: Harbour notices <notices@example.test>`,
          `To: ${box.address}`,
          `Subject: Notice ${i}`,
          `Message-ID: <notice-${i}@example.test>`,
          `Date: Mon, 6 Jan 2025 08:00:00 +0000`,
          // Automatic mail: stored, never drafted, so the test measures the sync alone.
          'Auto-Submitted: auto-generated',
          '',
          `Notice ${i}: the harbour office opens at 07:15.`,
          '',
        ].join('\r\n'),
      );
    execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, join(maildir, '..')]);
    const created = await api(a, 'POST', '/email-agent', {
      token: admin,
      body: {
        email: box.address,
        title: 'Notices',
        department_id: 1,
        imap_host: mail.host,
        imap_port: mail.imapPort,
        imap_tls: 'none',
        smtp_host: mail.host,
        smtp_port: mail.smtpPort,
        smtp_tls: 'none',
        username: box.address,
        password: box.password,
      },
    });
    expect(created.status).toBe(201);
    const account = (created.body as { id: number }).id;
    const stored = async () =>
      (
        await query<{ n: string; distinct_ids: string }>(
          database.url,
          `select count(*) as n, count(distinct message_id) as distinct_ids from email_messages
           where email_agent_id = $1 and folder = 'inbox'`,
          [account],
        )
      )[0];

    // The node that added it syncs at once; it dies once part of the mailbox is stored.
    let partial = 0;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      partial = Number((await stored()).n);
      if (partial > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    a.kill();
    if (partial === 0) throw new Error(`A stored nothing in 60 s:\n${a.logs()}`);
    expect(partial).toBeLessThan(TOTAL);

    await expect
      .poll(async () => Number((await stored()).n), { timeout: 90_000, interval: 500 })
      .toBe(TOTAL);
    const end = await stored();
    expect(Number(end.distinct_ids)).toBe(TOTAL);
  }, 240_000);
});
