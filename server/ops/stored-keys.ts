/**
 * The stored files a database refers to: every `storage_path` column of every table, found from
 * the schema itself, so that a new table keeping files is backed up without being listed here.
 */
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

const COLUMN = 'storage_path';

/** SQLite: the tables with a `storage_path` column, and the keys they hold. */
export function sqliteStoredKeys(db: SQLite.Database): string[] {
  const tables = db
    .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
    .all() as { name: string }[];
  const keys = new Set<string>();
  for (const { name } of tables) {
    const columns = db.prepare(`select name from pragma_table_info(?)`).all(name) as {
      name: string;
    }[];
    if (!columns.some((c) => c.name === COLUMN)) continue;
    const quoted = `"${name.replaceAll('"', '""')}"`;
    for (const row of db
      .prepare(`select ${COLUMN} as key from ${quoted} where ${COLUMN} is not null`)
      .all() as { key: string }[])
      keys.add(row.key);
  }
  return [...keys].sort();
}

/** PostgreSQL: the same, read inside the caller's transaction (the exported snapshot's). */
export async function postgresStoredKeys(client: pg.ClientBase): Promise<string[]> {
  const tables = await client.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.columns
     where column_name = $1 and table_schema = current_schema()`,
    [COLUMN],
  );
  const keys = new Set<string>();
  for (const { schema, name } of tables.rows) {
    const quoted = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    const rows = await client.query<{ key: string }>(
      `select ${COLUMN} as key from ${quoted} where ${COLUMN} is not null`,
    );
    for (const row of rows.rows) keys.add(row.key);
  }
  return [...keys].sort();
}
