/**
 * Signing in and out, sessions and the own password (SPEC §3, §4). No Fastify types here.
 * Wrong passwords slow down the guesser, not the account (see throttle.ts): there is no lock
 * that an attacker could keep the owner in, and a browser that signed in before is judged by
 * its own failures only (device-cookies.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, LoginResponse } from '../../../contract/auth';
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
import type { DeviceCookie, DeviceCookies } from './device-cookies';
import type { AuthRepo } from './repo';
import {
  accountKey,
  deviceKey,
  LOGIN_ACCOUNT,
  LOGIN_DEVICE,
  LOGIN_PAIR,
  PASSWORD_CHANGE,
  type Throttle,
  type ThrottleRule,
} from './throttle';

interface SessionServiceDeps {
  repo: AuthRepo;
  tokens: AccessTokens;
  sessionTtlSeconds: number;
  throttle: Throttle;
  devices: DeviceCookies;
}

/** Who is signing in, as the HTTP side sees them. */
interface LoginClient {
  userAgent?: string;
  address: string;
  /** The request's cookies, where a device cookie of the account may be. */
  cookies: ReadonlyMap<string, string>;
}

export function createSessionService({
  repo,
  tokens,
  sessionTtlSeconds,
  throttle,
  devices,
}: SessionServiceDeps) {
  return {
    /** A bearer token, and a new device cookie for the browser that signed in. */
    async login(
      body: LoginBody,
      client: LoginClient,
    ): Promise<{ answer: LoginResponse; device: DeviceCookie }> {
      const account = accountKey(body.email);
      const device = devices.deviceOf(account, client.cookies);
      const counts: [string, ThrottleRule][] = device
        ? [[deviceKey(account, device), LOGIN_DEVICE]]
        : [
            [`${account}:${client.address}`, LOGIN_PAIR],
            [account, LOGIN_ACCOUNT],
          ];
      const keys = counts.map(([key]) => key);
      await throttle.assertOpen(keys);
      const user = await repo.findUserByEmail(body.email);
      // Unknown addresses cost one hash too, so timing does not reveal who has an account.
      const passwordOk = user
        ? await verifyPassword(body.password, user.password_hash)
        : await verifyAgainstDummy(body.password);
      if (!user || !passwordOk) {
        await throttle.fail(counts);
        throw authErrors.invalidCredentials();
      }
      // A known browser's success clears its own count only: were it to clear the account's,
      // the owner signing in would hand a running attack a fresh allowance.
      await throttle.succeed(keys);
      const now = Date.now();
      if (user.status !== 'active') throw authErrors.disabled();
      if (!user.is_verified) throw authErrors.notVerified();

      const sessionId = randomUUID();
      const expiresAt = new Date(now + sessionTtlSeconds * 1000);
      await repo.insertSession({
        id: sessionId,
        user_id: user.id,
        created_at: new Date(now).toISOString(),
        expires_at: expiresAt.toISOString(),
        user_agent: client.userAgent?.slice(0, 300) ?? null,
      });
      const access_token = await tokens.sign({ sessionId, userId: user.id, expiresAt });
      return {
        answer: { access_token, token_type: 'bearer', expires_at: expiresAt.toISOString() },
        device: devices.issue(account, now),
      };
    },

    /** The session and user behind a bearer token; 401 for anything not currently valid. */
    async authenticate(token: string): Promise<{ sessionId: string; user: UserRow }> {
      const claims = await tokens.verify(token);
      if (!claims) throw errors.unauthorized('The access token is not valid.');
      const found = await repo.findSessionWithUser(claims.sessionId);
      if (!found || found.session.user_id !== claims.userId)
        throw errors.unauthorized('The access token is not valid.');
      const { session, user } = found;
      if (session.revoked_at || Date.parse(session.expires_at) <= Date.now())
        throw errors.sessionExpired();
      if (!user || user.status !== 'active') throw errors.sessionExpired();
      return { sessionId: session.id, user };
    },

    logout: (sessionId: string) => repo.revokeSession(sessionId),

    async changePassword(user: UserRow, sessionId: string, body: ChangePasswordBody) {
      const key = `password-change:${user.id}`;
      await throttle.assertOpen([key]);
      if (!(await verifyPassword(body.old_password, user.password_hash))) {
        await throttle.fail([[key, PASSWORD_CHANGE]]);
        throw authErrors.wrongPassword();
      }
      await throttle.succeed([key]);
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
