/**
 * Users managed by administrators and permission-limited staff (SPEC §2 Users, §3, §7).
 * No Fastify types here. Decisions:
 * - Department scoping: non-admin staff see a user when one of the user's assignments is in a
 *   department where they hold the right; users with no assignment are seen by default admins
 *   only. Anyone outside answers 404, so ids of other departments reveal nothing.
 * - POST /users creates the account without a usable password and mails an invitation whose link
 *   is the foundation's password-reset link (/reset-password?token=…). Setting the password
 *   through it marks the address verified (password-reset-service), so the invited user counts as
 *   verified from then on. An account created disabled gets no mail; once enabled, "Forgot
 *   password" gives them a link. The mail goes out after the commit; a failure is logged.
 * - PUT /users/update/{id} and PUT /users/{id} take any subset of the fields; assignments, when
 *   sent, are the complete new list.
 * - Deleting removes the account row: sessions, assignments and mail tokens go with it (foreign
 *   keys), so the user's token is refused on their next request; history rows stay.
 */
import type { Transaction } from 'kysely';
import type {
  ManagedUser,
  userCreateSchema,
  usersQuerySchema,
  userUpdateSchema,
} from '../../../contract/identity';
import type { Paged } from '../../../contract/paging';
import type { z } from 'zod';
import { isUniqueViolation, type Database } from '../../db/database';
import type { DB, UserRow } from '../../db/schema';
import type { Mailer } from '../../services/mail/mailer';
import { resetLink } from '../../services/mail/links';
import { invitationMail } from '../../services/mail/templates';
import { authErrors } from '../auth/auth-errors';
import type { ErrorLog } from '../auth/registration-service';
import { preparedActorNames } from '../identity/actor-names';
import { departmentScope } from '../../../contract/access';
import { type Actor } from '../identity/actor-scope';
import { historyValues } from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import type { ListedUserRow, UsersRepo } from './repo';
import { assertAdminsRemain, assertCanManage, visibleTo } from './rules';
import { heldAssignments, snapshotOf, toManagedUser } from './view';
import type { DesiredUser, LoadedUser, UserWriter } from './writer';

type CreateInput = z.infer<typeof userCreateSchema>;
type UpdateInput = z.infer<typeof userUpdateSchema>;
type ListQuery = z.infer<typeof usersQuerySchema>;

interface UserServiceDeps {
  database: Database;
  users: UsersRepo;
  writer: UserWriter;
  mailer: Mailer;
  log: ErrorLog;
}

/** Mails the invitation with its reset link; a mail failure is logged, the user still exists. */
async function sendInvitation(
  { mailer, log }: Pick<UserServiceDeps, 'mailer' | 'log'>,
  user: { email: string; first_name: string; lng?: string },
  token: string | undefined,
  actor: Actor,
  origin: string,
) {
  if (!token) return;
  try {
    await mailer.send(
      invitationMail(user.email, user.first_name, actor.name, resetLink(origin, token), user.lng),
    );
  } catch (error) {
    log.error({ err: error, kind: 'invite' }, 'sending mail failed');
  }
}

/** The user as an update wants it: the fields sent, the rest as they are. */
function desiredUser(input: UpdateInput, { row, target }: LoadedUser): DesiredUser {
  return {
    username: input.username ?? row.username,
    email: input.email ?? row.email,
    first_name: input.first_name ?? row.first_name,
    last_name: input.last_name ?? row.last_name,
    status: input.status ?? row.status,
    is_defaultadmin: input.is_defaultadmin ?? Boolean(row.is_defaultadmin),
    assignments: input.assignments ?? target.assignments,
  };
}

export function createUserService(deps: UserServiceDeps) {
  const { database, users, writer } = deps;
  const invite = sendInvitation.bind(null, deps);
  const { db } = database;
  const actorNames = preparedActorNames(db);

  async function managed(rows: readonly ListedUserRow[]): Promise<ManagedUser[]> {
    const [assignments, names] = await Promise.all([
      users.assignmentsOf(
        db,
        rows.map((r) => r.id),
      ),
      actorNames(rows.flatMap((r) => [r.created_by, r.updated_by])),
    ]);
    return rows.map((row) =>
      toManagedUser(row, heldAssignments(assignments.filter((a) => a.user_id === row.id)), names),
    );
  }

  async function visible(actor: Actor, row: UserRow | undefined): Promise<ManagedUser> {
    if (!row) throw identityErrors.userNotFound();
    const [user] = await managed([row]);
    if (!visibleTo(actor, user.assignments, 'VIEW')) throw identityErrors.userNotFound();
    return user;
  }

  /**
   * Runs a write; a unique index firing after the checks (two saves at once) is a 409, naming
   * the e-mail address when that is what someone else took.
   */
  async function write<T>(
    emailOf: () => string | undefined,
    work: (trx: Transaction<DB>) => Promise<T>,
  ) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const email = emailOf();
      if (email && (await users.emailTaken(db, email))) throw authErrors.emailTaken();
      throw authErrors.usernameTaken();
    }
  }

  return {
    managed,
    invite,
    write,

    async list(actor: Actor, query: ListQuery): Promise<Paged<ManagedUser>> {
      const { page, size } = query;
      const { total, rows } = await users.list(
        {
          scope: departmentScope(actor.subject, 'Users', 'LIST_VIEW'),
          search: query.search,
          departmentName: query.department_name,
          status: query.status,
          sort: query.sort,
        },
        { size, offset: (page - 1) * size },
      );
      return { items: await managed(rows), total, page, size };
    },

    getById: async (actor: Actor, id: number) => visible(actor, await users.find(db, id)),

    getByEmail: async (actor: Actor, email: string) =>
      visible(actor, await users.findByEmail(db, email)),

    async create(actor: Actor, input: CreateInput, origin: string): Promise<ManagedUser> {
      const { id, token } = await write(
        () => input.email,
        (trx) => writer.create(trx, actor, input, { kind: 'create' }),
      );
      await invite(input, token, actor, origin);
      // Answered without the Users.VIEW check: whoever may add a user sees what they just added.
      const row = await users.find(db, id);
      if (!row) throw identityErrors.userNotFound();
      return (await managed([row]))[0];
    },

    async update(actor: Actor, id: number, input: UpdateInput): Promise<ManagedUser> {
      await write(
        () => input.email,
        async (trx) => {
          const loaded = await writer.load(trx, actor, id, 'UPDATE');
          await writer.change(trx, actor, loaded, desiredUser(input, loaded), 'update');
        },
      );
      // The actor may have moved the user out of their own departments: answer what they saw.
      const row = await users.find(db, id);
      if (!row) throw identityErrors.userNotFound();
      return (await managed([row]))[0];
    },

    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      return db.transaction().execute(async (trx) => {
        const { row, target } = await writer.load(trx, actor, id, 'DELETE');
        assertCanManage(actor, target, 'DELETE');
        assertAdminsRemain(target, false, await users.activeAdminIds(trx));
        if (actor.id === id)
          throw identityErrors.selfModification('You cannot delete your own account.');
        await users.remove(trx, id);
        await users.insertHistory(trx, {
          user_id: id,
          ...historyValues(actor, 'delete', snapshotOf(row, target.assignments), null),
        });
        return { message: `The user ${row.email} was deleted.` };
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
