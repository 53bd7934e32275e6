import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeApi, TEST_ADMIN } from '../test-support/test-app';
import {
  analyzeTables,
  contains,
  dialectOf,
  epochMillis,
  lockingRows,
  lockingTable,
  lockRows,
  longTextKey,
  skippingLocked,
  sqliteIndexHint,
  withWorkMemory,
} from './dialect';
import { searchesByTrigrams, usersMatching } from './user-search';

describeApi('dialect-specific SQL', { admin: false }, (t, dialect) => {
  it('when a connection or a transaction is asked its dialect, then it names the database', async () => {
    const { db } = t.database;
    expect(dialectOf(db)).toBe(dialect);
    expect(await db.transaction().execute(async (trx) => dialectOf(trx))).toBe(dialect);
  });

  it('when text holds a needle, then contains finds it, case as given', async () => {
    const { db } = t.database;
    const found = async (text: string, needle: string) =>
      (
        await sql<{
          n: number;
        }>`select case when ${contains(dialect, sql`${text}`, needle)} then 1 else 0 end as n`.execute(
          db,
        )
      ).rows.map((r) => Number(r.n))[0];
    expect(await found('the blue pump', 'blue')).toBe(1);
    expect(await found('the blue pump', 'Blue')).toBe(0);
    expect(await found('the blue pump', 'green')).toBe(0);
  });

  it('when an ISO instant is read as epoch milliseconds, then it equals JavaScript’s', async () => {
    const iso = '2025-03-04T05:06:07.890Z';
    const { rows } = await sql<{
      ms: unknown;
    }>`select ${epochMillis(dialect, sql`${iso}`)} as ms`.execute(t.database.db);
    expect(Number(rows[0]?.ms)).toBe(Date.parse(iso));
  });

  it('when a row of long texts is written twice under a key of them, then the second adds to the first', async () => {
    const { db } = t.database;
    await sql`create table if not exists dialect_texts (a text not null, b text not null,
      n integer not null)`.execute(db);
    await sql`create unique index if not exists dialect_texts_key on dialect_texts
      (${longTextKey(dialect, ['a', 'b'])})`.execute(db);
    const long = 'x'.repeat(10_000);
    for (let i = 0; i < 2; i++)
      await sql`insert into dialect_texts (a, b, n) values (${long}, ${'b'}, 1)
        on conflict (${longTextKey(dialect, ['a', 'b'])})
        do update set n = dialect_texts.n + excluded.n`.execute(db);
    const { rows } = await sql<{ n: unknown }>`select n from dialect_texts`.execute(db);
    expect(rows.map((r) => Number(r.n))).toEqual([2]);
  });

  it('when rows are locked, claimed, hinted or analysed, then each dialect runs the statements', async () => {
    const database = t.database;
    const { db } = database;
    const ids = await db.transaction().execute(async (trx) => {
      await lockingTable(trx, 'departments', 'share');
      await lockRows(dialect, trx.selectFrom('departments').select('id').where('id', '=', 1));
      const locked = await lockingRows(
        dialect,
        trx.selectFrom('departments').select('id').where('id', '=', 1),
      ).execute();
      const { rows } = await sql<{ id: number }>`select id from departments
        where id in (select id from departments order by id limit 1 ${skippingLocked(dialect)})`.execute(
        trx,
      );
      return [...locked, ...rows].map((r) => Number(r.id));
    });
    expect(ids).toEqual([1, 1]);
    const { rows } = await sql<{ id: number }>`select d.id from departments as d
      ${sqliteIndexHint(dialect, null)} where d.id = 1`.execute(db);
    expect(rows.map((r) => Number(r.id))).toEqual([1]);
    await analyzeTables(database, ['departments', 'roles']);
    expect(await withWorkMemory(database, 64, async (q) => dialectOf(q))).toBe(dialect);
  });

  it('when users are searched by part of their text, then the index of each dialect finds them', async () => {
    const { db } = t.database;
    const like = `%${TEST_ADMIN.email.slice(1, 6).toLowerCase()}%`;
    const found = await db
      .selectFrom('users as u')
      .select('u.email')
      .where(usersMatching(dialect, like))
      .execute();
    expect(found.map((u) => u.email)).toContain(TEST_ADMIN.email.toLowerCase());
    expect(searchesByTrigrams(dialect, 'adm')).toBe(dialect === 'postgres');
    expect(searchesByTrigrams(dialect, 'ad')).toBe(false);
  });
});
