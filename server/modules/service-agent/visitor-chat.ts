/**
 * What a widget visitor does: read the widget's look and their conversation so far,
 * ask, and rate an answer. Questions go through the assistant's own answer service (the same
 * retrieval, engines, streaming and log, channel 'widget'), asked as a subject that may query
 * exactly the widget's target areas, so nothing outside them can be cited.
 *
 * Before a question is answered: its length is capped by the contract; the per-widget and
 * per-address limits (windows counted in the database) and the widget's daily quota (counted in the
 * database) answer 429 when reached. Every answered question is kept with its session: time,
 * latency, question, answer, references and, later, its rating.
 */
import type { ChatAnswer, ChatHistoryEntry, FeedbackResponse } from '../../../contract/chat';
import { actionsFromPermissionSet, permissionId } from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';
import type {
  ServiceAgentConversation,
  VisitorFeedback,
  VisitorWidget,
} from '../../../contract/service-agent';
import type { Paged } from '../../../contract/paging';
import { nowIso } from '../../db/database';
import { errors } from '../../http/app-error';
import type { LlmProvider } from '../../services/llm/openai';
import {
  type AnswerService,
  type AskInput,
  chatModels,
  historyEntry,
  parseReferences,
} from '../chat/public';
import { widgetErrors } from './errors';
import type { RateWindows } from './rate-window';
import { utcDay, type WidgetRecord, type WidgetRepo } from './repo';
import type { TurnRow, VisitorRepo } from './visitor-repo';
import { addressKey, widgetKey, type VisitorContext, type VisitorLimits } from './visitor-login';

interface VisitorChatDeps {
  widgets: WidgetRepo;
  repo: VisitorRepo;
  answers: AnswerService;
  llm: LlmProvider | null;
  windows: RateWindows;
  limits: VisitorLimits;
  /** A rated answer, by its turn in the assistant's log (the helpdesk watches ratings). */
  onRated?: (chatTurnId: number, rating: 'up' | 'down') => Promise<void>;
}

/** A subject that may query the widget's target areas and nothing else. */
function visitorSubject(widget: WidgetRecord): AccessSubject {
  const actions = actionsFromPermissionSet([permissionId('Query', 'QUERY_DOCUMENT')]);
  return {
    is_defaultadmin: false,
    isWidget: true,
    permissions: widget.areas.map((area) => ({
      role_id: 0,
      role_name: 'Widget visitor',
      department_id: area.id,
      department_name: area.name,
      actions,
    })),
  };
}

/** A visitor's turn as the assistant's history entry, the shape the chat page shows. */
const historyOf = (t: TurnRow): ChatHistoryEntry =>
  historyEntry({
    ...t,
    engine: t.engine === 'openai' ? 'openai' : 'builtin',
    standalone_question: null,
    department_ids: '[]',
    comment: t.rating ? '' : null,
  });

/** Seconds until the next UTC midnight, when the daily quota starts over. */
const secondsToUtcMidnight = (now = Date.now()) =>
  Math.max(1, Math.ceil((86_400_000 - (now % 86_400_000)) / 1000));

export function createVisitorChat(deps: VisitorChatDeps) {
  const { widgets, repo, windows, limits } = deps;

  async function widgetOf(visitor: VisitorContext): Promise<WidgetRecord> {
    const widget = await widgets.find({ id: visitor.widgetId });
    // The auth hook checked it a moment ago; deleted since, the session has ended with it.
    if (!widget) throw widgetErrors.sessionEnded();
    return widget;
  }

  return {
    async look(
      visitor: VisitorContext,
      query: { history: boolean; session_id?: string },
    ): Promise<VisitorWidget> {
      const widget = await widgetOf(visitor);
      if (query.session_id !== undefined && query.session_id !== visitor.sessionId)
        throw errors.notFound('This conversation does not exist.');
      return {
        client_id: widget.client_id,
        client_name: widget.client_name,
        fg_color: widget.fg_color,
        bg_color: widget.bg_color,
        welcome_message: widget.welcome_message,
        session_id: visitor.sessionId,
        expires_at: visitor.expiresAt,
        ...(query.history
          ? { history: (await repo.turnsOf([visitor.sessionId])).map(historyOf) }
          : {}),
      };
    },

    /**
     * Checks the limits and counts the question, then gives what the answer service needs:
     * its input, and the service itself wrapped so that the answer is kept in the widget's log
     * and carries that log's id as its message_id (the id the visitor rates).
     */
    async prepare(
      visitor: VisitorContext,
      question: string,
      address: string,
      signal: AbortSignal,
    ): Promise<{ input: Omit<AskInput, 'sink'>; answers: AnswerService }> {
      const widget = await widgetOf(visitor);
      await windows.take([
        [widgetKey(widget.id), limits.perWidget],
        [addressKey(address), limits.perAddress],
      ]);
      if (!(await repo.countQuestion(widget.id, utcDay(), widget.daily_message_quota)))
        throw widgetErrors.quotaExceeded(secondsToUtcMidnight());
      let started = 0;
      let kept: number | undefined;
      const input: Omit<AskInput, 'sink'> = {
        mode: 'stuff',
        request: {
          query: question,
          chat_id: visitor.sessionId,
          model: chatModels(deps.llm).default_model,
          department_id: null,
          multi_source: true,
          references: true,
          recommendations: false,
          advanced_search: false,
          eval_matrix: false,
          fetch_images: false,
        },
        userId: await repo.logOwner(widget.created_by),
        subject: visitorSubject(widget),
        signal,
        channel: 'widget',
        // Kept in the transaction that stores the assistant's turn; a cancelled one is not kept.
        storeAlongside: async (trx, chatTurnId, turn) => {
          if (turn.cancelled) return;
          kept = await repo.insertTurn(trx, {
            session_id: visitor.sessionId,
            service_agent_id: widget.id,
            chat_turn_id: chatTurnId,
            visitor_address: address.slice(0, 64),
            question,
            answer: turn.answer,
            references_json: turn.references_json,
            no_answer: turn.no_answer,
            engine: turn.engine,
            model: turn.model,
            latency_ms: Math.round(performance.now() - started),
            rating: null,
            rated_at: null,
            asked_at: turn.asked_at,
            answered_at: turn.answered_at,
          });
        },
      };
      const answers: AnswerService = {
        async ask(askInput) {
          started = performance.now();
          const answer = await deps.answers.ask(askInput);
          if (kept === undefined) throw new Error('The widget turn was not kept.');
          return { ...answer, message_id: kept } satisfies ChatAnswer;
        },
      };
      return { input, answers };
    },

    async rate(visitor: VisitorContext, input: VisitorFeedback): Promise<FeedbackResponse> {
      const now = nowIso();
      const rated = await repo.rate(visitor.sessionId, input.message_id, input.rating, now);
      if (!rated) throw errors.notFound('This answer does not exist.');
      if (rated.chat_turn_id != null) await deps.onRated?.(rated.chat_turn_id, input.rating);
      return { message_id: rated.id, rating: input.rating, comment: '', updated_at: now };
    },

    /** The widget's visitor conversations, newest first, each with its turns. */
    async history(
      widgetId: number,
      page: number,
      size: number,
    ): Promise<Paged<ServiceAgentConversation>> {
      const { total, items } = await repo.sessionsPage(widgetId, page, size);
      const turns = await repo.turnsOf(items.map((s) => s.id));
      return {
        total,
        page,
        size,
        items: items.map((s) => ({
          session_id: s.id,
          host: s.host,
          visitor_address: s.visitor_address,
          started_at: s.created_at,
          last_active_at: s.last_active_at,
          turns: turns
            .filter((t) => t.session_id === s.id)
            .map((t) => ({
              message_id: t.id,
              question: t.question,
              answer: t.answer,
              references: parseReferences(t.references_json),
              no_answer: t.no_answer === 1,
              engine: t.engine,
              model: t.model,
              latency_ms: t.latency_ms,
              rating: t.rating,
              asked_at: t.asked_at,
              answered_at: t.answered_at,
            })),
        })),
      };
    },
  };
}

export type VisitorChat = ReturnType<typeof createVisitorChat>;
