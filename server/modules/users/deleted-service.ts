/**
 * Deleted users: finding them and bringing them back (the delete confirmation promises that the
 * account can be restored later). Decisions:
 * - A deleted user is seen where their last version's assignments lie: with Users.LIST_VIEW there
 *   in the list, Users.VIEW for one user (as live users); one without assignments by default
 *   administrators only. Anyone else gets 404, as for live users.
 * - Who may delete may restore: POST /users/deleted/{id}/restore needs Users.DELETE wherever the
 *   account had an assignment, and, as for a delete, no right there the actor lacks. It brings back
 *   the version that was deleted (names, e-mail, status, assignments) under the old id, so the
 *   history continues, and writes a 'restore' entry naming the deletion.
 * - Passwords are never kept once an account is deleted, so the restored account has no usable
 *   password: an active one gets a fresh invitation to choose one (as a new user), and its
 *   e-mail address counts as verified again once they do. The sessions a deletion ended stay ended.
 * - A role or department deleted since, or an e-mail address or user name someone else took since,
 *   answers 409 and restores nothing.
 */
import type { DeletedUser } from '../../../contract/deleted-users';
import type { ManagedUser, UserSnapshot } from '../../../contract/identity';
import { userSnapshotSchema } from '../../../contract/identity';
import type { PageQuery, Paged } from '../../../contract/paging';
import type { Database } from '../../db/database';
import type { Actor } from '../identity/actor-scope';
import { changedBy, parseSnapshot } from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import type { UserHistoryRow, UsersRepo } from './repo';
import { visibleTo } from './rules';
import type { UserService } from './service';
import type { UserWriter } from './writer';

interface DeletedUserDeps {
  database: Database;
  users: UsersRepo;
  writer: UserWriter;
  service: UserService;
}

type Query = PageQuery & { department_name?: string };

function toDeletedUser(row: UserHistoryRow): DeletedUser | undefined {
  const version = parseSnapshot(userSnapshotSchema, row.old_values);
  if (!version) return undefined;
  return { id: row.user_id, ...version, deleted_at: row.changed_at, deleted_by: changedBy(row) };
}

function matches(user: UserSnapshot, search: string | undefined): boolean {
  if (!search) return true;
  const needle = search.toLocaleLowerCase();
  return [`${user.first_name} ${user.last_name}`, user.username, user.email].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}

/** Whether every assignment lies where the actor holds Users.DELETE (admins: always). */
function deletesAll(actor: Actor, assignments: readonly { department_id: number }[]): boolean {
  if (actor.isAdmin) return true;
  return assignments.length > 0 && assignments.every((a) => visibleTo(actor, [a], 'DELETE'));
}

export function createDeletedUserService({ database, users, writer, service }: DeletedUserDeps) {
  const { db } = database;

  async function one(actor: Actor, id: number): Promise<DeletedUser> {
    const [row] = await users.deletedUsers(db, id);
    const user = row && toDeletedUser(row);
    if (!user || !visibleTo(actor, user.assignments, 'VIEW')) throw identityErrors.userNotFound();
    return user;
  }

  return {
    async list(actor: Actor, query: Query): Promise<Paged<DeletedUser>> {
      const { page, size, search, department_name: department } = query;
      const all = (await users.deletedUsers(db))
        .map(toDeletedUser)
        .filter((u): u is DeletedUser => u !== undefined)
        .filter((u) => visibleTo(actor, u.assignments, 'LIST_VIEW') && matches(u, search))
        .filter((u) => !department || u.assignments.some((a) => a.department_name === department));
      const items = all.slice((page - 1) * size, page * size);
      return { items, total: all.length, page, size };
    },

    get: one,

    /** `lng`: the restoring administrator's console language, for the new invitation. */
    async restore(actor: Actor, id: number, origin: string, lng?: string): Promise<ManagedUser> {
      let invitation:
        { email: string; first_name: string; token?: string; lng?: string } | undefined;
      let email: string | undefined;
      await service.write(
        () => email,
        async (trx) => {
          const [row] = await users.deletedUsers(trx, id);
          const version = row && toDeletedUser(row);
          if (!version || !visibleTo(actor, version.assignments, 'VIEW')) {
            // Restored a moment ago by someone else: say so rather than "no such user".
            if (await users.find(trx, id))
              throw identityErrors.conflict('This user is not deleted: the account exists.');
            throw identityErrors.userNotFound();
          }
          if (!deletesAll(actor, version.assignments))
            throw identityErrors.escalation(
              'Restoring this user needs Users.DELETE in every department they belonged to.',
            );
          email = version.email;
          const { id: _id, deleted_at: _at, deleted_by: _by, ...snapshot } = version;
          const created = await writer.create(
            trx,
            actor,
            {
              ...snapshot,
              assignments: snapshot.assignments.map((a) => ({
                department_id: a.department_id,
                role_id: a.role_id,
              })),
            },
            { id, kind: 'restore', restoredFrom: row.id, right: 'DELETE' },
          );
          invitation = { ...snapshot, token: created.token, lng };
        },
      );
      if (invitation) await service.invite(invitation, invitation.token, actor, origin);
      const restored = await users.find(db, id);
      if (!restored) throw identityErrors.userNotFound();
      return (await service.managed([restored]))[0];
    },
  };
}

export type DeletedUserService = ReturnType<typeof createDeletedUserService>;
