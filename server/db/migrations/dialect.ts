/** The only dialect-specific bits of the migrations: how an auto-generated id is declared. */
import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../database';

export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
