/** The user profile (SPEC §3): account fields plus one permission entry per role assignment. */
import type { UpdateMeBody } from '../../../contract/auth';
import { actionsFromPermissionSet } from '../../../contract/permissions';
import type { AccessSubject, PermissionEntry, UserProfile } from '../../../contract/profile';
import { nowIso } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/database';
import { authErrors } from '../auth/auth-errors';
import type { AuthRepo } from '../auth/repo';
import type { AssignmentRow, ProfileRepo } from './repo';

function parsePermissionSet(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

/**
 * The action table of a stored permission set, built once per distinct set: every guarded
 * request reads the caller's assignments, and few distinct sets exist. The entries are shared,
 * so nothing may change them (answers are shaped into new objects by their contract schema).
 */
const actionsBySet = new Map<string, PermissionEntry['actions']>();
export function actionsOf(permissionSet: string): PermissionEntry['actions'] {
  let actions = actionsBySet.get(permissionSet);
  if (!actions) {
    actions = actionsFromPermissionSet(parsePermissionSet(permissionSet));
    if (actionsBySet.size >= 5000) actionsBySet.clear();
    actionsBySet.set(permissionSet, actions);
  }
  return actions;
}

function toEntry(row: AssignmentRow): PermissionEntry {
  return {
    role_id: row.role_id,
    role_name: row.role_name,
    department_id: row.department_id,
    department_name: row.department_name,
    actions: actionsOf(row.permission_set),
  };
}

export function createProfileService(profiles: ProfileRepo, users: AuthRepo) {
  async function permissionsOf(userId: number): Promise<PermissionEntry[]> {
    return (await profiles.assignments(userId)).map(toEntry);
  }

  async function profileOf(user: UserRow): Promise<UserProfile> {
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      status: user.status,
      is_verified: Boolean(user.is_verified),
      is_defaultadmin: Boolean(user.is_defaultadmin),
      permissions: await permissionsOf(user.id),
      created_at: user.created_at,
      updated_at: user.updated_at,
    };
  }

  return {
    profileOf,

    async subjectOf(user: UserRow): Promise<AccessSubject> {
      return {
        is_defaultadmin: Boolean(user.is_defaultadmin),
        permissions: await permissionsOf(user.id),
      };
    },

    /** Own names only; e-mail, roles and the admin flag are not the user's to change. */
    async updateMe(user: UserRow, body: UpdateMeBody): Promise<UserProfile> {
      if (body.username && (await users.usernameTaken(body.username, user.id)))
        throw authErrors.usernameTaken();
      const changes = { ...body, updated_at: nowIso(), updated_by: user.id };
      try {
        await users.updateUser(users.db, user.id, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw authErrors.usernameTaken();
        throw error;
      }
      return profileOf({ ...user, ...changes });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
