/**
 * Writes and checks of `users` rows that sign-up and the own profile (auth repo) and user
 * administration (users repo) share, so that "this username is taken" is one rule everywhere.
 */
import type { Executor } from '../../db/prepared';
import type { NewUser, UserRow } from '../../db/schema';
import { nameInUse } from './unique-names';

/** A password hash no password matches: invited or restored users set theirs by mailed link. */
export const NO_PASSWORD = '!no-password';

/** True until the person has chosen a password (an invitation not yet followed). */
export const awaitsFirstPassword = (user: Pick<UserRow, 'password_hash'>) =>
  user.password_hash === NO_PASSWORD;

export const usernameTaken = (ex: Executor, username: string, exceptId?: number) =>
  nameInUse(ex, 'users', username, exceptId);

/** Inserts a user; `user.id` only when a deleted user is brought back under the old id. */
export async function insertUser(ex: Executor, user: NewUser): Promise<number> {
  const row = await ex.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  ex: Executor,
  id: number,
  changes: Partial<Omit<UserRow, 'id'>>,
): Promise<void> {
  await ex.updateTable('users').set(changes).where('id', '=', id).execute();
}
