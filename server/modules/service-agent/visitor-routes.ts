/**
 * The calls a widget visitor's token opens, and nothing else: the widget's look and the
 * conversation so far, the chat, and rating an answer. `config: { visitor: true }` marks
 * them; the auth hook (plugins/auth.ts) lets a visitor token reach these routes only, and no
 * user token reaches them. Login by key itself is POST /users/login (modules/auth/routes.ts),
 * which hands the call to `keyLoginOf` below.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { type Api, jsonOrEvents } from '../../http/route-contract';
import { ChatCancelled, streamAnswer } from '../chat/public';
import { widgetErrors } from './errors';
import type { KeyLogin, VisitorContext } from './visitor-login';

const config = { visitor: true } as const;
const tags = ['Chatbot visitors'];

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

/** The visitor went away: 499 only shows in the request log, so no schema documents it. */
const visitorGone = (reply: FastifyReply) => reply.code(499).send();

export function registerVisitorRoutes(api: Api, s: { visitorChat: VisitorChat }) {
  api.get(
    apiRoutes.serviceAgentMe,
    {
      config,
      schema: {
        tags,
        summary: 'Read the widget and the visitor’s conversation',
        querystring: visitorWidgetQuerySchema,
        response: { 200: visitorWidgetSchema },
      },
    },
    async (request) => s.visitorChat.look(visitorOf(request), request.query),
  );

  api.post(
    apiRoutes.serviceAgentChat,
    {
      config,
      schema: {
        tags,
        summary: 'Ask the chat widget',
        body: visitorChatRequestSchema,
        response: { 200: jsonOrEvents(chatAnswerSchema) },
      },
    },
    async (request, reply) => {
      const signal = disconnectSignal(reply);
      const { input, answers } = await s.visitorChat.prepare(
        visitorOf(request),
        request.body.query,
        request.ip,
        signal,
      );
      if (/text\/event-stream/i.test(request.headers.accept ?? ''))
        return streamAnswer(answers, input, request, reply);
      try {
        return await answers.ask(input);
      } catch (error) {
        if (error instanceof ChatCancelled) return visitorGone(reply);
        throw error;
      }
    },
  );

  api.post(
    apiRoutes.serviceAgentFeedback,
    {
      config,
      schema: {
        tags,
        summary: 'Rate a widget answer',
        body: visitorFeedbackSchema,
        response: { 200: feedbackResponseSchema },
      },
    },
    async (request) => s.visitorChat.rate(visitorOf(request), request.body),
  );
}
