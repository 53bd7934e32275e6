/**
 * The steps of one assistant turn (answer-service.ts runs them): the standalone question of a
 * follow-up, retrieval of every part, the model's attempt, and streaming the built-in answer.
 */
import type { ChatReference, ProviderErrorCode } from '../../../../contract/chat';
import { LlmError, type LlmProvider } from '../../../services/llm/openai';
import type { Generated } from './answer-parts';
import type { ChatRepo } from '../conversations/repo';
import { MIN_COVERAGE } from './builtin-engine';
import { composeModelText, referenceOf } from './compose';
import { answerMessages, rewriteMessages } from './prompts';
import type { Passage, Retriever } from './retrieval';
import { standaloneQuestion } from './rewrite';
import { keyTerms, snippetAround } from '../../../services/text/terms';

/** Passages given to the model: all for one question, the best few of each part for v3. */
const MODEL_PASSAGES = 8;
const MODEL_PASSAGES_PER_PART = 4;

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

export const elapsed = (from: number) => Math.round((performance.now() - from) * 10) / 10;
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A follow-up made standalone: by the model when one answers, else by the heuristic. */
export async function standaloneFor(
  { repo, provider }: { repo: ChatRepo; provider: LlmProvider | null },
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

/** The built-in answer sent sentence by sentence, yielding to I/O between pieces. */
export async function streamText(text: string, sink: AnswerSink | undefined, signal: AbortSignal) {
  if (!sink) return;
  for (const piece of text.match(/[^\n.!?]*(?:[.!?]+(?:\s|$)|\n+|$)\s*/g) ?? []) {
    if (!piece) continue;
    if (signal.aborted) throw new ChatCancelled();
    sink.delta(piece);
    await yieldToIo();
  }
}

/** The sink passed on, remembering the text of the current attempt (kept when cancelled). */
export function recordingSink(sink: AnswerSink | undefined) {
  let text = '';
  return {
    text: () => text,
    sink: sink && {
      meta: (m: Parameters<AnswerSink['meta']>[0]) => {
        text = '';
        sink.meta(m);
      },
      delta: (t: string) => {
        text += t;
        sink.delta(t);
      },
    },
  };
}

interface Retrieved {
  /** Every passage once. */
  passages: Passage[];
  /** Per question part, its passages as indexes into `passages`, best first. */
  partIdx: number[][];
  /**
   * Per question part, its passages as that part's retrieval scored them (coverage and term
   * weights are the part's own, also for a passage another part found too).
   */
  perPart: Passage[][];
}

export async function retrieveAll(
  retriever: Retriever,
  questions: readonly string[],
  departmentIds: readonly number[],
  advanced: boolean,
): Promise<Retrieved> {
  const perPart = await Promise.all(
    questions.map((q) => retriever.retrieve(q, { departmentIds, advanced })),
  );
  const passages: Passage[] = [];
  const partIdx = perPart.map((list) =>
    list.map((p) => {
      const at = passages.findIndex((x) => x.chunkId === p.chunkId);
      if (at >= 0) return at;
      passages.push(p);
      return passages.length - 1;
    }),
  );
  return { passages, partIdx, perPart };
}

export interface ModelAttempt {
  generated: Generated | null;
  /** Why the model did not answer (the built-in engine then does). */
  providerError: { message: string; code: ProviderErrorCode | null } | null;
}

/**
 * The model's answer from the best passages, or nothing: when no passage covers enough of the
 * question there is nothing to ground one on; a provider failure is reported, not thrown.
 */
export async function modelAttempt(
  provider: LlmProvider,
  model: string,
  turn: {
    question: string;
    questions: readonly string[];
    titles: string[] | null;
    found: Retrieved;
    chatId: string;
    sink: AnswerSink | undefined;
    signal: AbortSignal;
  },
): Promise<ModelAttempt> {
  const { passages, partIdx } = turn.found;
  if (!passages.some((p) => p.coverage >= MIN_COVERAGE))
    return { generated: null, providerError: null };
  const given = turn.titles
    ? [...new Set(partIdx.flatMap((idx) => idx.slice(0, MODEL_PASSAGES_PER_PART)))]
    : partIdx[0].slice(0, MODEL_PASSAGES);
  const shown = given.map((i) => passages[i]);
  const terms = keyTerms(turn.questions.join(' '));
  turn.sink?.meta({
    chat_id: turn.chatId,
    references: shown.map((p, i) => referenceOf(p, i + 1, snippetAround(p.text, terms))),
  });
  try {
    const text = await provider.complete({
      model,
      messages: answerMessages(turn.question, shown, turn.titles),
      signal: turn.signal,
      onDelta: (t) => turn.sink?.delta(t),
    });
    const composed = composeModelText(text, shown, terms);
    const noAnswer = composed.references.length === 0;
    return {
      generated: { composed, passages: shown, noAnswer, engine: 'openai', model },
      providerError: null,
    };
  } catch (error) {
    if (turn.signal.aborted) throw new ChatCancelled();
    if (!(error instanceof LlmError)) throw error;
    const message = `${error.message} This answer comes from the built-in extractive engine instead.`;
    return { generated: null, providerError: { message, code: error.code ?? null } };
  }
}
