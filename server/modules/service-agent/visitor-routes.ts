/**
 * The calls a widget visitor's token opens, and nothing else (issue 13): the widget's look and
 * the conversation so far, the chat, and rating an answer. `config: { visitor: true }` marks
 * them; the auth hook (plugins/auth.ts) lets a visitor token reach these routes only, and no
 * user token reaches them. Login by key itself is POST /users/login (modules/auth/routes.ts),
 * which hands the call to `keyLoginOf` below.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import { chatAnswerSchema, feedbackResponseSchema } from '../../../contract/chat';
import {
  visitorChatRequestSchema,
  visitorFeedbackSchema,
  visitorWidgetQuerySchema,
  visitorWidgetSchema,
  WIDGET_HOST_HEADER,
} from '../../../contract/service-agent';
import type { VisitorChat } from './visitor-chat';
import { errors } from '../../http/app-error';
import { parseInput, shape } from '../../http/validate';
import { ChatCancelled } from '../chat/answering/answer-service';
import { streamAnswer } from '../chat/answering/answer-stream';
import { widgetErrors } from './errors';
import type { KeyLogin, VisitorContext } from './visitor-login';

const visitorOnly = { config: { visitor: true } } as const;

/** The visitor of a visitor route (the auth hook guarantees one). */
export function visitorOf(request: FastifyRequest): VisitorContext {
  if (!request.visitor) throw errors.unauthorized();
  return request.visitor;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

/** POST /users/login with the API_KEY header: what login by key reads of the request. */
export function keyLoginOf(request: FastifyRequest, key: string | string[]): KeyLogin {
  if (typeof key !== 'string') throw widgetErrors.keyInvalid();
  return {
    key,
    origin: header(request, 'origin'),
    referer: header(request, 'referer'),
    widgetHost: header(request, WIDGET_HOST_HEADER),
    selfOrigin: `${request.protocol}://${request.host}`,
    address: request.ip,
    userAgent: header(request, 'user-agent'),
  };
}

/** Aborted when the visitor goes away before the answer has been sent. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

export function registerVisitorRoutes(api: FastifyInstance, s: { visitorChat: VisitorChat }) {
  api.get(apiRoutes.serviceAgentMe, visitorOnly, async (request) => {
    const query = parseInput(visitorWidgetQuerySchema, request.query, 'query');
    return shape(visitorWidgetSchema, await s.visitorChat.look(visitorOf(request), query));
  });

  api.post(apiRoutes.serviceAgentChat, visitorOnly, async (request, reply) => {
    const { query } = parseInput(visitorChatRequestSchema, request.body);
    const signal = disconnectSignal(reply);
    const { input, answers } = await s.visitorChat.prepare(
      visitorOf(request),
      query,
      request.ip,
      signal,
    );
    if (/text\/event-stream/i.test(request.headers.accept ?? ''))
      return streamAnswer(answers, input, request, reply);
    try {
      return shape(chatAnswerSchema, await answers.ask(input));
    } catch (error) {
      if (error instanceof ChatCancelled) return reply.code(499).send();
      throw error;
    }
  });

  api.post(apiRoutes.serviceAgentFeedback, visitorOnly, async (request) => {
    const body = parseInput(visitorFeedbackSchema, request.body);
    return shape(feedbackResponseSchema, await s.visitorChat.rate(visitorOf(request), body));
  });
}
