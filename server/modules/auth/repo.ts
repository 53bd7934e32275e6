/** SQL of the auth area: users as sign-in sees them, sessions and one-time mail tokens. */
import { type Kysely, sql, type Transaction } from 'kysely';
import { nowIso } from '../../db/database';
import { prepareQuery } from '../../db/prepared';
import type { DB, EmailTokenRow, SessionRow, UserRow } from '../../db/schema';
import { insertUser, updateUser, usernameTaken } from '../identity/user-rows';

type Executor = Kysely<DB> | Transaction<DB>;

/** Accounts: lookups, sign-up writes and failed sign-ins. */
function accountQueries(db: Kysely<DB>) {
  // Read by the session check of every request: built and compiled once (db/prepared.ts).
  const userById = prepareQuery((id: number) =>
    db.selectFrom('users').selectAll().where('id', '=', id),
  );
  return {
    findUserByEmail: (email: string): Promise<UserRow | undefined> =>
      db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst(),

    findUserById: (id: number, trx: Executor = db): Promise<UserRow | undefined> =>
      userById.first(trx, id),

    usernameTaken: (username: string, exceptUserId?: number) =>
      usernameTaken(db, username, exceptUserId),

    insertUser,

    async assignRole(trx: Executor, userId: number, roleId: number, departmentId: number) {
      await trx
        .insertInto('user_roles')
        .values({ user_id: userId, role_id: roleId, department_id: departmentId })
        .execute();
    },

    updateUser,

    /**
     * Counts one failed sign-in in a single UPDATE, so concurrent wrong passwords cannot be lost
     * between a read and a write: failures inside the window started after `windowCutoff` add
     * up, an older window starts over at 1. Answers the count after this failure.
     */
    async recordLoginFailure(id: number, now: string, windowCutoff: string): Promise<number> {
      const inWindow = sql<boolean>`failed_window_started_at is not null and failed_window_started_at > ${windowCutoff}`;
      const row = await db
        .updateTable('users')
        .set({
          failed_logins: sql`case when ${inWindow} then failed_logins + 1 else 1 end`,
          failed_window_started_at: sql`case when ${inWindow} then failed_window_started_at else ${now} end`,
        })
        .where('id', '=', id)
        .returning('failed_logins')
        .executeTakeFirst();
      return row?.failed_logins ?? 0;
    },
  };
}

/** Sessions: the check of every request, sign-in and revocation. */
function sessionQueries(db: Kysely<DB>) {
  // The session check of every request: the session and its user in one statement.
  const sessionWithUser = prepareQuery((id: string) =>
    db
      .selectFrom('sessions as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .selectAll('u')
      .select([
        's.id as session_id',
        's.user_id as session_user_id',
        's.expires_at as session_expires_at',
        's.revoked_at as session_revoked_at',
      ])
      .where('s.id', '=', id),
  );
  return {
    // Sessions
    async insertSession(session: Omit<SessionRow, 'revoked_at'>) {
      await db
        .insertInto('sessions')
        .values({ ...session, revoked_at: null })
        .execute();
    },

    /** The session and its user (null when the user row is gone), or undefined. */
    async findSessionWithUser(id: string): Promise<
      | {
          session: Pick<SessionRow, 'id' | 'user_id' | 'expires_at' | 'revoked_at'>;
          user: UserRow | null;
        }
      | undefined
    > {
      const row = await sessionWithUser.first(db, id);
      if (!row) return undefined;
      const { session_id, session_user_id, session_expires_at, session_revoked_at, ...user } = row;
      const session = {
        id: session_id,
        user_id: session_user_id,
        expires_at: session_expires_at,
        revoked_at: session_revoked_at,
      };
      return { session, user: user.id === null ? null : (user as UserRow) };
    },

    async revokeSession(id: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every live session of a user, except `keep` when given. */
    async revokeUserSessions(trx: Executor, userId: number, keep?: string) {
      let q = trx
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep) q = q.where('id', '!=', keep);
      await q.execute();
    },
  };
}

/** Mailed links (verification, reset): one use each. */
function mailTokenQueries(db: Kysely<DB>) {
  return {
    // One-time mail tokens
    async insertEmailToken(trx: Executor, token: Omit<EmailTokenRow, 'id' | 'used_at'>) {
      await trx
        .insertInto('email_tokens')
        .values({ ...token, used_at: null })
        .execute();
    },

    findEmailToken: (hash: string, purpose: EmailTokenRow['purpose']) =>
      db
        .selectFrom('email_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .executeTakeFirst(),

    /** Marks a token used; false when another request used it first. */
    async useEmailToken(trx: Executor, id: number): Promise<boolean> {
      const result = await trx
        .updateTable('email_tokens')
        .set({ used_at: nowIso() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Withdraws every outstanding mail token of the user (of one purpose, or all): a link mailed
     * before the address or the password changed must not work after.
     */
    async revokeEmailTokens(trx: Executor, userId: number, purpose?: EmailTokenRow['purpose']) {
      let q = trx
        .deleteFrom('email_tokens')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null);
      if (purpose) q = q.where('purpose', '=', purpose);
      await q.execute();
    },

    async useAllEmailTokens(trx: Executor, userId: number, purpose: EmailTokenRow['purpose']) {
      await trx
        .updateTable('email_tokens')
        .set({ used_at: nowIso() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export function createAuthRepo(db: Kysely<DB>) {
  return {
    ...accountQueries(db),
    ...sessionQueries(db),
    ...mailTokenQueries(db),

    db,

    transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(work),
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
