/**
 * Whether people hold the Trial role (a default administrator never counts). An integration a
 * Trial user created or last changed keeps a Trial user's reach whoever later uses it: the
 * people who chose its destination decide how far its connections may go.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function anyTrialUser(
  db: Kysely<DB>,
  userIds: readonly (number | null)[],
): Promise<boolean> {
  const ids = userIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return false;
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select('user_roles.user_id')
    .where('user_roles.user_id', 'in', ids)
    .where('roles.name', '=', 'Trial')
    .where('users.is_defaultadmin', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}
