/**
 * HTTP side of API keys (issue 17). The Roles rights decide (README "API keys"): ADD creates,
 * LIST_VIEW or VIEW lists and reads, DELETE or UPDATE revokes. `sessionOnly`: a key never
 * manages keys, whatever its scopes.
 */
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
import { type Api, needs } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { ApiKeyService } from './service';

const sessionOnly = (...actions: [ActionName, ...ActionName[]]) => ({
  sessionOnly: true,
  ...needs('Roles', ...actions),
});
const tags = ['API access'];

export function registerApiKeyRoutes(api: Api, s: { apiKeys: ApiKeyService }) {
  api.post(
    apiKeyRoutes.list,
    {
      config: sessionOnly('ADD'),
      schema: {
        tags,
        summary: 'Create an integration key',
        body: apiKeyInputSchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) => {
      const created = await s.apiKeys.create(await actorOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.get(
    apiKeyRoutes.list,
    {
      config: sessionOnly('LIST_VIEW', 'VIEW'),
      schema: {
        tags,
        summary: 'List integration keys',
        querystring: apiKeysQuerySchema,
        response: { 200: apiKeyPageSchema },
      },
    },
    async (request) => s.apiKeys.list(await actorOf(request), request.query),
  );

  api.get(
    apiKeyRoutes.one,
    {
      config: sessionOnly('VIEW', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'Read an integration key',
        params: apiKeyParamsSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => s.apiKeys.get(await actorOf(request), request.params.id),
  );

  api.delete(
    apiKeyRoutes.one,
    {
      config: sessionOnly('DELETE', 'UPDATE'),
      schema: {
        tags,
        summary: 'Revoke an integration key',
        params: apiKeyParamsSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => s.apiKeys.revoke(await actorOf(request), request.params.id),
  );
}
