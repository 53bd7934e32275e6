/**
 * Helpdesk routes (SPEC §7 Helpdesk). Each declares its Helpdesk right (SPEC §6); department
 * scope is the services'. `POST /helpdesk/exchange` is the helpdesk site's call: no user
 * session, authenticated by the helpdesk's signing secret (still behind x-api-key).
 */
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
  helpdeskIdParamsSchema as params,
  helpdeskInputSchema,
  helpdeskPageSchema,
  helpdeskQuerySchema,
  helpdeskSchema,
  helpdeskUpdateSchema,
} from '../../../contract/helpdesk-api';
import { errors } from '../../http/app-error';
import { type Api, needs, orEmpty } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { WidgetService } from '../service-agent/public';
import type { AgentsService } from './agents-service';
import { HANDOFF_RIGHT, type HandoffService } from './handoff';
import type { HelpdeskService } from './service';
import type { Tickets } from './tickets';

const tags = ['Helpdesk'];

interface HelpdeskServices {
  helpdesks: HelpdeskService;
  helpdeskAgents: AgentsService;
  helpdeskHandoff: HandoffService;
  helpdeskTickets: Tickets;
  serviceAgents: WidgetService;
}

export function registerHelpdeskRoutes(api: Api, s: HelpdeskServices) {
  const helpdesk = { 200: helpdeskSchema };
  const agent = { 200: agentSchema };

  api.post(
    apiRoutes.helpdesks,
    {
      config: needs('Helpdesk', 'ADD'),
      schema: {
        tags,
        summary: 'Connect a helpdesk',
        body: helpdeskInputSchema,
        response: { 201: helpdeskSchema },
      },
    },
    async (request, reply) => {
      const created = await s.helpdesks.create(await actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  api.get(
    apiRoutes.helpdesks,
    {
      config: needs('Helpdesk', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List helpdesks',
        querystring: helpdeskQuerySchema,
        response: { 200: helpdeskPageSchema },
      },
    },
    async (request) => s.helpdesks.list(await actorOf(request), request.query),
  );

  api.get(
    apiRoutes.helpdesk,
    {
      config: needs('Helpdesk', 'VIEW'),
      schema: { tags, summary: 'Read a helpdesk', params, response: helpdesk },
    },
    async (request) => s.helpdesks.get(await actorOf(request), request.params.id),
  );

  api.put(
    apiRoutes.helpdesk,
    {
      config: needs('Helpdesk', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a helpdesk',
        params,
        body: orEmpty(helpdeskUpdateSchema),
        response: helpdesk,
      },
    },
    async (request) => s.helpdesks.update(await actorOf(request), request.params.id, request.body),
  );

  api.post(
    apiRoutes.helpdeskAdmin,
    {
      config: needs('Helpdesk', 'ADD'),
      schema: {
        tags,
        summary: 'Make a person a helpdesk administrator',
        body: helpdeskAdminInputSchema,
        response: { 201: helpdeskAdminSchema },
      },
    },
    async (request, reply) => {
      const admin = await s.helpdeskAgents.addAdmin(await actorOf(request), request.body.user_id);
      return reply.code(201).send(admin);
    },
  );

  api.get(
    apiRoutes.helpdeskAgents,
    {
      config: needs('Helpdesk', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List helpdesk agents',
        querystring: agentsQuerySchema,
        response: { 200: agentPageSchema },
      },
    },
    async (request) => s.helpdeskAgents.list(await actorOf(request), request.query),
  );

  api.post(
    apiRoutes.helpdeskAgents,
    {
      config: needs('Helpdesk', 'ADD'),
      schema: {
        tags,
        summary: 'Add a helpdesk agent',
        body: agentInputSchema,
        response: { 201: agentSchema },
      },
    },
    async (request, reply) => {
      const added = await s.helpdeskAgents.add(await actorOf(request), request.body);
      return reply.code(201).send(added);
    },
  );

  api.put(
    apiRoutes.helpdeskAgent,
    {
      config: needs('Helpdesk', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a helpdesk agent',
        params,
        body: orEmpty(agentUpdateSchema),
        response: agent,
      },
    },
    async (request) =>
      s.helpdeskAgents.update(await actorOf(request), request.params.id, request.body),
  );

  // Opening the helpdesk: the rule of the /helpdesk route (SPEC §6); where it leads, too.
  api.post(
    apiRoutes.helpdeskHandoff,
    {
      config: needs('Helpdesk', HANDOFF_RIGHT),
      schema: {
        tags,
        summary: 'Open the helpdesk signed in',
        body: orEmpty(handoffInputSchema),
        response: { 200: handoffSchema },
      },
    },
    async (request) => s.helpdeskHandoff.mint(await actorOf(request), request.body.helpdesk_id),
  );

  // The helpdesk site's call, with its signing secret as the bearer.
  api.post(
    apiRoutes.helpdeskExchange,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Exchange a hand-off token (helpdesk site)',
        body: exchangeInputSchema,
        response: { 200: exchangeSchema },
      },
    },
    async (request) =>
      s.helpdeskHandoff.exchange(request.headers.authorization, request.body.token),
  );

  // The ticket of a conversation: one's own, or a visitor conversation of a chat widget one
  // may view (the widget's rules decide; 404 otherwise).
  api.get(
    apiRoutes.helpdeskConversationTicket,
    {
      schema: {
        tags,
        summary: 'Read a conversation’s ticket',
        params: conversationTicketParamsSchema,
        response: { 200: conversationTicketSchema },
      },
    },
    async (request) => {
      const { chat_id } = request.params;
      const actor = await actorOf(request);
      if (!(await s.helpdeskTickets.isOwnConversation(chat_id, actor.id))) {
        const widgetId = await s.helpdeskTickets.widgetOf(chat_id);
        if (widgetId === undefined) throw errors.notFound('This conversation does not exist.');
        await s.serviceAgents.get(actor, String(widgetId));
      }
      return { ticket: await s.helpdeskTickets.ofConversation(chat_id) };
    },
  );
}
