import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database';
import { retryWhileBusy } from './sqlite-busy-retry';

describe('SQLite writes from two server processes', () => {
  const open: Database[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of open.splice(0)) await d.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function twoConnections() {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-busy-'));
    dirs.push(dataDir);
    const one = createDatabase({ dataDir, databaseUrl: undefined });
    const two = createDatabase({ dataDir, databaseUrl: undefined });
    open.push(one, two);
    return { one, two };
  }

  it('when another connection holds the write lock, then a write waits for it without blocking the event loop, and lands after it', async () => {
    const { one, two } = twoConnections();
    await sql`create table notes (text varchar(20))`.execute(one.db);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    let landed = false;
    let waiting: Promise<unknown> = Promise.resolve();
    try {
      await one.db.transaction().execute(async (trx) => {
        await sql`insert into notes values ('first')`.execute(trx);
        waiting = sql`insert into notes values ('second')`
          .execute(two.db)
          .then(() => (landed = true));
        // The lock is held 150 ms; SQLite's own busy wait would have frozen this process.
        await new Promise((r) => setTimeout(r, 150));
        expect(ticks).toBeGreaterThan(5);
        expect(landed).toBe(false);
      });
      await waiting;
    } finally {
      clearInterval(ticker);
    }
    const { rows } = await sql<{ text: string }>`select text from notes order by rowid`.execute(
      one.db,
    );
    expect(rows.map((r) => r.text)).toEqual(['first', 'second']);
  });

  it('when the database stays busy past the limit, then the SQLITE_BUSY error is raised', async () => {
    let calls = 0;
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    await expect(
      retryWhileBusy(async () => {
        calls += 1;
        throw busy;
      }, 50),
    ).rejects.toBe(busy);
    expect(calls).toBeGreaterThan(1);
  });

  it('when a statement fails for another reason, then it is not run again', async () => {
    let calls = 0;
    await expect(
      retryWhileBusy(async () => {
        calls += 1;
        throw Object.assign(new Error('no such table'), { code: 'SQLITE_ERROR' });
      }),
    ).rejects.toThrow('no such table');
    expect(calls).toBe(1);
  });
});
