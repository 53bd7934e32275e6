/**
 * Server data of the chat as RTK Query endpoints (SPEC §7 Chat): the models on offer and the
 * person's conversations (list, rename, delete). The conversation itself, answers, sources,
 * feedback and charts are multi-step client state in chat-slice / chat-thunks.
 *
 * A chat widget's visitor has calls of their own, with the visitor token: the widget's look with
 * the conversation so far, a question (streamed like the assistant's answers) and a rating.
 */
import { apiRoutes } from '@contract/api-paths';
import {
  chatApiPaths,
  type ChatAnswer,
  type ChatModelsResponse,
  type ChatReference,
  type Conversation,
  type ConversationPage,
} from '@contract/chat';
import { LIST_DEFAULT } from '@contract/constants';
import type { VisitorWidget } from '@contract/service-agent';
import { api } from '@/lib/api';
import type { ServerSentEvent } from '@/lib/event-stream';
import { ApiError, CLIENT_ERROR_CODES, toApiErrorData, type ApiErrorData } from '@/lib/http';
import type { ThunkExtra } from '@/lib/store-types';

const CONVERSATION = 'ChatConversation' as const;
const MODELS = 'ChatModels' as const;
const LIST = { type: CONVERSATION, id: 'LIST' } as const;

/** The visitor's answer as it streams in. */
interface AnswerStream {
  /** The references are known; any text so far is dropped (a second one starts over). */
  onMeta: (references: ChatReference[]) => void;
  onDelta: (text: string) => void;
}

function parsed(event: ServerSentEvent): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(event.data);
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isAnswer = (value: unknown): value is ChatAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChatAnswer).answer === 'string' &&
  typeof (value as ChatAnswer).message_id === 'number';

/** A page of items (SPEC §3 paged list response); a bare array is read too. */
type ConversationsAnswer = ConversationPage | Conversation[];

const chatApi = api.enhanceEndpoints({ addTagTypes: [CONVERSATION, MODELS] }).injectEndpoints({
  endpoints: (build) => ({
    chatModels: build.query<ChatModelsResponse, void>({
      query: () => ({ url: chatApiPaths.models }),
      providesTags: [MODELS],
    }),
    conversations: build.query<Conversation[], void>({
      // The newest first; one page of the SPEC §9 default size is what the list shows.
      query: () => ({ url: chatApiPaths.conversations, query: { ...LIST_DEFAULT } }),
      transformResponse: (answer: ConversationsAnswer) =>
        Array.isArray(answer) ? answer : answer.items,
      providesTags: (result) => [
        LIST,
        ...(result ?? []).map((c) => ({ type: CONVERSATION, id: c.chat_id })),
      ],
    }),
    renameConversation: build.mutation<unknown, { chatId: string; title: string }>({
      query: ({ chatId, title }) => ({
        url: chatApiPaths.conversation(chatId),
        method: 'PUT',
        body: { title },
      }),
      invalidatesTags: [LIST],
    }),
    deleteConversation: build.mutation<unknown, string>({
      query: (chatId) => ({ url: chatApiPaths.conversation(chatId), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    /**
     * GET /service-agent/me?history=true&session_id=…; a session id that is not this token's
     * (an older visit kept in the tab) answers 404, and the token's own conversation is asked
     * instead.
     */
    visitorWidget: build.query<VisitorWidget, string | null>({
      async queryFn(sessionId, _api, _extra, baseQuery) {
        const ask = (id: string | null) =>
          baseQuery({
            url: apiRoutes.serviceAgentMe,
            query: { history: 'true', session_id: id ?? undefined },
          });
        let answer = await ask(sessionId);
        if (sessionId && (answer.error as ApiErrorData | undefined)?.status === 404)
          answer = await ask(null);
        return answer.error
          ? { error: answer.error as ApiErrorData }
          : { data: answer.data as VisitorWidget };
      },
    }),
    /** POST /service-agent/me/chat {query}, read as Server-Sent Events (a JSON answer works too). */
    askAsVisitor: build.mutation<ChatAnswer, AnswerStream & { query: string }>({
      async queryFn({ query, onMeta, onDelta }, { signal, extra }) {
        let final: unknown = null;
        try {
          const answer = await (extra as ThunkExtra).http.request<ChatAnswer | null>(
            apiRoutes.serviceAgentChat,
            {
              method: 'POST',
              body: { query },
              signal,
              onEvent: (event) => {
                const data = parsed(event);
                if (event.event === 'meta')
                  onMeta(
                    Array.isArray(data?.references) ? (data.references as ChatReference[]) : [],
                  );
                else if (event.event === 'delta' && typeof data?.text === 'string')
                  onDelta(data.text);
                else if (event.event === 'done') final = data;
                else if (event.event === 'error')
                  throw new ApiError({
                    status: typeof data?.status === 'number' ? data.status : 500,
                    code: typeof data?.code === 'string' ? data.code : 'INTERNAL_ERROR',
                    message: typeof data?.message === 'string' ? data.message : event.data,
                  });
              },
            },
          );
          const result = answer ?? final;
          if (!isAnswer(result))
            throw new ApiError({ code: CLIENT_ERROR_CODES.fetch, message: '' });
          return { data: result };
        } catch (error) {
          return { error: toApiErrorData(error) };
        }
      },
    }),
    /** POST /service-agent/me/feedback {message_id, rating}. */
    rateAsVisitor: build.mutation<unknown, { messageId: number; rating: 'up' | 'down' }>({
      query: ({ messageId, rating }) => ({
        url: apiRoutes.serviceAgentFeedback,
        method: 'POST',
        body: { message_id: messageId, rating },
      }),
    }),
  }),
});

export const {
  useChatModelsQuery,
  useConversationsQuery,
  useRenameConversationMutation,
  useDeleteConversationMutation,
  useLazyVisitorWidgetQuery,
  useAskAsVisitorMutation,
  useRateAsVisitorMutation,
} = chatApi;

/** A new answer changed the list (a new conversation, its title, its count). */
export const conversationsChanged = () => chatApi.util.invalidateTags([LIST]);
