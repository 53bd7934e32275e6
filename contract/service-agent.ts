/**
 * Chat widgets, "service agent" (SPEC §2 /integration/chatbot, §3 "Chat widget integration",
 * §4 widget status toggle, §7 Chat widget). SPEC shows no payloads; these are ours.
 *
 * - A widget's `client_id` is its public key: 32 url-safe random characters, never all digits,
 *   so `/service-agent/{id}` takes the numeric id or the client_id in the same place.
 * - `status` is a boolean (true: active), as the other integrations' status (email accounts).
 * - Login by key: `POST /users/login` with the header `API_KEY: <client_id>` and no body (no
 *   content-type either). When the call comes from Atrium's own origin (the widget's iframe at
 *   `/chat?key=…`), it must also carry `X-Widget-Host: <origin of the page embedding it>`,
 *   which the embed script passes to the iframe as `&host=`. The answer is a visitor token:
 *   it opens `GET /service-agent/me`, `POST /service-agent/me/chat` and
 *   `POST /service-agent/me/feedback`, and every other API call with it answers 403.
 */
import { z } from 'zod';
import { apiRoutes, fillRoute } from './api-paths';
import { loginResponseSchema } from './auth';
import { chatHistoryEntrySchema, chatReferenceSchema } from './chat';
import { WIDGET_LIST_DEFAULT } from './constants';
import { actorSchema } from './identity';
import { pagedSchema, pageQuerySchema } from './paging';
import { patterns } from './validation';
import { VISITOR_QUESTION_MAX } from './widget-session';

export const WIDGET_DEFAULTS = {
  fg_color: '#ffffff',
  bg_color: '#321fdb',
  /**
   * Empty: each visitor is welcomed in their own language (the console's common:widgetWelcome);
   * the console prefills a new widget's field in its administrator's language instead.
   */
  welcome_message: '',
  daily_message_quota: 1000,
} as const;

export const WIDGET_NAME_MAX = 80;
export const WELCOME_MESSAGE_MAX = 1000;
export const WIDGET_QUOTA_MAX = 1_000_000;
const WIDGET_TARGET_AREAS_MAX = 50;
const WIDGET_HOSTS_MAX = 50;
export {
  EMBED_SCRIPT_PATH,
  VISITOR_QUESTION_MAX,
  VISITOR_TOKEN_TTL_SECONDS,
  WIDGET_HOST_HEADER,
  WIDGET_KEY_HEADER,
} from './widget-session';

const colourField = z
  .string()
  .trim()
  .regex(patterns.hexColor, 'validation:hexColor')
  .transform((c) => c.toLowerCase());

/** One `allowed_hosts` entry: `example.com`, `*.example.com`, `127.0.0.2:4173`. */
export const widgetHostField = z
  .string()
  .trim()
  .min(1, 'validation:required')
  .max(260, 'validation:tooLong')
  .regex(patterns.widgetHost, 'validation:widgetHost')
  .refine((h) => {
    const port = /:(\d+)$/.exec(h)?.[1];
    return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
  }, 'validation:widgetHost')
  // `*.com` would let every site in; a wildcard needs a name of two labels under it.
  .refine((h) => !h.startsWith('*.') || h.replace(/:\d+$/, '').split('.').length >= 3, {
    message: 'validation:widgetHost',
  })
  .transform((h) => h.toLowerCase());

const unique = <T>(list: T[]) => [...new Set(list)];

const fields = {
  client_name: z
    .string()
    .trim()
    .min(1, 'validation:required')
    .max(WIDGET_NAME_MAX, 'validation:tooLong')
    .regex(patterns.plainText, 'validation:plainText'),
  fg_color: colourField,
  bg_color: colourField,
  target_areas: z
    .array(z.number().int().positive())
    .min(1, 'validation:required')
    .max(WIDGET_TARGET_AREAS_MAX, 'validation:tooLong')
    .transform((ids) => unique(ids).sort((a, b) => a - b)),
  allowed_hosts: z
    .array(widgetHostField)
    .min(1, 'validation:required')
    .max(WIDGET_HOSTS_MAX, 'validation:tooLong')
    .transform(unique),
  status: z.boolean(),
  welcome_message: z
    .string()
    .trim()
    .max(WELCOME_MESSAGE_MAX, 'validation:tooLong')
    .regex(patterns.plainMultiline, 'validation:plainText'),
  daily_message_quota: z
    .number()
    .int('validation:numberRange')
    .min(1, 'validation:numberRange')
    .max(WIDGET_QUOTA_MAX, 'validation:numberRange'),
};

/** POST /service-agent. */
export const serviceAgentInputSchema = z.object({
  client_name: fields.client_name,
  fg_color: fields.fg_color.default(WIDGET_DEFAULTS.fg_color),
  bg_color: fields.bg_color.default(WIDGET_DEFAULTS.bg_color),
  target_areas: fields.target_areas,
  allowed_hosts: fields.allowed_hosts,
  status: fields.status.default(true),
  welcome_message: fields.welcome_message.default(WIDGET_DEFAULTS.welcome_message),
  daily_message_quota: fields.daily_message_quota.default(WIDGET_DEFAULTS.daily_message_quota),
});
export type ServiceAgentInput = z.input<typeof serviceAgentInputSchema>;
export type ServiceAgentCreate = z.infer<typeof serviceAgentInputSchema>;

/**
 * PUT /service-agent/{id}: any subset of the fields; what is left out stays. `{ status }` alone
 * is the list's toggle (SPEC §4). Built without the create defaults (zod 4 would fill them in).
 */
export const serviceAgentUpdateSchema = z.object(fields).partial();
export type ServiceAgentUpdate = z.infer<typeof serviceAgentUpdateSchema>;

export const serviceAgentSchema = z.object({
  id: z.number().int(),
  client_id: z.string(),
  client_name: z.string(),
  fg_color: z.string(),
  bg_color: z.string(),
  target_areas: z.array(z.number().int()),
  /** The departments' names, in the order of target_areas (our addition). */
  target_area_names: z.array(z.string()),
  allowed_hosts: z.array(z.string()),
  status: z.boolean(),
  welcome_message: z.string(),
  daily_message_quota: z.number().int(),
  /** Visitor questions counted today (UTC) against the quota (our addition). */
  messages_today: z.number().int(),
  created_by: actorSchema,
  updated_by: actorSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ServiceAgent = z.infer<typeof serviceAgentSchema>;

/** GET /service-agent?page&size&search (SPEC §9: page 1, size 5); search in name and key. */
export const serviceAgentsQuerySchema = pageQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(WIDGET_LIST_DEFAULT.page),
  size: z.coerce.number().int().min(1).max(500).default(WIDGET_LIST_DEFAULT.size),
});
export const serviceAgentPageSchema = pagedSchema(serviceAgentSchema);

// ------------------------------------------------------------ visitor conversations

export const serviceAgentTurnSchema = z.object({
  message_id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  references: z.array(chatReferenceSchema),
  no_answer: z.boolean(),
  engine: z.string(),
  model: z.string(),
  latency_ms: z.number().int(),
  rating: z.enum(['up', 'down']).nullable(),
  asked_at: z.string(),
  answered_at: z.string(),
});
export type ServiceAgentTurn = z.infer<typeof serviceAgentTurnSchema>;

/** One visitor session: its conversation, oldest turn first. */
export const serviceAgentConversationSchema = z.object({
  session_id: z.string(),
  /** The origin of the page the widget was opened on. */
  host: z.string(),
  visitor_address: z.string(),
  started_at: z.string(),
  last_active_at: z.string(),
  turns: z.array(serviceAgentTurnSchema),
});
export type ServiceAgentConversation = z.infer<typeof serviceAgentConversationSchema>;

/** GET /service-agent/history/{client_id}: newest session first (default page 1, size 100). */
export const serviceAgentHistoryQuerySchema = pageQuerySchema.omit({ search: true });
export const serviceAgentHistoryPageSchema = pagedSchema(serviceAgentConversationSchema);

// ------------------------------------------------------------------------ visitors

/** POST /users/login by key. */
export const visitorLoginResponseSchema = loginResponseSchema.extend({
  /** The visitor session: its conversation's id, for `?history=true&session_id=`. */
  session_id: z.string(),
  client_id: z.string(),
});
export type VisitorLoginResponse = z.infer<typeof visitorLoginResponseSchema>;

/** GET /service-agent/me[?history=true&session_id=…]. */
export const visitorWidgetQuerySchema = z.object({
  history: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  session_id: z.string().uuid().optional(),
});

/** The widget's look for its visitor, and with `history=true` the conversation so far. */
export const visitorWidgetSchema = z.object({
  client_id: z.string(),
  client_name: z.string(),
  fg_color: z.string(),
  bg_color: z.string(),
  welcome_message: z.string(),
  session_id: z.string(),
  expires_at: z.string(),
  history: z.array(chatHistoryEntrySchema).optional(),
});
export type VisitorWidget = z.infer<typeof visitorWidgetSchema>;

/**
 * POST /service-agent/me/chat: the answer is the assistant's (contract/chat's ChatAnswer, or
 * its event stream with `Accept: text/event-stream`); `chat_id` is the visitor session.
 */
export const visitorChatRequestSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'validation:required')
    .max(VISITOR_QUESTION_MAX, 'validation:tooLong'),
});

/** GET /widget-check?key=K, asked by the embed script from the page that embeds it. */
export const widgetCheckQuerySchema = z.object({ key: z.string().min(1).max(64) });
/** Whether that page's origin may show the widget: one of its allowed hosts, or Atrium's own. */
export const widgetCheckSchema = z.object({ allowed: z.boolean() });

/** POST /service-agent/me/feedback (JSON); answered with contract/chat's FeedbackResponse. */
export const visitorFeedbackSchema = z.object({
  message_id: z.number().int(),
  rating: z.enum(['up', 'down']),
});
export type VisitorFeedback = z.infer<typeof visitorFeedbackSchema>;

export const serviceAgentApiPaths = {
  list: apiRoutes.serviceAgents,
  create: apiRoutes.serviceAgents,
  /** A numeric id or a client_id. */
  one: (idOrClientId: number | string) => fillRoute(apiRoutes.serviceAgent, { id: idOrClientId }),
  history: (clientId: string) => fillRoute(apiRoutes.serviceAgentHistory, { client_id: clientId }),
  me: apiRoutes.serviceAgentMe,
  chat: apiRoutes.serviceAgentChat,
  feedback: apiRoutes.serviceAgentFeedback,
} as const;

/** `/service-agent/{id}`: a widget's numeric id or its client_id. */
export const serviceAgentRefParamsSchema = z.object({ id: z.string().min(1).max(64) });
/** GET /service-agent/history/{client_id}. */
export const serviceAgentClientIdParamsSchema = z.object({ client_id: z.string().min(1).max(64) });
