/** How stored roles and their history rows read in answers. */
import type { Kysely } from 'kysely';
import type { Role, RoleHistoryEntry, RoleSnapshot } from '../../../contract/identity';
import { roleSnapshotSchema } from '../../../contract/identity';
import type { DB } from '../../db/schema';
import { actorNames, actorRef } from '../identity/actor-names';
import { changedBy, parseIdList, parseSnapshot } from '../identity/history';
import type { RoleHistoryRow, RoleRow } from './repo';

export function snapshotOfRole(row: RoleRow): RoleSnapshot {
  return {
    name: row.name,
    description: row.description,
    department_id: row.department_id,
    permission_set: parseIdList(row.permission_set),
  };
}

export function toHistoryEntry(row: RoleHistoryRow): RoleHistoryEntry {
  const before = parseSnapshot(roleSnapshotSchema, row.old_values);
  const after = parseSnapshot(roleSnapshotSchema, row.new_values);
  return {
    id: row.id,
    role_id: row.role_id,
    action: row.action,
    changed_by: changedBy(row),
    changed_at: row.changed_at,
    restored_from: row.restored_from,
    changes: {
      old_permission_set: before?.permission_set ?? null,
      permission_set: after?.permission_set ?? null,
      old: before,
      new: after,
    },
  };
}

export const sameSnapshot = (a: RoleSnapshot, b: RoleSnapshot) =>
  JSON.stringify(a) === JSON.stringify(b);

export async function toRoles(db: Kysely<DB>, rows: RoleRow[]): Promise<Role[]> {
  const names = await actorNames(
    db,
    rows.flatMap((r) => [r.created_by, r.updated_by]),
  );
  return rows.map((row) => ({
    id: row.id,
    role_id: row.id,
    name: row.name,
    description: row.description,
    department_id: row.department_id,
    department_name: row.department_name,
    permission_set: parseIdList(row.permission_set),
    user_count: Number(row.user_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: actorRef(names, row.created_by),
    updated_by: actorRef(names, row.updated_by),
  }));
}
