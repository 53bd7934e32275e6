/**
 * SQL of change history, one module for users and roles: both tables hold the same columns
 * (db/schema.ts HistoryColumns) beside the id of their record.
 */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;
type HistoryTable = 'user_history' | 'role_history';
type RecordKey<T extends HistoryTable> = T extends 'user_history' ? 'user_id' : 'role_id';

export function createHistoryRepo<T extends HistoryTable>(
  db: Kysely<DB>,
  table: T,
  key: RecordKey<T>,
) {
  type Row = Selectable<DB[T]>;
  // Kysely types a table named at run time as the union of both; the statements are the same
  // for either, so they are written once against one of them and their rows typed as T's.
  const t = table as 'user_history';
  const k = key as 'user_id';
  return {
    async insertHistory(ex: Executor, entry: Insertable<DB[T]>): Promise<number> {
      const row = await ex
        .insertInto(t)
        .values(entry as Insertable<DB['user_history']>)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async history(recordId: number, limit: { size: number; offset: number }) {
      const { total } = await db
        .selectFrom(t)
        .where(k, '=', recordId)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      const entries = await db
        .selectFrom(t)
        .selectAll()
        .where(k, '=', recordId)
        .orderBy('id', 'desc')
        .limit(limit.size)
        .offset(limit.offset)
        .execute();
      return { total: Number(total), entries: entries as Row[] };
    },

    historyEntry: (ex: Executor, recordId: number, entryId: number) =>
      ex
        .selectFrom(t)
        .selectAll()
        .where(k, '=', recordId)
        .where('id', '=', entryId)
        .executeTakeFirst() as Promise<Row | undefined>,

    latestHistory: (ex: Executor, recordId: number) =>
      ex
        .selectFrom(t)
        .selectAll()
        .where(k, '=', recordId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst() as Promise<Row | undefined>,
  };
}
