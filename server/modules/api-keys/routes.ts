/**
 * HTTP side of API keys (issue 17). The Roles rights decide (README "API keys"): ADD creates,
 * LIST_VIEW or VIEW lists and reads, DELETE or UPDATE revokes. `sessionOnly`: a key never
 * manages keys, whatever its scopes.
 */
import type { FastifyInstance } from 'fastify';
import {
  apiKeyInputSchema,
  apiKeyPageSchema,
  apiKeyParamsSchema,
  apiKeyRoutes,
  apiKeySchema,
  apiKeysQuerySchema,
  createdApiKeySchema,
} from '../../../contract/api-keys';
import type { ActionName } from '../../../contract/permissions';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';

const needs = (...actions: ActionName[]) => ({
  config: {
    sessionOnly: true,
    permission: actions.map((action) => ({ module: 'Roles', action }) as const),
  },
});

export function registerApiKeyRoutes(api: FastifyInstance, s: Pick<Services, 'apiKeys'>) {
  api.post(apiKeyRoutes.list, needs('ADD'), async (request, reply) => {
    const body = parseInput(apiKeyInputSchema, request.body);
    const created = await s.apiKeys.create(await actorOf(request), body);
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send(shape(createdApiKeySchema, created));
  });

  api.get(apiKeyRoutes.list, needs('LIST_VIEW', 'VIEW'), async (request) => {
    const query = parseInput(apiKeysQuerySchema, request.query, 'query');
    return shape(apiKeyPageSchema, await s.apiKeys.list(await actorOf(request), query));
  });

  api.get(apiKeyRoutes.one, needs('VIEW', 'LIST_VIEW'), async (request) => {
    const { id } = parseInput(apiKeyParamsSchema, request.params, 'params');
    return shape(apiKeySchema, await s.apiKeys.get(await actorOf(request), id));
  });

  api.delete(apiKeyRoutes.one, needs('DELETE', 'UPDATE'), async (request) => {
    const { id } = parseInput(apiKeyParamsSchema, request.params, 'params');
    return shape(apiKeySchema, await s.apiKeys.revoke(await actorOf(request), id));
  });
}
