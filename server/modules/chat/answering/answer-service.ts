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
import type {
  ChatAnswer,
  ChatReference,
  chatRequestSchema,
  ProviderErrorCode,
} from '../../../../contract/chat';
import type { AccessSubject } from '../../../../contract/profile';
import type { z } from 'zod';
import { nowIso, type Database } from '../../../db/database';
import { errors } from '../../../http/app-error';
import { LlmError, type LlmProvider } from '../../../services/llm/openai';
import { builtinAnswer, evaluationOf, imagesOf, titleOf, type Generated } from './answer-parts';
import { MIN_COVERAGE } from './builtin-engine';
import { composeModelText, referenceOf } from './compose';
import { engineFor } from './models';
import { answerMessages, rewriteMessages } from './prompts';
import type { ChatRepo } from '../conversations/repo';
import type { Passage, Retriever } from './retrieval';
import { standaloneQuestion } from './rewrite';
import { resolveScope } from './scope';
import { splitQuestion } from './split';
import { keyTerms, snippetAround } from './terms';

export type ChatMode = 'stuff' | 'stuff-v2' | 'stuff-v3';
export type ParsedChatRequest = z.infer<typeof chatRequestSchema>;

export interface AnswerSink {
  meta(value: { chat_id: string; references: ChatReference[] }): void;
  delta(text: string): void;
}

export class ChatCancelled extends Error {
  constructor() {
    super('Message sending cancelled');
    this.name = 'ChatCancelled';
  }
}

/** Passages given to the model: all for one question, the best few of each part for v3. */
const MODEL_PASSAGES = 8;
const MODEL_PASSAGES_PER_PART = 4;

export interface AnswerDeps {
  database: Database;
  repo: ChatRepo;
  retriever: Retriever;
  provider: LlmProvider | null;
}

export interface AskInput {
  mode: ChatMode;
  request: ParsedChatRequest;
  userId: number;
  subject: AccessSubject;
  signal: AbortSignal;
  sink?: AnswerSink;
  channel?: 'console' | 'widget';
}

const elapsed = (from: number) => Math.round((performance.now() - from) * 10) / 10;
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createAnswerService({ database, repo, retriever, provider }: AnswerDeps) {
  async function standaloneFor(
    question: string,
    chatId: string,
    model: string | null,
    signal: AbortSignal,
  ): Promise<string> {
    const previous = await repo.history(chatId, 3);
    if (previous.length === 0) return question;
    if (provider && model) {
      try {
        const history = previous.map((t) => ({
          question: t.standalone_question ?? t.question,
          answer: t.answer,
        }));
        const text = await provider.complete({
          model,
          messages: rewriteMessages(question, history),
          signal,
          maxTokens: 200,
        });
        const line = text.trim().split('\n')[0]?.trim() ?? '';
        if (line.length > 3 && line.length <= 500) return line;
      } catch (error) {
        if (signal.aborted) throw new ChatCancelled();
        if (!(error instanceof LlmError)) throw error;
        // The heuristic below answers; the answer call will report the provider's state.
      }
    }
    const last = previous[previous.length - 1];
    return standaloneQuestion(question, last.standalone_question ?? last.question);
  }

  async function streamText(text: string, sink: AnswerSink | undefined, signal: AbortSignal) {
    if (!sink) return;
    for (const piece of text.match(/[^\n.!?]*(?:[.!?]+(?:\s|$)|\n+|$)\s*/g) ?? []) {
      if (!piece) continue;
      if (signal.aborted) throw new ChatCancelled();
      sink.delta(piece);
      await yieldToIo();
    }
  }

  async function ask(input: AskInput): Promise<ChatAnswer> {
    const { request: req, signal, sink, mode } = input;
    const askedAt = nowIso();
    const started = performance.now();
    const scope = await resolveScope(database, input.subject, req);
    const chatId = req.chat_id ?? randomUUID();
    const existing = await repo.findConversation(chatId);
    if (existing && existing.user_id !== input.userId)
      throw errors.notFound('This conversation does not exist.');
    const wanted = engineFor(provider, req.model);
    const llmModel = wanted.engine === 'openai' ? wanted.model : null;

    let streamedText = '';
    const tee: AnswerSink | undefined = sink && {
      meta: (m) => {
        streamedText = '';
        sink.meta(m);
      },
      delta: (t) => {
        streamedText += t;
        sink.delta(t);
      },
    };

    let standalone: string | null = null;
    let parts: string[] | null = null;
    let providerError: string | null = null;
    let providerErrorCode: ProviderErrorCode | null = null;
    let retrievalMs = 0;
    let generationStarted = 0;
    let generated: Generated | null = null;
    let cancelled = false;

    try {
      if (mode === 'stuff-v2')
        standalone = existing
          ? await standaloneFor(req.query, chatId, llmModel, signal)
          : req.query;
      if (mode === 'stuff-v3') parts = splitQuestion(req.query);
      const questions = parts ?? [standalone ?? req.query];
      const titles = parts && parts.length > 1 ? parts : null;
      if (signal.aborted) throw new ChatCancelled();

      const retrievalStarted = performance.now();
      const perPart = await Promise.all(
        questions.map((q) =>
          retriever.retrieve(q, {
            departmentIds: scope.departmentIds,
            advanced: req.advanced_search,
          }),
        ),
      );
      retrievalMs = elapsed(retrievalStarted);
      const passages: Passage[] = [];
      const partIdx = perPart.map((list) =>
        list.map((p) => {
          const at = passages.findIndex((x) => x.chunkId === p.chunkId);
          if (at >= 0) return at;
          passages.push(p);
          return passages.length - 1;
        }),
      );
      if (signal.aborted) throw new ChatCancelled();

      generationStarted = performance.now();
      const grounded = passages.some((p) => p.coverage >= MIN_COVERAGE);
      if (llmModel && provider && grounded) {
        const given = titles
          ? [...new Set(partIdx.flatMap((idx) => idx.slice(0, MODEL_PASSAGES_PER_PART)))]
          : partIdx[0].slice(0, MODEL_PASSAGES);
        const shown = given.map((i) => passages[i]);
        const terms = keyTerms(questions.join(' '));
        tee?.meta({
          chat_id: chatId,
          references: shown.map((p, i) => referenceOf(p, i + 1, snippetAround(p.text, terms))),
        });
        try {
          const text = await provider.complete({
            model: llmModel,
            messages: answerMessages(standalone ?? req.query, shown, titles),
            signal,
            onDelta: (t) => tee?.delta(t),
          });
          const composed = composeModelText(text, shown, terms);
          generated = {
            composed,
            passages: shown,
            noAnswer: composed.references.length === 0,
            engine: 'openai',
            model: llmModel,
          };
        } catch (error) {
          if (signal.aborted) throw new ChatCancelled();
          if (!(error instanceof LlmError)) throw error;
          providerError = `${error.message} This answer comes from the built-in extractive engine instead.`;
          providerErrorCode = error.code ?? null;
        }
      }
      if (!generated) {
        generated = builtinAnswer(questions, titles, passages, partIdx, req.advanced_search);
        tee?.meta({ chat_id: chatId, references: generated.composed.references });
        await streamText(generated.composed.text, tee, signal);
      }
    } catch (error) {
      if (!(error instanceof ChatCancelled) && !signal.aborted) throw error;
      cancelled = true;
    }

    const generationMs = generationStarted ? elapsed(generationStarted) : 0;
    const totalMs = elapsed(started);
    const composed = generated?.composed;
    const references = composed?.references ?? [];
    const evaluation = generated
      ? evaluationOf(generated, references, { retrievalMs, generationMs, totalMs })
      : null;
    const answerText = cancelled ? streamedText : (composed?.text ?? '');
    const answeredAt = nowIso();

    const conversation = { id: chatId, userId: input.userId, title: titleOf(req.query) };
    const messageId = await repo.logTurn(conversation, {
      conversation_id: chatId,
      user_id: input.userId,
      channel: input.channel ?? 'console',
      department_id: scope.departmentId,
      department_ids: JSON.stringify(scope.departmentIds),
      mode,
      question: req.query,
      standalone_question: standalone,
      sub_questions: parts ? JSON.stringify(parts) : null,
      answer: answerText,
      engine: generated?.engine ?? wanted.engine,
      model: generated?.model ?? wanted.model,
      no_answer: generated?.noAnswer ? 1 : 0,
      cancelled: cancelled ? 1 : 0,
      latency_ms: Math.round(totalMs),
      references_json: JSON.stringify(references),
      eval_json: evaluation ? JSON.stringify(evaluation) : null,
      provider_error: providerError,
      asked_at: askedAt,
      answered_at: answeredAt,
    });
    if (cancelled || !generated) throw new ChatCancelled();

    const images = req.fetch_images ? imagesOf(references, generated.passages) : [];
    return {
      chat_id: chatId,
      message_id: messageId,
      answer: answerText,
      engine: generated.engine,
      model: generated.model,
      no_answer: generated.noAnswer,
      references: req.references ? references : [],
      images,
      eval: req.eval_matrix ? evaluation : null,
      standalone_question: standalone,
      sub_questions: parts,
      user_timestamp: askedAt,
      ai_timestamp: answeredAt,
      provider_error: providerError,
      provider_error_code: providerErrorCode,
    };
  }

  return { ask };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
