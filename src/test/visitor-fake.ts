/**
 * A chat widget visitor's API in memory: login by key, GET /service-agent/me with the
 * conversation, the chat (JSON answers) and ratings, built on contract/ like every fake here.
 */
import { http, HttpResponse } from 'msw';
import { apiRoutes } from '@contract/api-paths';
import {
  chatAnswerSchema,
  feedbackResponseSchema,
  type ChatAnswer,
  type ChatHistoryEntry,
  type ChatReference,
} from '@contract/chat';
import {
  visitorChatRequestSchema,
  visitorFeedbackSchema,
  visitorWidgetSchema,
  type VisitorLoginResponse,
} from '@contract/service-agent';
import { contractHandler } from './contract-handler';
import { apiUrl, errorResponse } from './handlers';

export const VISITOR_SESSION = '0b6f1c2e-7a4b-4c3d-9e8f-1a2b3c4d5e6f';
export const WIDGET_KEY = 'pierDeskKey_0123456789abcdefghijk';

export const reference = (n: number, name: string, snippet: string): ChatReference => ({
  n,
  document_id: 10 + n,
  document_name: name,
  document_title: null,
  is_url: false,
  page: 2,
  sheet: null,
  row_start: null,
  row_end: null,
  heading: null,
  snippet,
  score: 1,
});

export interface VisitorFake {
  history: ChatHistoryEntry[];
  logins: { headers: Headers; body: string }[];
  questions: string[];
  ratings: { message_id: number; rating: 'up' | 'down' }[];
  meQueries: URLSearchParams[];
  /** The answer to the next question (default: one citing the handbook). */
  answer: (question: string, messageId: number) => ChatAnswer | Response;
  handlers: ReturnType<typeof http.post>[];
}

export function createVisitorFake(): VisitorFake {
  let nextId = 500;
  const fake: VisitorFake = {
    history: [],
    logins: [],
    questions: [],
    ratings: [],
    meQueries: [],
    answer: (_question, messageId) => ({
      chat_id: VISITOR_SESSION,
      message_id: messageId,
      answer: 'The harbour office opens at 07:15 on weekdays [1].',
      engine: 'builtin',
      model: 'atrium-extractive',
      no_answer: false,
      references: [reference(1, 'harbour-handbook.pdf', 'opens at 07:15 on weekdays')],
      images: [],
      eval: null,
      standalone_question: null,
      sub_questions: null,
      user_timestamp: new Date().toISOString(),
      ai_timestamp: new Date().toISOString(),
      provider_error: null,
      provider_error_code: null,
    }),
    handlers: [],
  };
  fake.handlers = [
    http.post(apiUrl(apiRoutes.login), async ({ request }) => {
      fake.logins.push({ headers: request.headers, body: await request.text() });
      if (request.headers.get('api_key') !== WIDGET_KEY)
        return errorResponse(401, 'WIDGET_KEY_INVALID', 'unknown key') as Response;
      return HttpResponse.json<VisitorLoginResponse>({
        access_token: 'visitor-token',
        token_type: 'bearer',
        expires_at: new Date(Date.now() + 7200_000).toISOString(),
        session_id: VISITOR_SESSION,
        client_id: WIDGET_KEY,
      });
    }),
    contractHandler('get', 'serviceAgentMe', { answer: visitorWidgetSchema }, ({ url }) => {
      fake.meQueries.push(url.searchParams);
      return {
        client_id: WIDGET_KEY,
        client_name: 'Pier desk',
        fg_color: '#ffffff',
        bg_color: '#0a5c36',
        welcome_message: 'Ahoy! Ask me about the harbour.',
        session_id: VISITOR_SESSION,
        expires_at: new Date(Date.now() + 7200_000).toISOString(),
        ...(url.searchParams.get('history') === 'true' ? { history: fake.history } : {}),
      };
    }),
    contractHandler(
      'post',
      'serviceAgentChat',
      { answer: chatAnswerSchema, body: visitorChatRequestSchema },
      ({ body }) => {
        fake.questions.push(body.query);
        return fake.answer(body.query, (nextId += 1));
      },
    ),
    contractHandler(
      'post',
      'serviceAgentFeedback',
      { answer: feedbackResponseSchema, body: visitorFeedbackSchema },
      ({ body }) => {
        fake.ratings.push(body);
        return { ...body, comment: '', updated_at: new Date().toISOString() };
      },
    ),
  ];
  return fake;
}
