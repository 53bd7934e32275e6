/**
 * The built-in extractive engine: no model, no network. It answers with sentences copied from
 * the retrieved passages, each followed by its citation, and says it found nothing when no
 * passage covers at least half of the question (identifiers such as "X200" weigh three times a
 * common word, so a passage about another product does not pass).
 *
 * Choosing sentences: the best sentence scores its own coverage of the question plus half its
 * passage's (so "Its budget is 2 million." in a passage about project Falcon still counts);
 * then sentences that add question words not yet covered (the fact split over two sentences);
 * then equally good sentences from other documents (so two sources that both answer are both
 * shown). At most three sentences.
 */
import {
  coverageOf,
  holdsDistinctive,
  isListing,
  matchedTerms,
  proximityOf,
  type Passage,
  type QueryTerms,
} from './retrieval';
import { contentTerms, sentences } from './terms';

/** Below this share of the question's weighted terms a passage is not an answer. */
export const MIN_COVERAGE = 0.5;
/** Below this share of the question's weighted terms the quoted sentences are not an answer. */
const MIN_ANSWER_COVERAGE = 0.55;
const MAX_SENTENCES = 3;
const CANDIDATE_PASSAGES = 6;

export const NO_ANSWER_TEXT =
  'I could not find an answer to this in the documents you can search. ' +
  'Try other words, or turn on advanced search or multi-source.';

export interface DraftSentence {
  text: string;
  /** Index into the passages given to the engine. */
  passage: number;
}

export interface Draft {
  sentences: DraftSentence[];
  noAnswer: boolean;
}

interface Candidate {
  text: string;
  passage: number;
  order: number;
  matched: Set<string>;
  score: number;
}

/** A sentence that leads with the question's subject: a definition ("Helgrind is a …"). */
function leadsWithTopic(q: QueryTerms, stems: readonly string[]): boolean {
  return stems.slice(0, 3).some((s) => s === q.topic || q.required.includes(s));
}

/** Prose whose last sentence lacks closing punctuation: cut at a page or chunk end. */
function isCutOff(p: Passage, text: string, order: number, count: number): boolean {
  if (p.position.sheet) return false; // sheet rows end without punctuation
  return order === count - 1 && count > 1 && !/[.!?:;)\]"”’]$/.test(text);
}

/** Mostly numbers: a table's row of figures rather than a sentence. */
function isFigures(stems: readonly string[]): boolean {
  return stems.filter((s) => /^\d/.test(s)).length > stems.length * 0.4;
}

function candidatesOf(q: QueryTerms, passages: readonly Passage[]): Candidate[] {
  const out: Candidate[] = [];
  const top = Math.max(passages[0]?.score ?? 1, 1e-9);
  passages.slice(0, CANDIDATE_PASSAGES).forEach((p, rank) => {
    if (p.coverage < MIN_COVERAGE || isListing(p.text)) return;
    if (!holdsDistinctive(q, new Set(contentTerms(`${p.label ?? ''} ${p.text}`)))) return;
    const all = sentences(p.text);
    all.forEach((text, order) => {
      const stems = contentTerms(text);
      if (stems.length < 3) return;
      const matched = matchedTerms(q, new Set(stems));
      if (matched.length === 0) return;
      const score =
        coverageOf(q, matched) +
        0.3 * p.coverage +
        0.3 * (p.score / top) +
        0.15 * proximityOf(q, stems) +
        (leadsWithTopic(q, stems) ? 0.15 : 0) -
        (isCutOff(p, text, order, all.length) ? 0.3 : 0) -
        (isFigures(stems) ? 0.2 : 0) -
        (stems.length > 60 ? 0.15 : 0) -
        0.02 * rank;
      out.push({ text, passage: rank, order, matched: new Set(matched), score });
    });
  });
  return out.sort((a, b) => b.score - a.score);
}

export function extractiveDraft(q: QueryTerms, passages: readonly Passage[]): Draft {
  const candidates = candidatesOf(q, passages);
  const best = candidates[0];
  if (!best) return { sentences: [], noAnswer: true };

  const chosen: Candidate[] = [best];
  const covered = new Set(best.matched);
  const same = (a: Candidate, b: Candidate) => a.passage === b.passage && a.order === b.order;
  const sameText = (a: Candidate) =>
    chosen.some((c) => c.text.toLowerCase() === a.text.toLowerCase());

  // A fact split over neighbouring sentences of the chosen passage.
  for (const c of candidates) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (c.passage !== best.passage || chosen.some((x) => same(x, c)) || sameText(c)) continue;
    if (Math.abs(c.order - best.order) > 2) continue;
    if ([...c.matched].some((t) => !covered.has(t))) {
      chosen.push(c);
      c.matched.forEach((t) => covered.add(t));
    }
  }
  if (coverageOf(q, [...covered]) < MIN_ANSWER_COVERAGE) return { sentences: [], noAnswer: true };

  // Other documents that answer as well.
  for (const c of candidates) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (c.passage === best.passage || chosen.some((x) => x.passage === c.passage)) continue;
    if (sameText(c) || c.score < best.score * 0.85) continue;
    chosen.push(c);
  }

  // Sentences of one passage in document order, passages in the order they were chosen.
  const passageOrder = [...new Set(chosen.map((c) => c.passage))];
  chosen.sort(
    (a, b) =>
      passageOrder.indexOf(a.passage) - passageOrder.indexOf(b.passage) || a.order - b.order,
  );
  return {
    sentences: chosen.map((c) => ({ text: c.text, passage: c.passage })),
    noAnswer: false,
  };
}
