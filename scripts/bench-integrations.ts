/**
 * `npm run bench:integrations`: the three integrations' figures, each part a script
 * of its own that can also run alone.
 *
 *   1. bench-integrations-db.ts: a database source's grouped aggregate over 1M rows, p95 through
 *      the source path against the driver directly, on MariaDB and PostgreSQL (target: within 20 %);
 *   2. bench-integrations-keys.ts: an API key's authentication against a session token, on
 *      SQLite and PostgreSQL (target: the key costs no more);
 *   3. bench-integrations-webhooks.ts: how long the helpdesk outbox takes to drain 10,000 tickets,
 *      on SQLite and PostgreSQL.
 *
 * PostgreSQL: the cluster of TEST_DATABASE_URL, or else a throw-away one (as `npm test` starts);
 * each part gets a database of its own there, dropped afterwards. MariaDB is started by part 1.
 * Missing Debian packages are installed first when allowed (scripts/test-env.mjs).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureSystemPackages, startThrowawayPostgres } from './test-env.mjs';

function part(script: string, env: Record<string, string | undefined>, args: string[] = []) {
  console.log(`\n▶ ${script} ${args.join(' ')}`);
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const r = spawnSync('npx', ['tsx', `scripts/${script}`, ...args], {
    stdio: 'inherit',
    env: merged,
  });
  if (r.status !== 0) throw new Error(`${script} failed (exit ${r.status})`);
}

async function main() {
  ensureSystemPackages();
  let cluster = process.env.TEST_DATABASE_URL;
  let stop: (() => void) | undefined;
  if (!cluster) {
    const pgServer = await startThrowawayPostgres();
    cluster = pgServer.url;
    stop = pgServer.stop;
  }
  const admin = new pg.Client({ connectionString: cluster });
  await admin.connect();
  const made: string[] = [];
  const database = async () => {
    const name = `bench_integrations_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    made.push(name);
    const url = new URL(cluster);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    part('bench-integrations-db.ts', { TEST_DATABASE_URL: cluster });
    part('bench-integrations-keys.ts', { DATABASE_URL: undefined });
    part('bench-integrations-keys.ts', { DATABASE_URL: await database() });
    part('bench-integrations-webhooks.ts', { DATABASE_URL: await database() });
  } finally {
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    stop?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
