/**
 * Helpdesk routes (SPEC §7 Helpdesk). Each declares its Helpdesk right (SPEC §6); department
 * scope is the services'. `POST /helpdesk/exchange` is the helpdesk site's call: no user
 * session, authenticated by the helpdesk's signing secret (still behind x-api-key).
 */
import type { FastifyRequest } from 'fastify';
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
  helpdeskServingSchema,
  helpdeskAdminInputSchema,
  helpdeskAdminSchema,
  helpdeskIdParamsSchema as params,
  helpdeskInputSchema,
  helpdeskPageSchema,
  helpdeskQuerySchema,
  helpdeskSchema,
  helpdeskUpdateSchema,
  helpdeskTicketsQuerySchema,
  ticketPageSchema,
  ticketSchema,
  visitorContactSchema,
  visitorPageSchema,
  visitorTicketAnswerSchema,
  visitorTicketSchema,
} from '../../../contract/helpdesk-api';
import { errors } from '../../http/app-error';
import { type Api, needs, orEmpty } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { WidgetService } from '../service-agent/public';
import type { AgentsService } from './agents-service';
import { HANDOFF_RIGHT, type HandoffService } from './handoff';
import type { HelpdeskService } from './service';
import type { createTicketRetry } from './ticket-retry';
import type { Tickets } from './tickets';

const tags = ['Helpdesk'];

interface HelpdeskServices {
  helpdesks: HelpdeskService;
  helpdeskAgents: AgentsService;
  helpdeskHandoff: HandoffService;
  helpdeskTickets: Tickets;
  retryTicket: ReturnType<typeof createTicketRetry>;
  serviceAgents: WidgetService;
}

/** The visitor session of a visitor route (the auth hook lets only visitor tokens in). */
function sessionOf(request: FastifyRequest): string {
  if (!request.visitor) throw errors.unauthorized();
  return request.visitor.sessionId;
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

  // Asked before the hand-off, with its right: a hand-off that would find nothing is not made.
  api.get(
    apiRoutes.helpdeskServing,
    {
      config: needs('Helpdesk', HANDOFF_RIGHT),
      schema: {
        tags,
        summary: 'Whether a helpdesk serves me',
        response: { 200: helpdeskServingSchema },
      },
    },
    async (request) => ({ serving: await s.helpdeskHandoff.serves(await actorOf(request)) }),
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

  // The tickets given to a helpdesk, with each one's delivery and its last attempt.
  api.get(
    apiRoutes.helpdeskTickets,
    {
      config: needs('Helpdesk', 'VIEW'),
      schema: {
        tags,
        summary: 'List a helpdesk’s tickets and their deliveries',
        params,
        querystring: helpdeskTicketsQuerySchema,
        response: { 200: ticketPageSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await s.helpdesks.check(await actorOf(request), id, 'VIEW');
      return s.helpdeskTickets.view.ofHelpdesk(id, request.query.page, request.query.size);
    },
  );

  // Try a ticket's queued events again now (the helpdesk's UPDATE right, department-scoped).
  api.post(
    apiRoutes.helpdeskTicketRetry,
    {
      config: needs('Helpdesk', 'UPDATE'),
      schema: {
        tags,
        summary: 'Send a ticket to its helpdesk again now',
        params,
        response: { 200: ticketSchema },
      },
    },
    async (request) => s.retryTicket(await actorOf(request), request.params.id),
  );

  // A widget visitor's own calls (their token only): where the widget is, their ticket, and
  // the address they leave for the reply.
  const visitor = { visitor: true } as const;
  const visitorTags = ['Chatbot visitors'];
  api.put(
    apiRoutes.helpdeskVisitorPage,
    {
      config: visitor,
      schema: {
        tags: visitorTags,
        summary: 'Tell the page the chat is on',
        body: visitorPageSchema,
        response: { 200: visitorPageSchema },
      },
    },
    async (request) => s.helpdeskTickets.visitorPage(sessionOf(request), request.body),
  );

  api.get(
    apiRoutes.helpdeskVisitorTicket,
    {
      config: visitor,
      schema: {
        tags: visitorTags,
        summary: 'Read the visitor’s ticket',
        response: { 200: visitorTicketAnswerSchema },
      },
    },
    async (request) => ({ ticket: await s.helpdeskTickets.view.ofVisitor(sessionOf(request)) }),
  );

  api.put(
    apiRoutes.helpdeskVisitorContact,
    {
      config: visitor,
      schema: {
        tags: visitorTags,
        summary: 'Leave an address for the reply',
        body: visitorContactSchema,
        response: { 200: visitorTicketSchema },
      },
    },
    async (request) => s.helpdeskTickets.giveContact(sessionOf(request), request.body.email),
  );
}
