/**
 * Answering (SPEC §7 Chat, issue 6): POST /chat/stuff, -v2 and -v3 (JSON, or a server-sent
 * event stream when the client accepts one) and GET /chat/models. Every route needs
 * Query.QUERY_DOCUMENT (SPEC §6); department scoping is applied in the services.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../../contract/api-paths';
import {
  chatAnswerSchema,
  chatModelsResponseSchema,
  chatRequestSchema,
} from '../../../../contract/chat';
import type { LlmProvider } from '../../../services/llm/openai';
import { parseInput, shape } from '../../../http/validate';
import { authOf } from '../../../plugins/auth';
import { type AnswerService, ChatCancelled, type ChatMode } from './answer-service';
import { streamAnswer } from './answer-stream';
import { chatModels } from './models';

const config = { permission: { module: 'Query', action: 'QUERY_DOCUMENT' } } as const;

/** Aborted when the client goes away before the answer has been sent. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

export function registerAnswerRoutes(
  api: FastifyInstance,
  s: { answers: AnswerService; llm: LlmProvider | null },
) {
  async function answer(mode: ChatMode, request: FastifyRequest, reply: FastifyReply) {
    const body = parseInput(chatRequestSchema, request.body);
    const auth = authOf(request);
    const subject = await auth.subject();
    const signal = disconnectSignal(reply);
    const input = { mode, request: body, userId: auth.user.id, subject, signal };
    if (/text\/event-stream/i.test(request.headers.accept ?? ''))
      return streamAnswer(s.answers, input, request, reply);
    try {
      return shape(chatAnswerSchema, await s.answers.ask(input));
    } catch (error) {
      // Nobody is listening any more; 499 only shows in the request log.
      if (error instanceof ChatCancelled) return reply.code(499).send();
      throw error;
    }
  }

  const modes: [string, ChatMode][] = [
    [apiRoutes.chatStuff, 'stuff'],
    [apiRoutes.chatStuffV2, 'stuff-v2'],
    [apiRoutes.chatStuffV3, 'stuff-v3'],
  ];
  for (const [path, mode] of modes)
    api.post(path, { config }, (request, reply) => answer(mode, request, reply));

  api.get(apiRoutes.chatModels, { config }, async () =>
    shape(chatModelsResponseSchema, chatModels(s.llm)),
  );
}
