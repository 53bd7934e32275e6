/**
 * User history and restore. Decisions:
 * - GET /users/history/{id} needs Users.VIEW in one of the user's departments; for a deleted user
 *   the departments of their last version decide. Newest first, paged like every list.
 * - Restore brings back the version an entry stands for (the snapshot after a create, update or
 *   restore; the deleted account for a delete entry) through the same checks as PUT, and writes
 *   a 'restore' entry naming the entry it came from (restored_from).
 * - Restoring a deleted user recreates the account under its old id and e-mail with no usable
 *   password (passwords are never kept in history) and mails a new invitation; it also needs
 *   Users.ADD in the version's departments. Roles or departments deleted since answer 409.
 */
import type { ManagedUser, UserHistoryEntry, UserSnapshot } from '../../../contract/identity';
import type { Paged } from '../../../contract/paging';
import type { Database } from '../../db/database';
import type { Actor } from '../identity/actor-scope';
import { versionOf } from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import type { UsersRepo } from './repo';
import { managesAll, visibleTo } from './rules';
import type { UserService } from './service';
import { toUserHistoryEntry } from './view';
import type { DesiredUser, UserWriter } from './writer';

interface UserHistoryDeps {
  database: Database;
  users: UsersRepo;
  writer: UserWriter;
  service: UserService;
}

const desiredFrom = (version: UserSnapshot): DesiredUser => ({
  ...version,
  assignments: version.assignments.map((a) => ({
    department_id: a.department_id,
    role_id: a.role_id,
  })),
});

export function createUserHistoryService({ database, users, writer, service }: UserHistoryDeps) {
  const { db } = database;

  return {
    async history(
      actor: Actor,
      id: number,
      { page, size }: { page: number; size: number },
    ): Promise<Paged<UserHistoryEntry>> {
      let departments: { department_id: number }[];
      if (await users.find(db, id)) departments = await users.assignmentsOf(db, [id]);
      else {
        const latest = await users.latestHistory(db, id);
        if (!latest) throw identityErrors.userNotFound();
        const { changes } = toUserHistoryEntry(latest);
        departments = (changes.new ?? changes.old)?.assignments ?? [];
      }
      if (!visibleTo(actor, departments, 'VIEW')) throw identityErrors.userNotFound();
      const { total, entries } = await users.history(id, { size, offset: (page - 1) * size });
      return { items: entries.map(toUserHistoryEntry), total, page, size };
    },

    /** `lng`: the restoring administrator's console language, for a deleted user's invitation. */
    async restore(
      actor: Actor,
      id: number,
      entryId: number,
      origin: string,
      lng?: string,
    ): Promise<ManagedUser> {
      let invitation:
        { email: string; first_name: string; token?: string; lng?: string } | undefined;
      let email: string | undefined;
      await service.write(
        () => email,
        async (trx) => {
          const row = await users.historyEntry(trx, id, entryId);
          if (!row) throw identityErrors.historyEntryNotFound();
          const entry = toUserHistoryEntry(row);
          const version = versionOf({ action: entry.action, ...entry.changes });
          if (!version) throw identityErrors.historyEntryNotFound();
          const desired = desiredFrom(version);
          email = desired.email;
          if (await users.find(trx, id, true)) {
            const loaded = await writer.load(trx, actor, id, 'UPDATE');
            await writer.change(trx, actor, loaded, desired, 'restore', entryId);
            return;
          }
          // A deleted user: the actor must have been able to manage the account as it was when
          // deleted — every assignment in their departments — not merely some older version of
          // it (that would bring back a user deleted in another department). Otherwise it stays
          // invisible.
          const latest = await users.latestHistory(trx, id);
          const last = latest && toUserHistoryEntry(latest).changes;
          const lastAssignments = (last?.old ?? last?.new)?.assignments ?? [];
          if (
            !managesAll(actor, lastAssignments) ||
            !visibleTo(actor, desired.assignments, 'UPDATE')
          )
            throw identityErrors.userNotFound();
          const created = await writer.create(trx, actor, desired, {
            id,
            kind: 'restore',
            restoredFrom: entryId,
          });
          invitation = { ...desired, token: created.token, lng };
        },
      );
      if (invitation) await service.invite(invitation, invitation.token, actor, origin);
      const restored = await users.find(db, id);
      if (!restored) throw identityErrors.userNotFound();
      return (await service.managed([restored]))[0];
    },
  };
}

export type UserHistoryService = ReturnType<typeof createUserHistoryService>;
