/**
 * The knowledge assistant (SPEC §2 /chat, §3 chat state and history entry, §4, §7 Chat, §8).
 * SPEC does not show payloads; these are ours.
 * - POST /chat/stuff answers in one pass; /chat/stuff-v2 first turns a follow-up into a
 *   standalone question from the conversation; /chat/stuff-v3 splits a compound question into
 *   parts, retrieves for each and composes one answer.
 * - A request with `Accept: text/event-stream` gets Server-Sent Events (`meta`, `delta`, `done`,
 *   `error`, each `data:` a JSON object: `meta` is `{chat_id, references}`, `delta` is `{text}`);
 *   otherwise one JSON ChatAnswer. `done` carries the whole ChatAnswer and is authoritative; a
 *   second `meta` (the model failed mid-answer and the built-in engine answers instead) means:
 *   start the text over. `error` is `{message, code}`.
 */
import { apiRoutes, fillRoute } from './api-paths';
import { z } from 'zod';
import { DEFAULT_CHAT_MODEL } from './constants';
import { visualRouteSchema } from './chat-visuals';
import { pageQuerySchema, pagedSchema } from './paging';

/** The built-in extractive engine's model id (offered whether or not an LLM is configured). */
export const BUILTIN_MODEL_ID = 'atrium-extractive';

export const chatEngineSchema = z.enum(['builtin', 'openai']);
export type ChatEngine = z.infer<typeof chatEngineSchema>;

export const chatModelSchema = z.object({
  id: z.string(),
  /** Shown in the selector; the built-in engine says what it is. */
  label: z.string(),
  engine: chatEngineSchema,
});
export type ChatModel = z.infer<typeof chatModelSchema>;

/** GET /chat/models */
export const chatModelsResponseSchema = z.object({
  models: z.array(chatModelSchema),
  /** gpt-4o (SPEC §9) when an LLM is configured, else the built-in engine. */
  default_model: z.string(),
});
export type ChatModelsResponse = z.infer<typeof chatModelsResponseSchema>;

/** SPEC §3 chat toggles, as the request carries them. */
const chatTogglesSchema = z.object({
  references: z.boolean().default(true),
  recommendations: z.boolean().default(false),
  advanced_search: z.boolean().default(false),
  multi_source: z.boolean().default(false),
  eval_matrix: z.boolean().default(false),
  fetch_images: z.boolean().default(false),
});

export const chatRequestSchema = chatTogglesSchema.extend({
  query: z.string().trim().min(1, 'validation:required').max(4000, 'validation:tooLong'),
  /** Conversation uuid; absent starts a new conversation. */
  chat_id: z.string().uuid().optional(),
  model: z.string().max(200).default(DEFAULT_CHAT_MODEL),
  /** The department to answer from; ignored with multi_source (all the user may query). */
  department_id: z.number().int().nullable().optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const chatReferenceSchema = z.object({
  /** The citation number used in the answer text as [n]. */
  n: z.number().int(),
  document_id: z.number().int(),
  document_name: z.string(),
  /** Our addition: the document's own title (a web page's <title>), null when it has none. */
  document_title: z.string().nullable(),
  is_url: z.boolean(),
  page: z.number().int().nullable(),
  sheet: z.string().nullable(),
  row_start: z.number().int().nullable(),
  row_end: z.number().int().nullable(),
  heading: z.string().nullable(),
  snippet: z.string(),
  score: z.number(),
});
export type ChatReference = z.infer<typeof chatReferenceSchema>;

export const chatEvalSchema = z.object({
  retrieval: z.array(
    z.object({ n: z.number().int(), chunk_id: z.number().int(), score: z.number() }),
  ),
  /** Share (0–1) of the answer's sentences supported by the cited passages. */
  support: z.number(),
  timings: z.object({
    retrieval_ms: z.number(),
    generation_ms: z.number(),
    total_ms: z.number(),
  }),
});
export type ChatEval = z.infer<typeof chatEvalSchema>;

/** Kinds of LLM failure a chat answer reports; the console translates each. */
export const providerErrorCodes = [
  'LLM_TIMEOUT',
  'LLM_HTTP_ERROR',
  'LLM_UNREACHABLE',
  'LLM_BAD_ANSWER',
] as const;
export type ProviderErrorCode = (typeof providerErrorCodes)[number];

export const chatAnswerSchema = z.object({
  chat_id: z.string(),
  /** The turn's id: feedback and recommendations refer to it. */
  message_id: z.number().int(),
  answer: z.string(),
  engine: chatEngineSchema,
  model: z.string(),
  /** True when nothing relevant was found and the answer says so. */
  no_answer: z.boolean(),
  references: z.array(chatReferenceSchema),
  images: z.array(z.object({ document_id: z.number().int(), url: z.string(), alt: z.string() })),
  eval: chatEvalSchema.nullable(),
  /** v2: the standalone question actually searched. */
  standalone_question: z.string().nullable(),
  /** v3: the parts the question was split into. */
  sub_questions: z.array(z.string()).nullable(),
  user_timestamp: z.string(),
  ai_timestamp: z.string(),
  /** Set when the LLM failed or timed out: the message, and the built-in engine is offered. */
  provider_error: z.string().nullable(),
  /** Why the LLM failed, for the console to say in the reader's language (never its own text). */
  provider_error_code: z.enum(providerErrorCodes).nullable().optional(),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/** SPEC §3 chat history entry (each becomes a user and a server message). */
export const chatHistoryEntrySchema = z.object({
  message_id: z.number().int(),
  user: z.string(),
  ai: z.string(),
  user_timestamp: z.string(),
  ai_timestamp: z.string(),
  engine: chatEngineSchema,
  model: z.string(),
  references: z.array(chatReferenceSchema),
  /** Added later: true when nothing was found, so the console says so in its own language. */
  no_answer: z.boolean().optional(),
  feedback: z.object({ rating: z.enum(['up', 'down']), comment: z.string() }).nullable(),
  /** The chart drawn for this answer, kept with it: the console draws it again on reopening. */
  chart: z.object({ route: visualRouteSchema }).nullable().optional(),
});
export type ChatHistoryEntry = z.infer<typeof chatHistoryEntrySchema>;

export const conversationSchema = z.object({
  chat_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationDetailSchema = conversationSchema.extend({
  history: z.array(chatHistoryEntrySchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET /chat/conversations: the signed-in user's own, most recently active first. */
export const conversationsQuerySchema = pageQuerySchema;
export const conversationPageSchema = pagedSchema(conversationSchema);
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const renameConversationSchema = z.object({
  title: z.string().trim().min(1, 'validation:required').max(120, 'validation:tooLong'),
});

/** POST /chat/get-rec-ques */
export const recommendedQuestionsRequestSchema = z.object({
  chat_id: z.string().uuid(),
  model: z.string().max(200).default(DEFAULT_CHAT_MODEL),
});
export const recommendedQuestionsResponseSchema = z.object({ questions: z.array(z.string()) });

/** POST /chat/feedback, sent as form data (SPEC §7). */
export const feedbackFormSchema = z.object({
  message_id: z.coerce.number().int(),
  rating: z.enum(['up', 'down']),
  comment: z.string().trim().max(2000).default(''),
});

export const feedbackResponseSchema = z.object({
  message_id: z.number().int(),
  rating: z.enum(['up', 'down']),
  comment: z.string(),
  updated_at: z.string(),
});
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

export {
  visualRequestSchema,
  visualRouteSchema,
  visualReasonCodes,
  type VisualReasonCode,
  type VisualRoute,
} from './chat-visuals';

export const chatApiPaths = {
  stuff: apiRoutes.chatStuff,
  stuffV2: apiRoutes.chatStuffV2,
  stuffV3: apiRoutes.chatStuffV3,
  models: apiRoutes.chatModels,
  conversations: apiRoutes.conversations,
  conversation: (chatId: string) => fillRoute(apiRoutes.conversation, { chat_id: chatId }),
  recommendedQuestions: apiRoutes.recommendedQuestions,
  feedback: apiRoutes.feedback,
  visualRouter: apiRoutes.visualRouter,
  generateVisual: apiRoutes.generateVisual,
  chart: (chatId: string, messageId: number) =>
    fillRoute(apiRoutes.conversationChart, { chat_id: chatId, message_id: messageId }),
  download: (documentId: number) => fillRoute(apiRoutes.download, { id: documentId }),
} as const;

/** The path of the routes about one conversation. */
export const chatIdParamsSchema = z.object({ chat_id: z.string().uuid() });
/** The path of one answer's chart in a conversation. */
export const chatChartParamsSchema = chatIdParamsSchema.extend({
  message_id: z.coerce.number().int().positive(),
});
