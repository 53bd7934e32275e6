import type { ColumnType, Generated, Selectable } from 'kysely';

/** API keys for other systems (0021-api-keys, 0031-api-key-revoker), part of `DB` in schema.ts. */
export interface ApiKeyTables {
  api_keys: ApiKeysTable;
  api_key_departments: ApiKeyDepartmentsTable;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** The public middle of `atr_<lookup>_<secret>`. */
  lookup: string;
  /** SHA-256 of the secret, hex. */
  secret_hash: string;
  /** JSON text: number[] of catalogue ids. */
  permission_set: string;
  expires_at: string;
  last_used_at: string | null;
  /** A bigint, which PostgreSQL returns as a string. */
  request_count: ColumnType<number | string, number | undefined, number>;
  revoked_at: string | null;
  revoked_by: number | null;
  /** The revoker's name when they revoked it (0031), kept after they are deleted. */
  revoked_by_name: string | null;
  created_by: number;
  created_at: string;
}

export interface ApiKeyDepartmentsTable {
  api_key_id: number;
  department_id: number;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
