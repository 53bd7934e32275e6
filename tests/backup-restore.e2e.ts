/**
 * `npm run backup` while the server works, then `npm run restore` into a fresh installation:
 * the restored server holds exactly the snapshot's moment. Accounts are created one after
 * another during the backup, so the restored ones must be an unbroken run from the first: a
 * later account without an earlier one would be a snapshot of no single moment. Stored files
 * come back byte for byte, and a sign-in made before the backup still works. On SQLite with
 * files in the data directory, and on PostgreSQL with files in an S3-compatible bucket (s3rver on
 * loopback) when TEST_DATABASE_URL names a server (as `npm test` always does).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../server/test-support/fixtures/pdf-writer';
import { apiLogin, createVerifiedTrialUser } from './support/accounts';
import { freshPostgresDatabase } from '../server/test-support/fresh-postgres';
import { startS3Server } from '../server/test-support/s3-server';
import { api, startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

/** Runs `npm run backup|restore` as an operator would, in the server's environment. */
function ops(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/ops.mjs', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`ops ${args[0]} (${code}): ${output}`)),
    );
  });
}

const account = (i: number) => ({
  username: `keeper${i}`,
  email: `keeper${i}@e2e.test`,
  password: 'Keeper-Pass-42',
});

async function emailsOf(server: RunningServer, token: string): Promise<string[]> {
  const res = await api(server, 'GET', '/users?page=1&size=500', { token });
  expect(res.status).toBe(200);
  return (res.body as { items: { email: string }[] }).items.map((u) => u.email);
}

async function download(server: RunningServer, token: string, id: number) {
  const res = await fetch(`${server.url}/api/upload/documents/${id}/download`, {
    headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${token}` },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const manual = (name: string) => ({
  name,
  type: 'application/pdf',
  bytes: buildPdf([{ lines: [name, 'The harbour office opens at 07:15 on weekdays.'] }]),
});

/** Fresh PostgreSQL databases on the test server, dropped at the end. */
function postgresDatabases() {
  const made: { drop: () => Promise<void> }[] = [];
  return {
    async create(): Promise<string> {
      const database = await freshPostgresDatabase(
        process.env.TEST_DATABASE_URL as string,
        'backup',
      );
      made.push(database);
      return database.url;
    },
    async dropAll() {
      for (const database of made) await database.drop();
    },
  };
}

const dialects: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];
if (dialects.length === 1)
  console.warn('backup-restore: TEST_DATABASE_URL is unset, so only SQLite is checked');

describe.each(dialects)('backup and restore (%s)', (dialect) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('when a backup is taken while accounts and files are being added, then the restored installation holds exactly that moment', async () => {
    const databases = dialect === 'postgres' ? postgresDatabases() : undefined;
    if (databases) cleanup.push(() => databases.dropAll());
    const s3 = databases ? await startS3Server() : undefined;
    if (s3) cleanup.push(() => s3.stop());
    const sourceEnv: Record<string, string> = databases
      ? { DATABASE_URL: await databases.create(), ...s3?.env('source') }
      : {};
    const source = await startServer(sourceEnv);
    cleanup.push(() => source.stop());
    const env = {
      ...sourceEnv,
      DATA_DIR: source.dataDir,
      DATABASE_URL: sourceEnv.DATABASE_URL ?? '',
    };

    const token = await apiLogin(source, source.admin.email, source.admin.password);
    const before = await uploadReady(source, token, manual('before-backup.pdf'));
    const kept = await download(source, token, before);
    expect(kept.status).toBe(200);
    await createVerifiedTrialUser(source, account(0));

    // Accounts keep being added, one after another, while the backup runs.
    const snapshotDir = join(mkdtempSync(join(tmpdir(), 'atrium-snapshot-')), 'snap');
    cleanup.push(() => rmSync(join(snapshotDir, '..'), { recursive: true, force: true }));
    let backupDone = false;
    let next = 1;
    const writer = (async () => {
      while (!backupDone) await createVerifiedTrialUser(source, account(next++));
    })();
    const printed = await ops(['backup', '--out', snapshotDir], env).finally(
      () => (backupDone = true),
    );
    await writer;
    expect(printed).toMatch(/Snapshot written to .*1 stored file\(s\)/);
    const during = next;

    // After the backup: one more account and one more file, which the snapshot must not hold.
    await createVerifiedTrialUser(source, account(next++));
    await uploadReady(source, token, manual('after-backup.pdf'));

    const restoredData = mkdtempSync(join(tmpdir(), 'atrium-restored-'));
    cleanup.push(() => rmSync(restoredData, { recursive: true, force: true }));
    const restoredEnv = {
      ...s3?.env('restored'),
      DATA_DIR: restoredData,
      DATABASE_URL: databases ? await databases.create() : '',
    };
    await ops(['restore', snapshotDir], restoredEnv);
    // A second restore over it is refused and changes nothing.
    await expect(ops(['restore', snapshotDir], restoredEnv)).rejects.toThrow(
      /restore needs (a fresh data directory|an empty database)/,
    );
    const restored = await startServer(restoredEnv);
    cleanup.push(() => restored.stop());

    // The administrator's token from before the backup is still a session there.
    const emails = await emailsOf(restored, token);
    const keepers = emails
      .filter((e) => e.startsWith('keeper'))
      .map((e) => Number(/keeper(\d+)@/.exec(e)?.[1]))
      .sort((a, b) => a - b);
    expect(keepers[0]).toBe(0);
    expect(keepers).toEqual(keepers.map((_, i) => i));
    expect(keepers.length).toBeLessThanOrEqual(during);
    expect(keepers).not.toContain(during);

    const docs = await api(restored, 'GET', '/upload/uploaded/documents?page=1&size=100', {
      token,
    });
    const names = (docs.body as { items: { name: string }[] }).items.map((d) => d.name);
    expect(names).toEqual(['before-backup.pdf']);
    const again = await download(restored, token, before);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(kept.bytes)).toBe(true);
    if (s3) expect(await s3.keys('restored')).toHaveLength(1);
  });
});
