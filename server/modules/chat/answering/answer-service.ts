/**
 * One turn of the assistant: scope -> question(s) -> retrieval -> generation -> log.
 *
 * - stuff: the question as asked, one retrieval, one answer.
 * - stuff-v2: the question is first made standalone from the conversation so far (rewrite.ts;
 *   the model rewrites when one answers), and that standalone question is searched and answered.
 * - stuff-v3: the question is split into parts (split.ts), each part retrieved on its own, and
 *   one answer is composed with a section per part (the model gets the parts and all passages).
 *
 * Engines: the built-in extractive engine, or the configured model. The model is not called
 * when no passage covers at least half of the question (nothing to ground an answer on); a
 * provider failure or timeout falls back to the built-in engine and sets provider_error.
 * Engine and model in the answer always name who wrote its text.
 *
 * Streaming: `sink.meta` is sent before the text (the references: for the model, every
 * passage it was given, numbered as in the prompt), `sink.delta` with each piece. After a
 * provider failure a second `meta` starts the answer over. The `done` answer is authoritative.
 *
 * Cancellation: `signal` (the client went away) aborts the model's request and stops the
 * built-in loop; the turn is still logged (cancelled = 1) and ChatCancelled is thrown.
 */
import { randomUUID } from 'node:crypto';
import type { ChatAnswer, chatRequestSchema } from '../../../../contract/chat';
import type { AccessSubject } from '../../../../contract/profile';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../../db/schema';
import { nowIso, type Database } from '../../../db/database';
import { errors } from '../../../http/app-error';
import type { LlmProvider } from '../../../services/llm/openai';
import { builtinAnswer, evaluationOf, imagesOf, titleOf, type Generated } from './answer-parts';
import {
  type AnswerSink,
  ChatCancelled,
  elapsed,
  modelAttempt,
  type ModelAttempt,
  recordingSink,
  retrieveAll,
  standaloneFor,
  streamText,
} from './answer-steps';
import { handoverAnswer } from './handover-answer';
import { engineFor } from './models';
import type { ChatRepo, StoredAlongside } from '../conversations/repo';
import type { Retriever } from './retrieval';
import { resolveScope } from './scope';
import { splitQuestion } from './split';

export type ChatMode = 'stuff' | 'stuff-v2' | 'stuff-v3';
export type ParsedChatRequest = z.infer<typeof chatRequestSchema>;
export { type AnswerSink, ChatCancelled } from './answer-steps';

interface AnswerDeps {
  database: Database;
  repo: ChatRepo;
  retriever: Retriever;
  provider: LlmProvider | null;
  /** Judges every stored turn's sentiment for the reports. */
  sentiment?: TurnJudge;
  /** Told of every stored turn, after its transaction (the helpdesk's hand-over). */
  onTurnStored?: (turnId: number, question: string) => Promise<void>;
}

/** The reports' sentiment of a turn: first in the transaction storing it, then after it. */
interface TurnJudge {
  store: (trx: Kysely<DB>, turnId: number, question: string) => Promise<void>;
  afterStored: (turnId: number, question: string) => void;
}

export interface AskInput {
  mode: ChatMode;
  request: ParsedChatRequest;
  userId: number;
  subject: AccessSubject;
  signal: AbortSignal;
  sink?: AnswerSink;
  channel?: 'console' | 'widget';
  /** The caller's own rows of this turn, written in the transaction that stores it. */
  storeAlongside?: StoredAlongside;
}

/** What one turn produced, whether it finished or was cancelled. */
interface Turn {
  standalone: string | null;
  parts: string[] | null;
  generated: Generated | null;
  providerError: ModelAttempt['providerError'];
  retrievalMs: number;
  generationStarted: number;
  cancelled: boolean;
}

/** Question(s), retrieval and generation; a cancellation ends it early, marked. */
async function runTurn(
  deps: AnswerDeps,
  input: AskInput,
  chatId: string,
  continuing: boolean,
  llmModel: string | null,
  departmentIds: readonly number[],
  tee: AnswerSink | undefined,
): Promise<Turn> {
  const { request: req, signal, mode } = input;
  const { provider } = deps;
  const turn: Turn = {
    standalone: null,
    parts: null,
    generated: null,
    providerError: null,
    retrievalMs: 0,
    generationStarted: 0,
    cancelled: false,
  };
  try {
    // Someone asking for a person is told one will follow up, in their language.
    const handover = handoverAnswer(req.query);
    if (handover) {
      turn.generated = handover;
      tee?.meta({ chat_id: chatId, references: [] });
      await streamText(handover.composed.text, tee, signal);
      return turn;
    }
    if (mode === 'stuff-v2')
      turn.standalone = continuing
        ? await standaloneFor(deps, req.query, chatId, llmModel, signal)
        : req.query;
    if (mode === 'stuff-v3') turn.parts = splitQuestion(req.query);
    const questions = turn.parts ?? [turn.standalone ?? req.query];
    const titles = turn.parts && turn.parts.length > 1 ? turn.parts : null;
    if (signal.aborted) throw new ChatCancelled();

    const retrievalStarted = performance.now();
    const found = await retrieveAll(deps.retriever, questions, departmentIds, req.advanced_search);
    turn.retrievalMs = elapsed(retrievalStarted);
    if (signal.aborted) throw new ChatCancelled();

    turn.generationStarted = performance.now();
    if (llmModel && provider) {
      const attempt = await modelAttempt(provider, llmModel, {
        question: turn.standalone ?? req.query,
        questions,
        titles,
        found,
        chatId,
        sink: tee,
        signal,
      });
      turn.generated = attempt.generated;
      turn.providerError = attempt.providerError;
    }
    if (!turn.generated) {
      const { passages, partIdx, perPart } = found;
      const advanced = req.advanced_search;
      turn.generated = builtinAnswer(
        questions,
        titles,
        passages,
        partIdx,
        advanced,
        perPart,
        input.channel,
      );
      tee?.meta({ chat_id: chatId, references: turn.generated.composed.references });
      await streamText(turn.generated.composed.text, tee, signal);
    }
  } catch (error) {
    if (!(error instanceof ChatCancelled) && !signal.aborted) throw error;
    turn.cancelled = true;
  }
  return turn;
}

export function createAnswerService(deps: AnswerDeps) {
  const { database, repo, provider } = deps;

  async function ask(input: AskInput): Promise<ChatAnswer> {
    const { request: req } = input;
    const askedAt = nowIso();
    const started = performance.now();
    const scope = await resolveScope(database, input.subject, req);
    const chatId = req.chat_id ?? randomUUID();
    const existing = await repo.findConversation(chatId);
    if (existing && existing.user_id !== input.userId)
      throw errors.notFound('This conversation does not exist.');
    const wanted = engineFor(provider, req.model);
    const llmModel = wanted.engine === 'openai' ? wanted.model : null;
    const streamed = recordingSink(input.sink);
    const turn = await runTurn(
      deps,
      input,
      chatId,
      Boolean(existing),
      llmModel,
      scope.departmentIds,
      streamed.sink,
    );

    const { generated, cancelled } = turn;
    const totalMs = elapsed(started);
    const timings = {
      retrievalMs: turn.retrievalMs,
      generationMs: turn.generationStarted ? elapsed(turn.generationStarted) : 0,
      totalMs,
    };
    const references = generated?.composed.references ?? [];
    const evaluation = generated ? evaluationOf(generated, references, timings) : null;
    const answerText = cancelled ? streamed.text() : (generated?.composed.text ?? '');
    const answeredAt = nowIso();

    const conversation = { id: chatId, userId: input.userId, title: titleOf(req.query) };
    const messageId = await repo.logTurn(
      conversation,
      {
        conversation_id: chatId,
        user_id: input.userId,
        channel: input.channel ?? 'console',
        department_id: scope.departmentId,
        department_ids: JSON.stringify(scope.departmentIds),
        mode: input.mode,
        question: req.query,
        standalone_question: turn.standalone,
        sub_questions: turn.parts ? JSON.stringify(turn.parts) : null,
        answer: answerText,
        engine: generated?.engine ?? wanted.engine,
        model: generated?.model ?? wanted.model,
        no_answer: generated?.noAnswer ? 1 : 0,
        cancelled: cancelled ? 1 : 0,
        latency_ms: Math.round(totalMs),
        references_json: JSON.stringify(references),
        eval_json: evaluation ? JSON.stringify(evaluation) : null,
        provider_error: turn.providerError?.message ?? null,
        asked_at: askedAt,
        answered_at: answeredAt,
      },
      async (trx, turnId, stored) => {
        await deps.sentiment?.store(trx, turnId, req.query);
        await input.storeAlongside?.(trx, turnId, stored);
      },
    );
    deps.sentiment?.afterStored(messageId, req.query);
    await deps.onTurnStored?.(messageId, req.query);
    if (cancelled || !generated) throw new ChatCancelled();

    return {
      chat_id: chatId,
      message_id: messageId,
      answer: answerText,
      engine: generated.engine,
      model: generated.model,
      no_answer: generated.noAnswer,
      references: req.references ? references : [],
      images: req.fetch_images ? imagesOf(references, generated.passages) : [],
      eval: req.eval_matrix ? evaluation : null,
      standalone_question: turn.standalone,
      sub_questions: turn.parts,
      user_timestamp: askedAt,
      ai_timestamp: answeredAt,
      provider_error: turn.providerError?.message ?? null,
      provider_error_code: turn.providerError?.code ?? null,
    };
  }

  return { ask };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
