/** Pieces of one answer that do not depend on the engine: built-in sections, eval, images. */
import {
  BUILTIN_MODEL_ID,
  chatApiPaths,
  type ChatEngine,
  type ChatEval,
  type ChatReference,
} from '../../../../contract/chat';
import { extractiveDraft, MIN_COVERAGE } from './builtin-engine';
import { composeDrafts, supportOf, type Composed } from './compose';
import { noAnswerText, partNoAnswerText, type AnswerAudience } from './no-answer';
import { queryTerms } from './query-terms';
import type { Passage } from './retrieval';

const IMAGE_TYPES = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp']);
const TITLE_MAX = 80;

export interface Generated {
  composed: Composed;
  /** The passages the citation numbers refer to. */
  passages: Passage[];
  noAnswer: boolean;
  engine: ChatEngine;
  model: string;
}

/**
 * The built-in engine over one or more questions (v3 parts, each with a bold title): every
 * question is answered from its own passages; numbers run across the whole answer.
 */
export function builtinAnswer(
  questions: string[],
  titles: string[] | null,
  passages: Passage[],
  partIdx: number[][],
  advanced: boolean,
  /** Each part's passages as its own retrieval scored them (default: from `passages`). */
  perPart?: Passage[][],
  /** Who reads it: a widget's visitor gets the visitor's "nothing found". */
  audience: AnswerAudience = 'console',
): Generated {
  let language: string | undefined;
  const sections = questions.map((q, k) => {
    const own = perPart?.[k] ?? partIdx[k].map((i) => passages[i]);
    // The weights and distinctive terms the retrieval gave the question (rarity in the corpus).
    const weighed = own[0]?.weighed;
    const terms = queryTerms(q, advanced, { prior: weighed?.language });
    language ??= terms.language;
    const draft = extractiveDraft(
      weighed ? { ...terms, ...weighed, weights: new Map(weighed.weights) } : terms,
      own,
    );
    return {
      title: titles ? titles[k] : null,
      draft: {
        ...draft,
        sentences: draft.sentences.map((s) => ({ ...s, passage: partIdx[k][s.passage] })),
      },
    };
  });
  // "Nothing found" in the language the question was asked in.
  const nothing = noAnswerText(language ?? 'en', audience);
  const composed = composeDrafts(
    sections,
    passages,
    titles ? partNoAnswerText(language ?? 'en') : nothing,
  );
  const noAnswer = sections.every((s) => s.draft.noAnswer);
  return {
    composed: noAnswer && titles ? { ...composed, text: nothing } : composed,
    passages,
    noAnswer,
    engine: 'builtin',
    model: BUILTIN_MODEL_ID,
  };
}

export function evaluationOf(
  generated: Generated,
  references: readonly ChatReference[],
  timings: { retrievalMs: number; generationMs: number; totalMs: number },
): ChatEval {
  const { composed, passages } = generated;
  return {
    retrieval: [...composed.numbers]
      .map(([i, n]) => ({
        n,
        chunk_id: passages[i].chunkId,
        score: Math.round(passages[i].score * 1000) / 1000,
      }))
      .sort((a, b) => a.n - b.n),
    support: supportOf(composed.text, references, passages, composed.numbers),
    timings: {
      retrieval_ms: timings.retrievalMs,
      generation_ms: timings.generationMs,
      total_ms: timings.totalMs,
    },
  };
}

export function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  return flat.length > TITLE_MAX ? `${flat.slice(0, TITLE_MAX - 1)}…` : flat;
}

/** Image documents (OCR'd jpg/png/gif/bmp) among the cited and the relevant passages. */
export function imagesOf(references: readonly ChatReference[], passages: readonly Passage[]) {
  const seen = new Map<number, string>();
  for (const r of references) seen.set(r.document_id, r.document_name);
  for (const p of passages) if (p.coverage >= MIN_COVERAGE) seen.set(p.documentId, p.documentName);
  const types = new Map(passages.map((p) => [p.documentId, p.type.toLowerCase()]));
  return [...seen]
    .filter(([id]) => IMAGE_TYPES.has(types.get(id) ?? ''))
    .map(([id, name]) => ({ document_id: id, url: chatApiPaths.download(id), alt: name }));
}
