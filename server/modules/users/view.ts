/** How users leave the server: the ManagedUser answer, history snapshots and entries. */
import type { ManagedUser, UserHistoryEntry, UserSnapshot } from '../../../contract/identity';
import { userSnapshotSchema } from '../../../contract/identity';
import type { UserRow } from '../../db/schema';
import { actorRef, type ActorNames } from '../identity/actor-names';
import { displayName } from '../identity/actor-scope';
import { changedBy, parseIdList, parseSnapshot } from '../identity/history';
import type { ListedUserRow, UserAssignmentRow, UserHistoryRow } from './repo';
import type { HeldAssignment, TargetUser } from './rules';

export function heldAssignments(rows: readonly UserAssignmentRow[]): HeldAssignment[] {
  return rows.map((r) => ({
    department_id: r.department_id,
    department_name: r.department_name,
    role_id: r.role_id,
    role_name: r.role_name,
    permission_set: parseIdList(r.permission_set),
  }));
}

export function targetOf(row: UserRow, assignments: HeldAssignment[]): TargetUser {
  return {
    id: row.id,
    name: displayName(row),
    is_defaultadmin: Boolean(row.is_defaultadmin),
    status: row.status,
    assignments,
  };
}

const byDepartmentThenRole = (
  a: { department_id: number; role_id: number },
  b: { department_id: number; role_id: number },
) => a.department_id - b.department_id || a.role_id - b.role_id;

/** Snapshots list assignments in a fixed order, so equal versions compare equal. */
export function snapshotOf(row: UserRow, assignments: readonly HeldAssignment[]): UserSnapshot {
  return {
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    is_defaultadmin: Boolean(row.is_defaultadmin),
    assignments: assignments
      .map((a) => ({
        department_id: a.department_id,
        department_name: a.department_name,
        role_id: a.role_id,
        role_name: a.role_name,
      }))
      .sort(byDepartmentThenRole),
  };
}

export function toManagedUser(
  row: ListedUserRow,
  assignments: readonly HeldAssignment[],
  names: ActorNames,
): ManagedUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    is_verified: Boolean(row.is_verified),
    is_defaultadmin: Boolean(row.is_defaultadmin),
    assignments: assignments.map((a) => ({
      department_id: a.department_id,
      department_name: a.department_name,
      role_id: a.role_id,
      role_name: a.role_name,
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: actorRef(names, row.created_by),
    updated_by: actorRef(names, row.updated_by),
  };
}

export function toUserHistoryEntry(row: UserHistoryRow): UserHistoryEntry {
  return {
    id: row.id,
    user_id: row.user_id,
    action: row.action,
    changed_by: changedBy(row),
    changed_at: row.changed_at,
    restored_from: row.restored_from,
    changes: {
      old: parseSnapshot(userSnapshotSchema, row.old_values),
      new: parseSnapshot(userSnapshotSchema, row.new_values),
    },
  };
}
