/**
 * Chat widgets in the console (SPEC §7 Chat widget; issue 13). Each route declares its
 * Service_agent right (SPEC §6); department scope and Trial isolation are the service's.
 *
 * `/service-agent/{id}` takes a widget's numeric id or its client_id (SPEC names both paths
 * for GET, and the console's pages are addressed by client_id): digits only are an id, anything
 * else a client_id, and a client_id is never digits only. The static paths
 * `/service-agent/me…` and `/service-agent/history/…` win over the parameter in the router.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import { messageResponseSchema } from '../../../contract/auth';
import type { ActionName } from '../../../contract/permissions';
import {
  serviceAgentHistoryPageSchema,
  serviceAgentHistoryQuerySchema,
  serviceAgentInputSchema,
  serviceAgentPageSchema,
  serviceAgentClientIdParamsSchema,
  serviceAgentRefParamsSchema,
  serviceAgentSchema,
  serviceAgentsQuerySchema,
  serviceAgentUpdateSchema,
} from '../../../contract/service-agent';
import type { WidgetService } from './service';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';

const needs = (action: ActionName) => ({
  config: { permission: { module: 'Service_agent', action } as const },
});
const refOf = (request: FastifyRequest) =>
  parseInput(serviceAgentRefParamsSchema, request.params, 'params').id;

export function registerServiceAgentRoutes(
  api: FastifyInstance,
  s: { serviceAgents: WidgetService },
) {
  api.post(apiRoutes.serviceAgents, needs('ADD'), async (request, reply) => {
    const body = parseInput(serviceAgentInputSchema, request.body);
    const created = await s.serviceAgents.create(await actorOf(request), body);
    return reply.code(201).send(shape(serviceAgentSchema, created));
  });

  api.get(apiRoutes.serviceAgents, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(serviceAgentsQuerySchema, request.query, 'query');
    return shape(serviceAgentPageSchema, await s.serviceAgents.list(await actorOf(request), query));
  });

  api.get(apiRoutes.serviceAgent, needs('VIEW'), async (request) =>
    shape(serviceAgentSchema, await s.serviceAgents.get(await actorOf(request), refOf(request))),
  );

  api.put(apiRoutes.serviceAgent, needs('UPDATE'), async (request) => {
    const body = parseInput(serviceAgentUpdateSchema, request.body ?? {});
    const updated = await s.serviceAgents.update(await actorOf(request), refOf(request), body);
    return shape(serviceAgentSchema, updated);
  });

  api.delete(apiRoutes.serviceAgent, needs('DELETE'), async (request) =>
    shape(
      messageResponseSchema,
      await s.serviceAgents.remove(await actorOf(request), refOf(request)),
    ),
  );

  api.get(apiRoutes.serviceAgentHistory, needs('VIEW'), async (request) => {
    const { client_id } = parseInput(serviceAgentClientIdParamsSchema, request.params, 'params');
    const query = parseInput(serviceAgentHistoryQuerySchema, request.query, 'query');
    const page = await s.serviceAgents.history(await actorOf(request), client_id, query);
    return shape(serviceAgentHistoryPageSchema, page);
  });
}
