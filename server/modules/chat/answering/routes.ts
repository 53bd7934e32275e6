/**
 * Answering (SPEC §7 Chat): POST /chat/stuff, -v2 and -v3 (JSON, or a server-sent event stream
 * when the client accepts one) and GET /chat/models. Every route needs Query.QUERY_DOCUMENT
 * (SPEC §6); department scoping is applied in the services.
 */
import type { FastifyReply } from 'fastify';
import { apiRoutes } from '../../../../contract/api-paths';
import {
  chatAnswerSchema,
  chatModelsResponseSchema,
  chatRequestSchema,
} from '../../../../contract/chat';
import type { LlmProvider } from '../../../services/llm/openai';
import { type Api, jsonOrEvents, needs } from '../../../http/route-contract';
import { authOf } from '../../../plugins/auth';
import { type AnswerService, ChatCancelled, type ChatMode } from './answer-service';
import { streamAnswer } from './answer-stream';
import { chatModels } from './models';

const config = needs('Query', 'QUERY_DOCUMENT');
const tags = ['Knowledge assistant'];

/** Aborted when the client goes away before the answer has been sent. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

/**
 * Nobody is listening any more: 499 only shows in the request log, which is why it is not one
 * of the route's documented answers.
 */
const clientGone = (reply: FastifyReply) => reply.code(499).send();

export function registerAnswerRoutes(
  api: Api,
  s: { answers: AnswerService; llm: LlmProvider | null },
) {
  const modes: [string, ChatMode, string][] = [
    [apiRoutes.chatStuff, 'stuff', 'Ask the knowledge assistant'],
    [
      apiRoutes.chatStuffV2,
      'stuff-v2',
      'Ask, reading the question in the light of the conversation',
    ],
    [apiRoutes.chatStuffV3, 'stuff-v3', 'Ask, answering each part of the question on its own'],
  ];
  for (const [path, mode, summary] of modes)
    api.post(
      path,
      {
        config,
        schema: {
          tags,
          summary,
          body: chatRequestSchema,
          response: { 200: jsonOrEvents(chatAnswerSchema) },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const subject = await auth.subject();
        const signal = disconnectSignal(reply);
        const input = { mode, request: request.body, userId: auth.user.id, subject, signal };
        if (/text\/event-stream/i.test(request.headers.accept ?? ''))
          return streamAnswer(s.answers, input, request, reply);
        try {
          return await s.answers.ask(input);
        } catch (error) {
          if (error instanceof ChatCancelled) return clientGone(reply);
          throw error;
        }
      },
    );

  api.get(
    apiRoutes.chatModels,
    {
      config,
      schema: {
        tags,
        summary: 'List the answer engines',
        response: { 200: chatModelsResponseSchema },
      },
    },
    async () => chatModels(s.llm),
  );
}
