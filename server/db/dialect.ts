/**
 * The pieces of SQL that differ between SQLite and PostgreSQL, for the repositories: each helper
 * takes the dialect and answers the piece, so no query outside server/db branches on it.
 * (Migrations keep theirs in migrations/dialect.ts; department scope in scope.ts.)
 */
import { type Kysely, PostgresAdapter, type RawBuilder, sql, type SqlBool } from 'kysely';
import type { Database, DialectName } from './database';

/** The dialect of a connection or transaction, for code handed one without its Database. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only the adapter is read
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * One of two implementations by dialect, for a service that keeps one per database (the search
 * index): the choice is made here, so no code outside server/db compares dialects itself.
 */
export function perDialect<T>(dialect: DialectName, choices: { sqlite: T; postgres: T }): T {
  return choices[dialect];
}

/**
 * The query locking the rows it selects until the transaction ends, on PostgreSQL. SQLite has no
 * row locks (nor `for update`): its one writer at a time already makes writes take turns.
 */
export function lockingRows<Q extends { forUpdate(): Q }>(dialect: DialectName, query: Q): Q {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/** Locks the rows `query` selects until the transaction ends, on PostgreSQL (as lockingRows). */
export async function lockRows(
  dialect: DialectName,
  query: { forUpdate(): { execute(): Promise<unknown> } },
): Promise<void> {
  if (dialect === 'postgres') await query.forUpdate().execute();
}

/**
 * Ends a subquery choosing rows to claim: on PostgreSQL they are locked, and rows another
 * process holds are passed over, so concurrent claimers each take different rows. SQLite's
 * writes already take turns.
 */
export function skippingLocked(dialect: DialectName): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`for update skip locked` : sql``;
}

/**
 * Makes the transactions that call it with the same `key` take turns from here until they end:
 * on PostgreSQL a transaction-scoped advisory lock, for writers of shared rows that could
 * otherwise lock them in different orders; SQLite's one writer at a time already does.
 */
export async function takingTurns(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: raw SQL only
  trx: Kysely<any>,
  key: number,
): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/**
 * On PostgreSQL, locks `table` in `mode` until the transaction ends; SQLite's write lock
 * already holds the whole database.
 */
export async function lockingTable(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: raw SQL only
  trx: Kysely<any>,
  table: string,
  mode: 'share' | 'share row exclusive',
): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`lock table ${sql.table(table)} in ${sql.raw(mode)} mode`.execute(trx);
}

/** Where `text` holds `needle` (case as given): the function has a different name in each. */
export function contains(
  dialect: DialectName,
  text: RawBuilder<unknown>,
  needle: string | RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`strpos(${text}, ${needle}) > 0`
    : sql<SqlBool>`instr(${text}, ${needle}) > 0`;
}

/** Updates the planner's statistics of `tables`: PostgreSQL takes them in one statement. */
export async function analyzeTables({ db, dialect }: Database, tables: readonly string[]) {
  const names = tables.map((t) => sql.table(t));
  if (dialect === 'postgres') await sql`analyze ${sql.join(names)}`.execute(db);
  else for (const table of names) await sql`analyze ${table}`.execute(db);
}

/**
 * Runs `read` with `megabytes` of PostgreSQL work memory for sorts and hashes, in a transaction
 * of its own (`set local`); SQLite has no such limit, and reads as it is.
 */
export function withWorkMemory<T>(
  { db, dialect }: Database,
  megabytes: number,
  read: (db: Database['db']) => Promise<T>,
): Promise<T> {
  if (dialect !== 'postgres') return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local work_mem = ${sql.lit(`${Math.trunc(megabytes)}MB`)}`.execute(trx);
    return read(trx);
  });
}

/**
 * Columns of long text as a unique index holds them (and an `on conflict` target names them):
 * PostgreSQL's btree entries have a size limit, so its indexes hold the texts' md5.
 */
export function longTextKey(dialect: DialectName, columns: readonly string[]): RawBuilder<unknown> {
  const refs = columns.map((c) => sql.ref(c));
  return sql.join(dialect === 'postgres' ? refs.map((r) => sql`md5(${r})`) : refs);
}

/** Epoch milliseconds of an ISO instant held as text. */
export function epochMillis(dialect: DialectName, iso: RawBuilder<unknown>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`cast(round(extract(epoch from cast(${iso} as timestamptz)) * 1000) as bigint)`
    : sql<number>`cast(round((julianday(${iso}) - 2440587.5) * 86400000.0) as integer)`;
}

/**
 * After a table name: tells SQLite's planner which index to read it by (`index`) or to read
 * it by rowid (`null`), where, without statistics, it would choose worse. PostgreSQL's planner
 * takes no such hint and chooses by its statistics.
 */
export function sqliteIndexHint(dialect: DialectName, index: string | null): RawBuilder<unknown> {
  if (dialect !== 'sqlite') return sql``;
  return index === null ? sql`not indexed` : sql`indexed by ${sql.id(index)}`;
}
