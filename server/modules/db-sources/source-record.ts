/** A stored source as the API answers it, and the destination its password belongs to. */
import { DB_TYPE_LABELS, type DbSource, type DbSourceType } from '../../../contract/db-sources';
import type { DbSourceRecord } from './repo';

export function toDbSource(r: DbSourceRecord): DbSource {
  const type = r.db_type as DbSourceType;
  return {
    id: r.id,
    name: r.name,
    db_type: type,
    db_type_label: DB_TYPE_LABELS[type] ?? r.db_type,
    host: r.host,
    port: r.port,
    database: r.database_name,
    username: r.username,
    has_password: r.password_enc !== '',
    department_id: r.department_id,
    department_name: r.department_name,
    is_active: r.is_active === 1,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export const storedDestination = (r: DbSourceRecord) => ({
  db_type: r.db_type as DbSourceType,
  host: r.host,
  port: r.port,
  username: r.username,
  database: r.database_name,
});
