/**
 * Helpdesk webhook delivery: how long the outbox takes to drain 10,000 queued
 * tickets to a helpdesk receiving on loopback (a real HTTP server answering 200), signed with
 * HMAC-SHA256 as in production. Runs on SQLite in a temporary DATA_DIR, and on PostgreSQL too
 * when DATABASE_URL is a postgres:// URL (in a schema of its own, dropped afterwards).
 *
 *   npx tsx scripts/bench-integrations-webhooks.ts [tickets]
 *
 * Cases: one worker claiming 50 rows at a time (the default), one claiming 200, and two
 * workers side by side (as two server processes would), each 50.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { createDatabase, nowIso, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { createHelpdeskRepo } from '../server/modules/helpdesk/repo';
import { createHelpdeskService } from '../server/modules/helpdesk/service';
import { newOutboxRow } from '../server/modules/helpdesk/tickets';
import { createWebhookDelivery } from '../server/modules/helpdesk/webhook-delivery';
import { createSecretBox, secretsKey } from '../server/services/security/secret-box';
import { startWebhookReceiver } from '../server/test-support/webhook-receiver';

const TICKETS = Number(process.argv[2] ?? 10_000);
const quiet = { warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };

async function queue(database: Database, helpdeskId: number, count: number, tag: string) {
  const { db } = database;
  const now = nowIso();
  for (let start = 0; start < count; start += 500) {
    const n = Math.min(500, count - start);
    await db.transaction().execute(async (trx) => {
      const tickets = await trx
        .insertInto('helpdesk_tickets')
        .values(
          Array.from({ length: n }, (_, i) => ({
            conversation_id: `${tag}-${start + i}`,
            channel: 'console' as const,
            reason: 'asked_for_person' as const,
            helpdesk_id: helpdeskId,
            user_id: null,
            turn_id: null,
            created_at: now,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('helpdesk_outbox')
        .values(
          tickets.map(({ id }) =>
            newOutboxRow(
              id,
              helpdeskId,
              JSON.stringify({
                event: 'ticket.created',
                ticket: { id, conversation_id: `${tag}-${id}`, reason: 'asked_for_person' },
                conversation: [{ question: 'Can I talk to a person?', answer: 'One moment.' }],
              }),
              now,
            ),
          ),
        )
        .execute();
    });
  }
}

async function run(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-webhooks-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    API_KEY: 'bench-key',
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_PASSWORD: 'Bench-Admin-Pass-123',
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-spa'),
  });
  const database = createDatabase(config);
  const receiver = await startWebhookReceiver(0);
  try {
    await migrateToLatest(database);
    await seed(database, config);
    const service = createHelpdeskService(
      database.db,
      createHelpdeskRepo(database.db),
      createSecretBox(secretsKey(config)),
    );
    const admin = await database.db
      .selectFrom('users')
      .select('id')
      .where('is_defaultadmin', '=', 1)
      .executeTakeFirstOrThrow();
    const helpdesk = await service.create(
      {
        id: admin.id,
        name: 'Bench',
        isAdmin: true,
        subject: { is_defaultadmin: true, permissions: [] },
      },
      {
        name: 'Bench desk',
        site_url: receiver.url,
        callback_path: '/auth/callback',
        webhook_path: '/webhooks/atrium',
        status: true,
        departments: [1],
      },
    );
    const cases = [
      { name: '1 worker, 50 per claim', workers: 1, batchSize: 50 },
      { name: '1 worker, 200 per claim', workers: 1, batchSize: 200 },
      { name: '2 workers, 50 per claim', workers: 2, batchSize: 50 },
    ];
    console.log(`\n${label}: ${TICKETS} queued tickets to ${receiver.url}`);
    for (const [i, c] of cases.entries()) {
      await queue(database, helpdesk.id, TICKETS, `case${i}`);
      const before = receiver.accepted();
      const workers = Array.from({ length: c.workers }, () =>
        createWebhookDelivery({
          database,
          secretOf: service.secretOf,
          retryBaseMs: 1000,
          allow: ['127.0.0.1'],
          log: quiet,
          batchSize: c.batchSize,
        }),
      );
      const started = performance.now();
      await Promise.all(workers.map((w) => w.drainDue()));
      const ms = performance.now() - started;
      const pending = await workers[0].pending();
      const delivered = receiver.accepted() - before;
      console.log(
        `  ${c.name.padEnd(26)} ${(ms / 1000).toFixed(2).padStart(6)} s  ` +
          `${Math.round((delivered / ms) * 1000)
            .toString()
            .padStart(5)} tickets/s  delivered ${delivered}, left ${pending}`,
      );
    }
  } finally {
    await receiver.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await run('SQLite', undefined);
  const base = process.env.DATABASE_URL;
  if (base?.startsWith('postgres')) {
    const schema = `bench_webhooks_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`create schema ${schema}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    try {
      await run('PostgreSQL', url.toString());
    } finally {
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    }
  } else console.log('\n(PostgreSQL: set DATABASE_URL=postgres://… to measure it too)');
}

void main();
