/**
 * Authentication for the /api scope: routes are private unless they say
 * `config: { public: true }`. A bearer JWT names a session row, which is checked every time.
 *
 * Chat widget visitors carry a visitor token instead, which opens the routes marked
 * `config: { visitor: true }` and nothing else: on any other route it answers 403, here, in
 * this one place. Its visitor session and widget are checked on every request like a user's
 * session row. A user token never opens a visitor route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../http/app-error';
import type { ProfileService } from '../modules/profile/service';
import type { SessionService } from '../modules/auth/service';
import { widgetErrors } from '../modules/service-agent/errors';
import type { VisitorLogin } from '../modules/service-agent/visitor-login';
import { looksLikeVisitorToken } from '../services/security/visitor-tokens';
import { type AuthContext, loadOnce } from '../deps';
import { looksLikeApiKey } from '../modules/api-keys/key-secret';
import { keyMayCall } from '../modules/api-keys/key-routes';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const KEY_REFUSED = 'API keys cannot call this route; sign in as a person.';

export function registerAuth(
  api: FastifyInstance,
  sessions: SessionService,
  profiles: ProfileService,
  visitors: Pick<VisitorLogin, 'verify' | 'authenticate'>,
  apiKeyAuth?: (token: string) => Promise<AuthContext>,
): void {
  api.decorateRequest('auth', null);
  api.decorateRequest('visitor', null);

  api.addHook('onRequest', async (request) => {
    // Read once: routeOptions builds a new frozen object on every read.
    const route = request.routeOptions;
    const { public: isPublic, visitor: visitorRoute } = route.config;
    if (isPublic) return;
    const token = bearerToken(request);
    if (!token) throw errors.unauthorized('No access token was sent.');
    if (apiKeyAuth && looksLikeApiKey(token)) {
      // API keys: checked before the route's own refusal, so a bad key is 401.
      request.auth = await apiKeyAuth(token);
      if (visitorRoute || !keyMayCall(route)) throw errors.forbidden(KEY_REFUSED);
      return;
    }
    if (looksLikeVisitorToken(token)) {
      const claims = await visitors.verify(token);
      if (!visitorRoute) throw widgetErrors.visitorForbidden();
      request.visitor = await visitors.authenticate(claims);
      return;
    }
    if (visitorRoute) throw widgetErrors.visitorsOnly();
    const { sessionId, user } = await sessions.authenticate(token);
    request.auth = { sessionId, user, subject: loadOnce(() => profiles.subjectOf(user)) };
  });
}

/** The signed-in user of a private route (the auth hook guarantees it). */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}
