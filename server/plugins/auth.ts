/**
 * Authentication for the /api scope: routes are private unless they say
 * `config: { public: true }`. A bearer JWT names a session row, which is checked every time.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../http/app-error';
import type { ProfileService } from '../modules/profile/service';
import type { SessionService } from '../modules/auth/service';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuth(
  api: FastifyInstance,
  sessions: SessionService,
  profiles: ProfileService,
): void {
  api.decorateRequest('auth', null);

  api.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw errors.unauthorized('No access token was sent.');
    const { sessionId, user } = await sessions.authenticate(token);
    let subject: ReturnType<ProfileService['subjectOf']> | undefined;
    request.auth = { sessionId, user, subject: () => (subject ??= profiles.subjectOf(user)) };
  });
}

/** The signed-in user of a private route (the auth hook guarantees it). */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}
