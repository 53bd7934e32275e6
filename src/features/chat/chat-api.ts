/**
 * Server data of the chat as RTK Query endpoints (SPEC §7 Chat): the models on offer and the
 * person's conversations (list, rename, delete). The conversation itself, answers, sources,
 * feedback and charts are multi-step client state in chat-slice / chat-thunks.
 */
import {
  chatApiPaths,
  type ChatModelsResponse,
  type Conversation,
  type ConversationPage,
} from '@contract/chat';
import { LIST_DEFAULT } from '@contract/constants';
import { api } from '@/lib/api';

const CONVERSATION = 'ChatConversation' as const;
const MODELS = 'ChatModels' as const;
const LIST = { type: CONVERSATION, id: 'LIST' } as const;

/** A page of items (SPEC §3 paged list response); a bare array is read too. */
type ConversationsAnswer = ConversationPage | Conversation[];

export const chatApi = api
  .enhanceEndpoints({ addTagTypes: [CONVERSATION, MODELS] })
  .injectEndpoints({
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
    }),
  });

export const {
  useChatModelsQuery,
  useConversationsQuery,
  useRenameConversationMutation,
  useDeleteConversationMutation,
} = chatApi;

/** A new answer changed the list (a new conversation, its title, its count). */
export const conversationsChanged = () => chatApi.util.invalidateTags([LIST]);
