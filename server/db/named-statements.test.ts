import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../test-support/fresh-postgres';
import { createDatabase, type Database } from './database';

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('named statements on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;

  beforeAll(async () => {
    fresh = await freshPostgresDatabase(base as string, 'named');
    database = createDatabase({ databaseUrl: fresh.url, dataDir: '' });
    await sql`create table things (id integer primary key, label text)`.execute(database.db);
    await sql`insert into things values (1, 'one'), (2, 'two')`.execute(database.db);
  });

  afterAll(async () => {
    await database.close();
    await fresh.drop();
  });

  /** The statements the connection of `trx` holds prepared. */
  const preparedOn = async (trx: Database['db']) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx))
      .rows;

  it('when a statement with values runs again on a connection, then that connection holds it prepared, and it answers with the new values', async () => {
    await database.db.transaction().execute(async (trx) => {
      const read = (id: number) =>
        trx
          .selectFrom('things' as never)
          .selectAll()
          .where('id' as never, '=', id as never);
      expect(await read(1).execute()).toEqual([{ id: 1, label: 'one' }]);
      expect(await preparedOn(trx)).toEqual([]);
      expect(await read(2).execute()).toEqual([{ id: 2, label: 'two' }]);
      expect(await read(1).execute()).toEqual([{ id: 1, label: 'one' }]);
      const held = await preparedOn(trx);
      expect(held).toHaveLength(1);
      expect(held[0].statement).toContain('from "things"');
    });
  });

  it('when another process adds a column under a prepared select *, then the next read answers with the new column', async () => {
    const read = () =>
      database.db
        .selectFrom('things' as never)
        .selectAll()
        .where('id' as never, '=', 1 as never);
    // Every connection of the pool prepares it (each read may take another one).
    for (let i = 0; i < 12; i += 1) await read().execute();
    const other = new pg.Client({ connectionString: fresh.url });
    await other.connect();
    try {
      await other.query(`alter table things add column note text default 'n'`);
    } finally {
      await other.end();
    }
    for (let i = 0; i < 12; i += 1)
      expect(await read().execute()).toEqual([{ id: 1, label: 'one', note: 'n' }]);
  });
});
