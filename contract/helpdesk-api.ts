/**
 * Helpdesk integrations (SPEC §2 /integration/helpdesk, §3 "Helpdesk admin", §7 Helpdesk).
 * SPEC shows no payloads; these are ours.
 *
 * - A helpdesk is an external site: `site_url` + `callback_path` is where a person is sent
 *   with a short-lived hand-off token (`?token=…`), `site_url` + `webhook_path` is where
 *   tickets are posted. Its `signing_secret` (`hds_<id>.<random>`) is shown once, when the
 *   helpdesk is created or the secret rotated: it signs the webhooks (header
 *   `X-Atrium-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, with
 *   `X-Atrium-Timestamp`) and authenticates the site at `POST /helpdesk/exchange`.
 * - Hand-off: `POST /helpdesk/handoff` mints a single-use token valid for
 *   HANDOFF_TTL_SECONDS; the site exchanges it with `Authorization: Bearer <signing_secret>`
 *   and `{ token }` for the person's identity, departments and helpdesk role.
 * - Agents are users holding the Helpdesk role (role_id 3) in a department; an agent whose
 *   status becomes `removed` loses that role there.
 */
import { z } from 'zod';
import { emailField } from './auth';
import { SUPPORTED_LANGUAGES } from './constants';
import { recordIdSchema } from './ids';
import { apiRoutes, fillRoute } from './api-paths';
import { HELPDESK_CALLBACK_PATH } from './helpdesk';
import { actorSchema } from './identity';
import { pagedSchema, pageQuerySchema } from './paging';
import { patterns } from './validation';

export const HANDOFF_TTL_SECONDS = 60;
export const HELPDESK_NAME_MAX = 80;
export const HELPDESK_WEBHOOK_PATH = '/webhooks/atrium';
export const AGENT_CAPACITY_MAX = 100;
export const SIGNATURE_HEADER = 'x-atrium-signature';
export const TIMESTAMP_HEADER = 'x-atrium-timestamp';
export const DELIVERY_HEADER = 'x-atrium-delivery';

const unique = <T>(list: T[]) => [...new Set(list)];
const pathField = z
  .string()
  .trim()
  .max(200, 'validation:tooLong')
  .regex(/^\/[A-Za-z0-9/_.~-]*$/, 'validation:sitePath');

const fields = {
  name: z
    .string()
    .trim()
    .min(1, 'validation:required')
    .max(HELPDESK_NAME_MAX, 'validation:tooLong')
    .regex(patterns.plainText, 'validation:plainText'),
  site_url: z
    .string()
    .trim()
    .max(500, 'validation:tooLong')
    .regex(patterns.url, 'validation:siteUrl')
    .refine((u) => URL.canParse(u), 'validation:siteUrl')
    .transform((u) => u.replace(/\/+$/, '')),
  callback_path: pathField,
  webhook_path: pathField,
  status: z.boolean(),
  departments: z
    .array(z.number().int().positive())
    .min(1, 'validation:required')
    .max(50, 'validation:tooLong')
    .transform((ids) => unique(ids).sort((a, b) => a - b)),
};

/** POST /helpdesk. */
export const helpdeskInputSchema = z.object({
  name: fields.name,
  site_url: fields.site_url,
  callback_path: fields.callback_path.default(HELPDESK_CALLBACK_PATH),
  webhook_path: fields.webhook_path.default(HELPDESK_WEBHOOK_PATH),
  status: fields.status.default(true),
  departments: fields.departments,
});
export type HelpdeskInput = z.input<typeof helpdeskInputSchema>;
export type HelpdeskCreate = z.infer<typeof helpdeskInputSchema>;

/** PUT /helpdesk/{id}: any subset; `rotate_secret: true` issues a new secret, shown once. */
export const helpdeskUpdateSchema = z
  .object(fields)
  .partial()
  .extend({ rotate_secret: z.boolean().optional() });
export type HelpdeskUpdateInput = z.input<typeof helpdeskUpdateSchema>;
export type HelpdeskUpdate = z.infer<typeof helpdeskUpdateSchema>;

export const helpdeskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  site_url: z.string(),
  callback_path: z.string(),
  webhook_path: z.string(),
  status: z.boolean(),
  departments: z.array(z.number().int()),
  department_names: z.array(z.string()),
  /** Only in the answer that created or rotated it; never again. */
  signing_secret: z.string().optional(),
  /** Tickets waiting for delivery to this helpdesk. */
  pending_deliveries: z.number().int(),
  created_by: actorSchema,
  updated_by: actorSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Helpdesk = z.infer<typeof helpdeskSchema>;

export const helpdeskQuerySchema = pageQuerySchema;
export const helpdeskPageSchema = pagedSchema(helpdeskSchema);

// ------------------------------------------------------------------------ admin

/** POST /helpdesk/admin (SPEC §3 "Helpdesk admin"). */
export const helpdeskAdminInputSchema = z.object({ user_id: z.number().int().positive() });
export const helpdeskAdminSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type HelpdeskAdmin = z.infer<typeof helpdeskAdminSchema>;

// ----------------------------------------------------------------------- agents

const agentStatusSchema = z.enum(['available', 'away', 'removed']);

const capacityField = z
  .number()
  .int('validation:numberRange')
  .min(1, 'validation:numberRange')
  .max(AGENT_CAPACITY_MAX, 'validation:numberRange');

/** POST /helpdesk/agents: gives the user the Helpdesk role in the department. */
export const agentInputSchema = z
  .object({
    /** The user, by id or by e-mail (the console's form has the e-mail): one of the two. */
    user_id: z.number().int().positive().optional(),
    email: z.string().trim().toLowerCase().max(254, 'validation:tooLong').optional(),
    department_id: z.number().int().positive(),
    status: agentStatusSchema.exclude(['removed']).default('available'),
    capacity: capacityField.default(5),
  })
  .refine((a) => a.user_id !== undefined || Boolean(a.email), {
    message: 'validation:required',
    path: ['email'],
  });
export type AgentInput = z.input<typeof agentInputSchema>;
export type AgentCreate = z.infer<typeof agentInputSchema>;

/** PUT /helpdesk/agents/{id}: status `removed` takes the role away; back again gives it. */
export const agentUpdateSchema = z.object({
  status: agentStatusSchema.optional(),
  capacity: capacityField.optional(),
});
export type AgentUpdate = z.infer<typeof agentUpdateSchema>;

export const agentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  department_id: z.number().int(),
  department_name: z.string(),
  status: agentStatusSchema,
  capacity: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

export const agentsQuerySchema = pageQuerySchema.extend({
  include_removed: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const agentPageSchema = pagedSchema(agentSchema);

// ------------------------------------------------------------------ hand-off

/**
 * GET /helpdesk/serving: whether a hand-off would find a helpdesk for the person, so that the
 * console says what to set up instead of asking for a token that would be refused.
 */
export const helpdeskServingSchema = z.object({ serving: z.boolean() });
export type HelpdeskServing = z.infer<typeof helpdeskServingSchema>;

/** POST /helpdesk/handoff: optional choice among the helpdesks serving the person. */
export const handoffInputSchema = z.object({ helpdesk_id: z.number().int().positive().optional() });
export const handoffSchema = z.object({
  helpdesk_id: z.number().int(),
  /** The site's callback address with `?token=`; open it within `expires_at`. */
  url: z.string(),
  expires_at: z.string(),
});
export type Handoff = z.infer<typeof handoffSchema>;

/** POST /helpdesk/exchange (the helpdesk site's call, with its signing secret). */
export const exchangeInputSchema = z.object({ token: z.string().min(1).max(200) });
export const exchangeSchema = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** admin: named by POST /helpdesk/admin; agent: holds the Helpdesk role; viewer: otherwise. */
  helpdesk_role: z.enum(['admin', 'agent', 'viewer']),
  helpdesk_id: z.number().int(),
});
export type Exchange = z.infer<typeof exchangeSchema>;

// ------------------------------------------------------------------- tickets

const ticketReasonSchema = z.enum(['asked_for_person', 'rated_down_twice']);

/**
 * Why a delivery attempt failed, as a code the console translates: http_status (the helpdesk
 * answered something else than 2xx, `status` says what), timeout (no answer in time),
 * unreachable (no connection: refused, reset, unknown name), address_refused (a private or
 * loopback address URL_FETCH_ALLOW does not list), tls (the certificate was refused),
 * switched_off, no_secret, helpdesk_gone, failed (anything else; the server log has its words).
 */
export const deliveryFailureCodes = [
  'http_status',
  'timeout',
  'unreachable',
  'address_refused',
  'tls',
  'switched_off',
  'no_secret',
  'helpdesk_gone',
  'failed',
] as const;
export type DeliveryFailure = (typeof deliveryFailureCodes)[number];
export const deliveryAttemptSchema = z.object({
  at: z.string(),
  /** The HTTP status the helpdesk answered; null when no answer came back. */
  status: z.number().int().nullable(),
  /** Why it failed; null when it was delivered. */
  reason: z.enum(deliveryFailureCodes).nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** A widget visitor's ticket: the widget, and the page address and language the widget told. */
export const ticketSourceSchema = z.object({
  widget: z.object({ id: z.number().int(), client_id: z.string(), name: z.string() }).nullable(),
  page_url: z.string().nullable(),
  /** The origin the widget was opened on, as checked at its login. */
  host: z.string().nullable(),
});
/**
 * Why a ticket waits for a helpdesk. A ticket goes only to an active helpdesk serving every
 * department its conversation touched (each turn's chosen department, else those it searched):
 * no_department: the conversation touched none; no_helpdesk: no active helpdesk serves any of
 * them; not_every_department: some serve some, none serves all.
 */
export const ticketWaitingSchema = z.enum(['no_department', 'no_helpdesk', 'not_every_department']);
export type TicketWaiting = z.infer<typeof ticketWaitingSchema>;
export const ticketSchema = z.object({
  id: z.number().int(),
  conversation_id: z.string(),
  channel: z.enum(['console', 'widget']),
  reason: ticketReasonSchema,
  helpdesk_id: z.number().int().nullable(),
  /**
   * queued: waiting for (another) delivery attempt; delivered: the helpdesk has it;
   * no_helpdesk: it waits for a helpdesk, for the reason `waiting` gives.
   */
  delivery: z.enum(['queued', 'delivered', 'no_helpdesk']),
  /** Why it waits (null once a helpdesk has it): see ticketWaitingSchema. */
  waiting: ticketWaitingSchema.nullable(),
  /** The departments the conversation touched: its helpdesk must serve every one of them. */
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.string(),
  /** The language the person asked in (a helpdesk answers in it); null when unknown. */
  language: z.string().nullable(),
  /** How to reach the person: a visitor's address left in the widget, a user's e-mail. */
  contact_email: z.string().nullable(),
  /** Where it came from: the chat widget and the page it was on, for a visitor's ticket. */
  source: ticketSourceSchema,
  /** When the helpdesk acknowledged its last event (2xx). */
  delivered_at: z.string().nullable(),
  /** Attempts of the event now queued (0 once delivered). */
  attempts: z.number().int(),
  /** The last attempt to post it, delivered or not; null before the first. */
  last_attempt: deliveryAttemptSchema.nullable(),
  /** When the next attempt is due, while one is queued. */
  next_attempt_at: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;
/** GET /helpdesk/{id}/tickets: the tickets given to one helpdesk, newest first. */
export const helpdeskTicketsQuerySchema = pageQuerySchema;
export const ticketPageSchema = pagedSchema(ticketSchema);
/** GET /helpdesk/tickets/conversation/{chat_id}: the ticket of one's own conversation, or null. */
export const conversationTicketSchema = z.object({ ticket: ticketSchema.nullable() });

// ------------------------------------------------------------ a widget visitor's

export const VISITOR_PAGE_URL_MAX = 2000;
/**
 * PUT /helpdesk/visitor/page (a visitor token's call): the page the widget is on (its address
 * without query or fragment, which may hold someone's tokens) and the widget's language, kept
 * for the tickets of the visitor's conversation.
 */
export const visitorPageSchema = z.object({
  page_url: z
    .string()
    .trim()
    .max(VISITOR_PAGE_URL_MAX, 'validation:tooLong')
    .regex(patterns.url, 'validation:siteUrl')
    .refine((u) => URL.canParse(u), 'validation:siteUrl')
    .nullable(),
  language: z.enum(SUPPORTED_LANGUAGES),
});
export type VisitorPage = z.infer<typeof visitorPageSchema>;

/** What a visitor sees of their own ticket. */
export const visitorTicketSchema = z.object({
  id: z.number().int(),
  reason: ticketReasonSchema,
  /** queued: being passed on; delivered: the team has it (since delivered_at); waiting: kept until a helpdesk takes it. */
  delivery: z.enum(['queued', 'delivered', 'waiting']),
  delivered_at: z.string().nullable(),
  contact_email: z.string().nullable(),
  created_at: z.string(),
});
export type VisitorTicket = z.infer<typeof visitorTicketSchema>;
/** GET /helpdesk/visitor/ticket: the ticket of the visitor's conversation, or null. */
export const visitorTicketAnswerSchema = z.object({ ticket: visitorTicketSchema.nullable() });
/** PUT /helpdesk/visitor/ticket/contact: where the team may answer. */
export const visitorContactSchema = z.object({ email: emailField });
export type VisitorContact = z.infer<typeof visitorContactSchema>;

export const helpdeskApiPaths = {
  list: apiRoutes.helpdesks,
  one: (id: number) => fillRoute(apiRoutes.helpdesk, { id }),
  admin: apiRoutes.helpdeskAdmin,
  agents: apiRoutes.helpdeskAgents,
  agent: (id: number) => fillRoute(apiRoutes.helpdeskAgent, { id }),
  handoff: apiRoutes.helpdeskHandoff,
  serving: apiRoutes.helpdeskServing,
  exchange: apiRoutes.helpdeskExchange,
  conversationTicket: (chatId: string) =>
    fillRoute(apiRoutes.helpdeskConversationTicket, { chat_id: chatId }),
  tickets: (id: number) => fillRoute(apiRoutes.helpdeskTickets, { id }),
  retry: (id: number) => fillRoute(apiRoutes.helpdeskTicketRetry, { id }),
  visitorPage: apiRoutes.helpdeskVisitorPage,
  visitorTicket: apiRoutes.helpdeskVisitorTicket,
  visitorContact: apiRoutes.helpdeskVisitorContact,
} as const;

/** `/helpdesk/{id}` and `/helpdesk/agents/{id}`. */
export const helpdeskIdParamsSchema = z.object({ id: recordIdSchema });
/** GET /helpdesk/tickets/conversation/{chat_id}. */
export const conversationTicketParamsSchema = z.object({ chat_id: z.string().min(1).max(64) });
