/**
 * Conversations (SPEC §7 Chat): list, read, rename and delete one's conversations, recommended
 * questions and feedback. Every route needs Query.QUERY_DOCUMENT (SPEC §6).
 *
 * The routes live in their own encapsulated plugin so that the form-data parser of
 * POST /chat/feedback (SPEC §7: form data) applies here only and never meets the upload
 * area's multipart handling.
 */
import type { FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../../contract/api-paths';
import { messageResponseSchema } from '../../../../contract/auth';
import {
  chatIdParamsSchema as params,
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
import { type Api, needs } from '../../../http/route-contract';
import { authOf } from '../../../plugins/auth';
import { parseForm } from './feedback-form';

const config = needs('Query', 'QUERY_DOCUMENT');
const tags = ['Knowledge assistant'];
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export function registerConversationRoutes(
  api: Api,
  { conversations: chats }: { conversations: ChatService },
) {
  void api.register(async (chat: Api) => {
    for (const type of FORM_TYPES) {
      if (chat.hasContentTypeParser(type)) chat.removeContentTypeParser(type);
      chat.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: 64 * 1024 },
        async (request: FastifyRequest, body: Buffer) =>
          parseForm(String(request.headers['content-type']), body),
      );
    }

    chat.get(
      apiRoutes.conversations,
      {
        config,
        schema: {
          tags,
          summary: 'List your conversations',
          querystring: conversationsQuerySchema,
          response: { 200: conversationPageSchema },
        },
      },
      async (request) => chats.list(authOf(request).user.id, request.query),
    );

    chat.get(
      apiRoutes.conversation,
      {
        config,
        schema: {
          tags,
          summary: 'Read a conversation',
          params,
          response: { 200: conversationDetailSchema },
        },
      },
      async (request) => chats.detail(request.params.chat_id, authOf(request).user.id),
    );

    chat.put(
      apiRoutes.conversation,
      {
        config,
        schema: {
          tags,
          summary: 'Rename a conversation',
          params,
          body: renameConversationSchema,
          response: { 200: conversationSchema },
        },
      },
      async (request) =>
        chats.rename(request.params.chat_id, authOf(request).user.id, request.body.title),
    );

    chat.delete(
      apiRoutes.conversation,
      {
        config,
        schema: {
          tags,
          summary: 'Delete a conversation',
          params,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => chats.remove(request.params.chat_id, authOf(request).user.id),
    );

    chat.post(
      apiRoutes.recommendedQuestions,
      {
        config,
        schema: {
          tags,
          summary: 'Suggest follow-up questions',
          body: recommendedQuestionsRequestSchema,
          response: { 200: recommendedQuestionsResponseSchema },
        },
      },
      async (request) => {
        const { chat_id: chatId, model } = request.body;
        const auth = authOf(request);
        const subject = await auth.subject();
        return { questions: await chats.recommendations(chatId, auth.user.id, subject, model) };
      },
    );

    // SPEC §7: form data (urlencoded or multipart); JSON is accepted too.
    chat.post(
      apiRoutes.feedback,
      {
        config,
        schema: {
          tags,
          summary: 'Rate an answer',
          body: feedbackFormSchema,
          response: { 200: feedbackResponseSchema },
        },
      },
      async (request) => chats.feedback(authOf(request).user.id, request.body),
    );
  });
}
