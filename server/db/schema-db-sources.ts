import type { Generated, Selectable } from 'kysely';

/** Database sources (0020-db-sources), part of `DB` in schema.ts. */
export interface DbSourceTables {
  db_sources: DbSourcesTable;
}

export interface DbSourcesTable {
  id: Generated<number>;
  name: string;
  /** contract/db-sources DB_SOURCE_TYPES. */
  db_type: string;
  host: string;
  port: number | null;
  /** The database's name; for sqlite, the file's absolute path. */
  database_name: string;
  username: string;
  /** Sealed with the secret box; '' when none. */
  password_enc: string;
  department_id: number;
  /** 1 active, 0 inactive. */
  is_active: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}
export type DbSourceRow = Selectable<DbSourcesTable>;
