/**
 * Conversations, feedback and recommended questions. Everything is the signed-in user's own:
 * another user's conversation or turn answers 404, as if it did not exist.
 */
import type {
  ChatHistoryEntry,
  ChatReference,
  ConversationDetail,
  ConversationPage,
  FeedbackResponse,
} from '../../../../contract/chat';
import type { PageQuery } from '../../../../contract/paging';
import type { AccessSubject } from '../../../../contract/profile';
import { nowIso, type Database } from '../../../db/database';
import { errors } from '../../../http/app-error';
import type { LlmProvider } from '../../../services/llm/openai';
import type { SearchIndex } from '../../../services/search/types';
import { engineFor } from '../answering/models';
import { recommendQuestions } from './recommend';
import type { ChatRepo, HistoryRow } from './repo';
import type { Retriever } from '../answering/retrieval';
import { queryableDepartments } from '../answering/scope';

export function parseReferences(text: string): ChatReference[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as ChatReference[]) : [];
  } catch {
    return [];
  }
}

/** One logged turn as the conversation's history shows it (a widget visitor's too). */
export function historyEntry(t: HistoryRow): ChatHistoryEntry {
  return {
    message_id: t.id,
    user: t.question,
    ai: t.answer,
    user_timestamp: t.asked_at,
    ai_timestamp: t.answered_at,
    engine: t.engine,
    model: t.model,
    references: parseReferences(t.references_json),
    ...(t.no_answer === undefined ? {} : { no_answer: t.no_answer === 1 }),
    feedback: t.rating ? { rating: t.rating, comment: t.comment ?? '' } : null,
  };
}

export function createChatService(deps: {
  database: Database;
  repo: ChatRepo;
  index: SearchIndex;
  retriever: Retriever;
  provider: LlmProvider | null;
}) {
  const { repo } = deps;

  async function own(chatId: string, userId: number) {
    const conversation = await repo.findConsoleConversation(chatId);
    if (!conversation || conversation.user_id !== userId)
      throw errors.notFound('This conversation does not exist.');
    return conversation;
  }

  return {
    async list(userId: number, query: PageQuery): Promise<ConversationPage> {
      const { total, items } = await repo.listConversations(
        userId,
        query.page,
        query.size,
        query.search,
      );
      return {
        total,
        page: query.page,
        size: query.size,
        items: items.map((c) => ({
          chat_id: c.id,
          title: c.title,
          created_at: c.created_at,
          updated_at: c.updated_at,
          message_count: Number(c.message_count ?? 0),
        })),
      };
    },

    async detail(chatId: string, userId: number): Promise<ConversationDetail> {
      const c = await own(chatId, userId);
      const rows = await repo.history(chatId);
      const history = rows.map(historyEntry);
      return {
        chat_id: c.id,
        title: c.title,
        created_at: c.created_at,
        updated_at: c.updated_at,
        message_count: history.length,
        history,
      };
    },

    async rename(chatId: string, userId: number, title: string) {
      await own(chatId, userId);
      await repo.renameConversation(chatId, title, nowIso());
      const c = await own(chatId, userId);
      return {
        chat_id: c.id,
        title: c.title,
        created_at: c.created_at,
        updated_at: c.updated_at,
        message_count: await repo.turnCount(chatId),
      };
    },

    async remove(chatId: string, userId: number) {
      await own(chatId, userId);
      await repo.deleteConversation(chatId);
      return { message: 'Conversation deleted.' };
    },

    async feedback(
      userId: number,
      input: { message_id: number; rating: 'up' | 'down'; comment: string },
    ): Promise<FeedbackResponse> {
      const turn = await repo.findTurn(input.message_id);
      // A widget visitor's answer is the visitor's to rate, not its owner's.
      if (!turn || turn.user_id !== userId || turn.cancelled || turn.channel === 'widget')
        throw errors.notFound('This answer does not exist.');
      const saved = await repo.saveFeedback(turn.id, userId, input.rating, input.comment, nowIso());
      return {
        message_id: saved.turn_id,
        rating: saved.rating,
        comment: saved.comment,
        updated_at: saved.updated_at,
      };
    },

    async recommendations(
      chatId: string,
      userId: number,
      subject: AccessSubject,
      model: string,
    ): Promise<string[]> {
      await own(chatId, userId);
      const turns = await repo.history(chatId);
      const last = turns[turns.length - 1];
      if (!last) return [];
      const { engine, model: resolved } = engineFor(deps.provider, model);
      return recommendQuestions({
        asked: turns.map((t) => t.standalone_question ?? t.question),
        lastAnswer: last.answer,
        references: parseReferences(last.references_json),
        departmentIds: await queryableDepartments(deps.database, subject),
        index: deps.index,
        documents: deps.retriever.documents,
        provider: engine === 'openai' ? deps.provider : null,
        model: engine === 'openai' ? resolved : null,
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
