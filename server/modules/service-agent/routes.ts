/**
 * Chat widgets in the console (SPEC §7 Chat widget). Each route declares its Service_agent right
 * (SPEC §6); department scope and Trial isolation are the service's.
 *
 * `/service-agent/{id}` takes a widget's numeric id or its client_id (SPEC names both paths
 * for GET, and the console's pages are addressed by client_id): digits only are an id, anything
 * else a client_id, and a client_id is never digits only. The static paths
 * `/service-agent/me…` and `/service-agent/history/…` win over the parameter in the router.
 */
import { apiRoutes } from '../../../contract/api-paths';
import { messageResponseSchema } from '../../../contract/auth';
import {
  serviceAgentClientIdParamsSchema,
  serviceAgentHistoryPageSchema,
  serviceAgentHistoryQuerySchema,
  serviceAgentInputSchema,
  serviceAgentPageSchema,
  serviceAgentRefParamsSchema as params,
  serviceAgentSchema,
  serviceAgentsQuerySchema,
  serviceAgentUpdateSchema,
} from '../../../contract/service-agent';
import { type Api, needs, orEmpty } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { WidgetService } from './service';

const tags = ['Chatbot'];
const widget = { 200: serviceAgentSchema };

export function registerServiceAgentRoutes(api: Api, s: { serviceAgents: WidgetService }) {
  api.post(
    apiRoutes.serviceAgents,
    {
      config: needs('Service_agent', 'ADD'),
      schema: {
        tags,
        summary: 'Create a chat widget',
        body: serviceAgentInputSchema,
        response: { 201: serviceAgentSchema },
      },
    },
    async (request, reply) => {
      const created = await s.serviceAgents.create(await actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  api.get(
    apiRoutes.serviceAgents,
    {
      config: needs('Service_agent', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List chat widgets',
        querystring: serviceAgentsQuerySchema,
        response: { 200: serviceAgentPageSchema },
      },
    },
    async (request) => s.serviceAgents.list(await actorOf(request), request.query),
  );

  api.get(
    apiRoutes.serviceAgent,
    {
      config: needs('Service_agent', 'VIEW'),
      schema: { tags, summary: 'Read a chat widget', params, response: widget },
    },
    async (request) => s.serviceAgents.get(await actorOf(request), request.params.id),
  );

  // Every field may be left out, the body too: what is sent changes, the rest stays.
  api.put(
    apiRoutes.serviceAgent,
    {
      config: needs('Service_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a chat widget',
        params,
        body: orEmpty(serviceAgentUpdateSchema),
        response: widget,
      },
    },
    async (request) =>
      s.serviceAgents.update(await actorOf(request), request.params.id, request.body),
  );

  api.delete(
    apiRoutes.serviceAgent,
    {
      config: needs('Service_agent', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete a chat widget',
        params,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => s.serviceAgents.remove(await actorOf(request), request.params.id),
  );

  api.get(
    apiRoutes.serviceAgentHistory,
    {
      config: needs('Service_agent', 'VIEW'),
      schema: {
        tags,
        summary: 'List a chat widget’s visitor conversations',
        params: serviceAgentClientIdParamsSchema,
        querystring: serviceAgentHistoryQuerySchema,
        response: { 200: serviceAgentHistoryPageSchema },
      },
    },
    async (request) =>
      s.serviceAgents.history(await actorOf(request), request.params.client_id, request.query),
  );
}
