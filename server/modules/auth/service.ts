/**
 * Signing in and out, sessions and the own password (SPEC §3, §4). No Fastify types here.
 * Lockout: LOGIN_MAX_FAILURES wrong passwords within LOGIN_LOCK_MINUTES lock the account for
 * LOGIN_LOCK_MINUTES; the failure that reaches the limit already answers ACCOUNT_LOCKED.
 */
import { randomUUID } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, LoginResponse } from '../../../contract/auth';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../../contract/constants';
import { errors } from '../../http/app-error';
import type { UserRow } from '../../db/schema';
import type { AccessTokens } from '../../services/security/access-tokens';
import {
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '../../services/security/passwords';
import { assertUncommonPassword } from '../../services/security/common-passwords';
import { authErrors } from './auth-errors';
import type { AuthRepo } from './repo';

const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;

export interface SessionServiceDeps {
  repo: AuthRepo;
  tokens: AccessTokens;
  sessionTtlSeconds: number;
}

export function createSessionService({ repo, tokens, sessionTtlSeconds }: SessionServiceDeps) {
  async function recordFailure(user: UserRow, now: number): Promise<void> {
    const failures = await repo.recordLoginFailure(
      user.id,
      new Date(now).toISOString(),
      new Date(now - LOCK_MS).toISOString(),
    );
    if (failures >= LOGIN_MAX_FAILURES) {
      await repo.updateUser(repo.db, user.id, {
        failed_logins: 0,
        failed_window_started_at: null,
        locked_until: new Date(now + LOCK_MS).toISOString(),
      });
      throw authErrors.locked(Math.ceil(LOCK_MS / 1000));
    }
  }

  return {
    async login(body: LoginBody, userAgent: string | undefined): Promise<LoginResponse> {
      const user = await repo.findUserByEmail(body.email);
      // Unknown addresses cost one hash too, so timing does not reveal who has an account.
      const passwordOk = user
        ? await verifyPassword(body.password, user.password_hash)
        : await verifyAgainstDummy(body.password);
      if (!user) throw authErrors.invalidCredentials();
      const now = Date.now();
      if (user.locked_until && Date.parse(user.locked_until) > now)
        throw authErrors.locked(Math.ceil((Date.parse(user.locked_until) - now) / 1000));
      if (!passwordOk) {
        await recordFailure(user, now);
        throw authErrors.invalidCredentials();
      }
      if (user.failed_logins || user.locked_until || user.failed_window_started_at)
        await repo.updateUser(repo.db, user.id, {
          failed_logins: 0,
          failed_window_started_at: null,
          locked_until: null,
        });
      if (user.status !== 'active') throw authErrors.disabled();
      if (!user.is_verified) throw authErrors.notVerified();

      const sessionId = randomUUID();
      const expiresAt = new Date(now + sessionTtlSeconds * 1000);
      await repo.insertSession({
        id: sessionId,
        user_id: user.id,
        created_at: new Date(now).toISOString(),
        expires_at: expiresAt.toISOString(),
        user_agent: userAgent?.slice(0, 300) ?? null,
      });
      const access_token = await tokens.sign({ sessionId, userId: user.id, expiresAt });
      return { access_token, token_type: 'bearer', expires_at: expiresAt.toISOString() };
    },

    /** The session and user behind a bearer token; 401 for anything not currently valid. */
    async authenticate(token: string): Promise<{ sessionId: string; user: UserRow }> {
      const claims = await tokens.verify(token);
      if (!claims) throw errors.unauthorized('The access token is not valid.');
      const session = await repo.findSession(claims.sessionId);
      if (!session || session.user_id !== claims.userId)
        throw errors.unauthorized('The access token is not valid.');
      if (session.revoked_at || Date.parse(session.expires_at) <= Date.now())
        throw errors.sessionExpired();
      const user = await repo.findUserById(session.user_id);
      if (!user || user.status !== 'active') throw errors.sessionExpired();
      return { sessionId: session.id, user };
    },

    logout: (sessionId: string) => repo.revokeSession(sessionId),

    async changePassword(user: UserRow, sessionId: string, body: ChangePasswordBody) {
      if (!(await verifyPassword(body.old_password, user.password_hash)))
        throw authErrors.wrongPassword();
      assertUncommonPassword(body.new_password, 'new_password');
      const password_hash = await hashPassword(body.new_password);
      await repo.transaction(async (trx) => {
        await repo.updateUser(trx, user.id, {
          password_hash,
          updated_at: new Date().toISOString(),
          updated_by: user.id,
        });
        await repo.revokeUserSessions(trx, user.id, sessionId);
        // A reset link mailed before must not undo the change the user just made.
        await repo.revokeEmailTokens(trx, user.id, 'reset');
      });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
