/**
 * Conversations (SPEC §7 Chat, issue 6): list, read, rename and delete one's conversations,
 * recommended questions and feedback. Every route needs Query.QUERY_DOCUMENT (SPEC §6).
 *
 * The routes live in their own encapsulated plugin so that the form-data parser of
 * POST /chat/feedback (SPEC §7: form data) applies here only and never meets the upload
 * area's multipart handling.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../../contract/api-paths';
import { messageResponseSchema } from '../../../../contract/auth';
import {
  chatIdParamsSchema as chatIdParams,
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
import type { ChatService } from './service';
import { parseInput, shape } from '../../../http/validate';
import { authOf } from '../../../plugins/auth';
import { parseForm } from './feedback-form';

const config = { permission: { module: 'Query', action: 'QUERY_DOCUMENT' } } as const;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const chatIdOf = (request: FastifyRequest) =>
  parseInput(chatIdParams, request.params, 'params').chat_id;

export function registerConversationRoutes(
  api: FastifyInstance,
  { conversations: chats }: { conversations: ChatService },
) {
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

    chat.get(apiRoutes.conversations, { config }, async (request) => {
      const query = parseInput(conversationsQuerySchema, request.query, 'query');
      return shape(conversationPageSchema, await chats.list(authOf(request).user.id, query));
    });

    chat.get(apiRoutes.conversation, { config }, async (request) =>
      shape(
        conversationDetailSchema,
        await chats.detail(chatIdOf(request), authOf(request).user.id),
      ),
    );

    chat.put(apiRoutes.conversation, { config }, async (request) => {
      const { title } = parseInput(renameConversationSchema, request.body);
      const renamed = await chats.rename(chatIdOf(request), authOf(request).user.id, title);
      return shape(conversationSchema, renamed);
    });

    chat.delete(apiRoutes.conversation, { config }, async (request) =>
      shape(messageResponseSchema, await chats.remove(chatIdOf(request), authOf(request).user.id)),
    );

    chat.post(apiRoutes.recommendedQuestions, { config }, async (request) => {
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
    chat.post(apiRoutes.feedback, { config }, async (request) => {
      const body = parseInput(feedbackFormSchema, request.body);
      return shape(feedbackResponseSchema, await chats.feedback(authOf(request).user.id, body));
    });
  });
}
