/**
 * What an API key may not call, whatever its scopes: the routes marked `sessionOnly` (managing
 * keys) and the signed-in person's own account — their profile, password and sign-out — which
 * belong to the key's creator, not to the key.
 */
import type { FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';

const OWN_ACCOUNT = new Set(
  [apiRoutes.me, apiRoutes.userMe, apiRoutes.myPassword, apiRoutes.logout].map((p) => `/api${p}`),
);

export function keyMayCall({ config, url }: FastifyRequest['routeOptions']): boolean {
  return !config.sessionOnly && !OWN_ACCOUNT.has(url ?? '');
}
