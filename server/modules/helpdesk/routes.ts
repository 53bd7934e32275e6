/**
 * Helpdesk routes (SPEC §7 Helpdesk; issue 17). Each declares its Helpdesk right (SPEC §6);
 * department scope is the services'. `POST /helpdesk/exchange` is the helpdesk site's call:
 * no user session, authenticated by the helpdesk's signing secret (still behind x-api-key).
 */
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import {
  agentInputSchema,
  agentPageSchema,
  agentSchema,
  agentsQuerySchema,
  agentUpdateSchema,
  conversationTicketParamsSchema,
  conversationTicketSchema,
  exchangeInputSchema,
  exchangeSchema,
  handoffInputSchema,
  handoffSchema,
  helpdeskAdminInputSchema,
  helpdeskAdminSchema,
  helpdeskIdParamsSchema,
  helpdeskInputSchema,
  helpdeskPageSchema,
  helpdeskQuerySchema,
  helpdeskSchema,
  helpdeskUpdateSchema,
} from '../../../contract/helpdesk-api';
import type { ActionName } from '../../../contract/permissions';
import type { WidgetService } from '../service-agent/service';
import type { AgentsService } from './agents-service';
import type { HandoffService } from './handoff';
import type { HelpdeskService } from './service';
import type { Tickets } from './tickets';
import { errors } from '../../http/app-error';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';
import { HANDOFF_RIGHT } from './handoff';

const needs = (action: ActionName) => ({
  config: { permission: { module: 'Helpdesk', action } as const },
});

interface HelpdeskServices {
  helpdesks: HelpdeskService;
  helpdeskAgents: AgentsService;
  helpdeskHandoff: HandoffService;
  helpdeskTickets: Tickets;
  serviceAgents: WidgetService;
}

export function registerHelpdeskRoutes(api: FastifyInstance, s: HelpdeskServices) {
  api.post(apiRoutes.helpdesks, needs('ADD'), async (request, reply) => {
    const body = parseInput(helpdeskInputSchema, request.body);
    const created = await s.helpdesks.create(await actorOf(request), body);
    return reply.code(201).send(shape(helpdeskSchema, created));
  });

  api.get(apiRoutes.helpdesks, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(helpdeskQuerySchema, request.query, 'query');
    return shape(helpdeskPageSchema, await s.helpdesks.list(await actorOf(request), query));
  });

  api.get(apiRoutes.helpdesk, needs('VIEW'), async (request) => {
    const { id } = parseInput(helpdeskIdParamsSchema, request.params, 'params');
    return shape(helpdeskSchema, await s.helpdesks.get(await actorOf(request), id));
  });

  api.put(apiRoutes.helpdesk, needs('UPDATE'), async (request) => {
    const { id } = parseInput(helpdeskIdParamsSchema, request.params, 'params');
    const body = parseInput(helpdeskUpdateSchema, request.body ?? {});
    return shape(helpdeskSchema, await s.helpdesks.update(await actorOf(request), id, body));
  });

  api.post(apiRoutes.helpdeskAdmin, needs('ADD'), async (request, reply) => {
    const { user_id } = parseInput(helpdeskAdminInputSchema, request.body);
    const admin = await s.helpdeskAgents.addAdmin(await actorOf(request), user_id);
    return reply.code(201).send(shape(helpdeskAdminSchema, admin));
  });

  api.get(apiRoutes.helpdeskAgents, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(agentsQuerySchema, request.query, 'query');
    return shape(agentPageSchema, await s.helpdeskAgents.list(await actorOf(request), query));
  });

  api.post(apiRoutes.helpdeskAgents, needs('ADD'), async (request, reply) => {
    const body = parseInput(agentInputSchema, request.body);
    const agent = await s.helpdeskAgents.add(await actorOf(request), body);
    return reply.code(201).send(shape(agentSchema, agent));
  });

  api.put(apiRoutes.helpdeskAgent, needs('UPDATE'), async (request) => {
    const { id } = parseInput(helpdeskIdParamsSchema, request.params, 'params');
    const body = parseInput(agentUpdateSchema, request.body ?? {});
    return shape(agentSchema, await s.helpdeskAgents.update(await actorOf(request), id, body));
  });

  // Opening the helpdesk: the rule of the /helpdesk route (SPEC §6); where it leads, too.
  api.post(apiRoutes.helpdeskHandoff, needs(HANDOFF_RIGHT), async (request) => {
    const { helpdesk_id } = parseInput(handoffInputSchema, request.body ?? {});
    return shape(handoffSchema, await s.helpdeskHandoff.mint(await actorOf(request), helpdesk_id));
  });

  api.post(apiRoutes.helpdeskExchange, { config: { public: true } }, async (request) => {
    const { token } = parseInput(exchangeInputSchema, request.body);
    const identity = await s.helpdeskHandoff.exchange(request.headers.authorization, token);
    return shape(exchangeSchema, identity);
  });

  // The ticket of a conversation: one's own, or a visitor conversation of a chat widget one
  // may view (the widget's rules decide; 404 otherwise).
  api.get(apiRoutes.helpdeskConversationTicket, async (request) => {
    const { chat_id } = parseInput(conversationTicketParamsSchema, request.params, 'params');
    const actor = await actorOf(request);
    if (!(await s.helpdeskTickets.isOwnConversation(chat_id, actor.id))) {
      const widgetId = await s.helpdeskTickets.widgetOf(chat_id);
      if (widgetId === undefined) throw errors.notFound('This conversation does not exist.');
      await s.serviceAgents.get(actor, String(widgetId));
    }
    return shape(conversationTicketSchema, {
      ticket: await s.helpdeskTickets.ofConversation(chat_id),
    });
  });
}
