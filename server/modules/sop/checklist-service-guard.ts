/**
 * The checks the checklist service needs when it is served on its own, the same the
 * console's /api scope gives it: every call carries the x-api-key (SPEC §7) and a signed-in
 * person's bearer token (or an API key token), and each route's Sop right is checked with the
 * shared rule functions. Errors answer `{ message, code }` as everywhere else.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../deps';
import { AppError } from '../../http/app-error';
import { registerAuth } from '../../plugins/auth';
import { registerErrorHandler } from '../../plugins/errors';
import { registerPermissions } from '../../plugins/permissions';
import type { ProfileService, SessionService } from '../identity/public';
import type { VisitorLogin } from '../service-agent/public';

export interface ChecklistServiceGuard {
  apiKey: string;
  sessions: SessionService;
  profiles: ProfileService;
  visitors: Pick<VisitorLogin, 'verify' | 'authenticate'>;
  apiKeyAuth?: (token: string) => Promise<AuthContext>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerChecklistServiceGuard(
  service: FastifyInstance,
  guard: ChecklistServiceGuard,
): void {
  registerErrorHandler(service);
  service.addHook('onRequest', async (request) => {
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !sameSecret(given, guard.apiKey))
      throw new AppError(401, 'INVALID_API_KEY', 'A valid x-api-key header is required.');
  });
  registerAuth(service, guard.sessions, guard.profiles, guard.visitors, guard.apiKeyAuth);
  registerPermissions(service);
}
