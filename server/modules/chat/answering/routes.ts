/**
 * HTTP side of the knowledge assistant (SPEC §7 Chat, issue 6). Every route needs
 * Query.QUERY_DOCUMENT (SPEC §6); department scoping is applied in the services.
 *
 * The routes live in their own encapsulated plugin so that the form-data parser of
 * POST /chat/feedback (SPEC §7: form data) applies here only and never meets the upload
 * area's multipart handling.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageResponseSchema } from '../../../../contract/auth';
import {
  chatAnswerSchema,
  chatModelsResponseSchema,
  chatRequestSchema,
  conversationDetailSchema,
  conversationPageSchema,
  conversationSchema,
  conversationsQuerySchema,
  feedbackFormSchema,
  feedbackResponseSchema,
  recommendedQuestionsRequestSchema,
  recommendedQuestionsResponseSchema,
  renameConversationSchema,
} from '../../../../contract/chat';
import type { ResolvedConfig } from '../../../config';
import type { Database } from '../../../db/database';
import { parseInput, shape } from '../../../http/validate';
import { authOf } from '../../../plugins/auth';
import { toErrorBody } from '../../../plugins/errors';
import { createOpenAiProvider, type LlmLog, type LlmProvider } from '../../../services/llm/openai';
import { createSearchIndex } from '../../../services/search';
import type { SearchIndex } from '../../../services/search/types';
import { ChatCancelled, createAnswerService, type ChatMode } from './answer-service';
import { parseForm } from '../conversations/feedback-form';
import { chatModels } from './models';
import { createChatRepo } from '../conversations/repo';
import { createRetriever } from './retrieval';
import { createChatService } from '../conversations/service';

const config = { permission: { module: 'Query', action: 'QUERY_DOCUMENT' } } as const;
const chatIdParams = z.object({ chat_id: z.string().uuid() });
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export interface ChatDeps {
  config: ResolvedConfig;
  database: Database;
  /** Tests and the benchmark may pass their own. */
  index?: SearchIndex;
  provider?: LlmProvider | null;
}

export function providerFrom(config: ResolvedConfig, log?: LlmLog): LlmProvider | null {
  if (!config.llmBaseUrl || !config.llmApiKey) return null;
  return createOpenAiProvider({
    baseUrl: config.llmBaseUrl,
    apiKey: config.llmApiKey,
    models: config.llmModels,
    headersTimeoutMs: config.llmTimeoutMs,
    idleTimeoutMs: config.llmIdleTimeoutMs,
    log,
  });
}

/** Aborted when the client goes away before the answer has been sent. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

export function registerChatRoutes(api: FastifyInstance, deps: ChatDeps): void {
  const provider = deps.provider !== undefined ? deps.provider : providerFrom(deps.config, api.log);
  const index = deps.index ?? createSearchIndex(deps.database);
  const repo = createChatRepo(deps.database);
  const retriever = createRetriever(deps.database, index);
  const answers = createAnswerService({ database: deps.database, repo, retriever, provider });
  const chats = createChatService({ database: deps.database, repo, index, retriever, provider });

  async function answer(mode: ChatMode, request: FastifyRequest, reply: FastifyReply) {
    const body = parseInput(chatRequestSchema, request.body);
    const auth = authOf(request);
    const subject = await auth.subject();
    const signal = disconnectSignal(reply);
    const input = { mode, request: body, userId: auth.user.id, subject, signal };

    if (!/text\/event-stream/i.test(request.headers.accept ?? '')) {
      try {
        return shape(chatAnswerSchema, await answers.ask(input));
      } catch (error) {
        // Nobody is listening any more; 499 only shows in the request log.
        if (error instanceof ChatCancelled) return reply.code(499).send();
        throw error;
      }
    }

    // The stream starts with the first `meta`; a refusal before it (403, 404, 400) is an
    // ordinary JSON error answer.
    const stream = new PassThrough();
    const send = (event: string, data: unknown) =>
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    let started = false;
    let markStarted: () => void = () => undefined;
    const startedPromise = new Promise<void>((resolve) => (markStarted = resolve));
    const sink = {
      meta(value: unknown) {
        started = true;
        markStarted();
        send('meta', value);
      },
      delta: (text: string) => send('delta', { text }),
    };
    const work = answers.ask({ ...input, sink }).then(
      (done) => {
        send('done', shape(chatAnswerSchema, done));
        stream.end();
      },
      (error: unknown) => {
        if (!started) throw error;
        if (!(error instanceof ChatCancelled)) {
          request.log.error({ err: error }, 'chat stream failed');
          send('error', toErrorBody(error).body);
        }
        stream.end();
      },
    );
    try {
      await Promise.race([startedPromise, work]);
    } catch (error) {
      if (error instanceof ChatCancelled) return reply.code(499).send();
      throw error;
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  }

  void api.register(async (chat) => {
    for (const type of FORM_TYPES) {
      if (chat.hasContentTypeParser(type)) chat.removeContentTypeParser(type);
      chat.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: 64 * 1024 },
        async (request: FastifyRequest, body: Buffer) =>
          parseForm(String(request.headers['content-type']), body),
      );
    }

    chat.post('/chat/stuff', { config }, (request, reply) => answer('stuff', request, reply));
    chat.post('/chat/stuff-v2', { config }, (request, reply) => answer('stuff-v2', request, reply));
    chat.post('/chat/stuff-v3', { config }, (request, reply) => answer('stuff-v3', request, reply));

    chat.get('/chat/models', { config }, async () =>
      shape(chatModelsResponseSchema, chatModels(provider)),
    );

    chat.get('/chat/conversations', { config }, async (request) => {
      const query = parseInput(conversationsQuerySchema, request.query, 'query');
      return shape(conversationPageSchema, await chats.list(authOf(request).user.id, query));
    });

    chat.get('/chat/conversations/:chat_id', { config }, async (request) => {
      const { chat_id } = parseInput(chatIdParams, request.params, 'params');
      return shape(conversationDetailSchema, await chats.detail(chat_id, authOf(request).user.id));
    });

    chat.put('/chat/conversations/:chat_id', { config }, async (request) => {
      const { chat_id } = parseInput(chatIdParams, request.params, 'params');
      const { title } = parseInput(renameConversationSchema, request.body);
      return shape(conversationSchema, await chats.rename(chat_id, authOf(request).user.id, title));
    });

    chat.delete('/chat/conversations/:chat_id', { config }, async (request) => {
      const { chat_id } = parseInput(chatIdParams, request.params, 'params');
      return shape(messageResponseSchema, await chats.remove(chat_id, authOf(request).user.id));
    });

    chat.post('/chat/get-rec-ques', { config }, async (request) => {
      const body = parseInput(recommendedQuestionsRequestSchema, request.body);
      const auth = authOf(request);
      const questions = await chats.recommendations(
        body.chat_id,
        auth.user.id,
        await auth.subject(),
        body.model,
      );
      return shape(recommendedQuestionsResponseSchema, { questions });
    });

    // SPEC §7: form data (urlencoded or multipart); JSON is accepted too.
    chat.post('/chat/feedback', { config }, async (request) => {
      const body = parseInput(feedbackFormSchema, request.body);
      return shape(feedbackResponseSchema, await chats.feedback(authOf(request).user.id, body));
    });
  });
}
