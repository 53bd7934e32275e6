/**
 * Retrieval for the assistant: best passages of the index for a question, in the asker's
 * departments only (the index never returns soft-deleted or not-ready documents; the document
 * lookup here checks both again, so a document soft-deleted between the two reads is still
 * never cited).
 *
 * - default: the index's own ranking (FTS5 bm25 / ts_rank) over the question's content words,
 *   top 8. When the question names something (X200, Falcon-1234, ACME) the index is first asked
 *   for those names only: they are rare, so the passages about that thing rank first and the
 *   search does not have to score every passage that says "project" or "budget" (the bench's
 *   10,000 documents: the difference between ~10 and ~100 ms). Only when no passage has the
 *   names is the full question searched. Names with digits (Falcon-1009) are rarer still: their
 *   digit words are searched first with a wider limit and only passages holding the whole
 *   names are kept, so the index ranks a few dozen rows instead of every "Falcon".
 * - advanced_search: wider (40 candidates) with query expansion (synonyms below and word-form
 *   variants), then re-ranked by how much of the question a passage covers (identifiers count
 *   more), how close together the matched words stand, and the index score.
 */
import type { SourcePosition } from '../../../../contract/knowledge';
import type { Database } from '../../../db/database';
import type { SearchHit, SearchIndex } from '../../../services/search/types';
import { contentTerms, identifiers, isStopWord, stem, words } from './terms';

export const DEFAULT_PASSAGES = 8;
const ADVANCED_CANDIDATES = 40;
const NUMBERED_NAME_CANDIDATES = 50;

export interface Passage {
  chunkId: number;
  documentId: number;
  documentName: string;
  isUrl: boolean;
  /** Document type: pdf, docx, csv, png, html, … */
  type: string;
  text: string;
  position: SourcePosition;
  /** The index's score (comparable within one search only). */
  indexScore: number;
  /** Share (0–1) of the question's weighted terms found in the passage. */
  coverage: number;
  /** The order this retrieval put it in (higher first). */
  score: number;
}

/** A question as the engines read it: stemmed terms, their weights and alternatives. */
export interface QueryTerms {
  terms: string[];
  /** Words of the names the question mentions (searched first, see above). */
  nameWords: string[];
  weights: Map<string, number>;
  /** Alternative stems counted as the term (advanced search). */
  alternatives: Map<string, Set<string>>;
  /** Words sent to the index. */
  searchWords: string[];
}

// Word groups one might use for another in workplace documents. Small on purpose: a wrong
// synonym costs precision, and the re-ranking still prefers passages with the asked words.
const SYNONYM_GROUPS: string[][] = [
  ['cost', 'price', 'priced', 'pricing', 'fee', 'charge'],
  ['buy', 'purchase', 'order'],
  ['employee', 'staff', 'personnel', 'worker'],
  ['start', 'begin', 'commence'],
  ['end', 'finish', 'expire', 'expiry', 'expiration'],
  ['refund', 'reimbursement', 'repayment'],
  ['salary', 'pay', 'wage', 'compensation'],
  ['holiday', 'vacation', 'leave'],
  ['manager', 'supervisor', 'lead', 'head'],
  ['customer', 'client'],
  ['car', 'vehicle'],
  ['phone', 'telephone'],
  ['email', 'e-mail', 'mail'],
  ['address', 'location'],
  ['weight', 'weigh', 'mass'],
  ['subscription', 'plan', 'tier'],
  ['warranty', 'guarantee'],
  ['policy', 'rule', 'guideline'],
  ['help', 'support', 'assistance'],
  ['problem', 'issue', 'fault', 'error'],
  ['meeting', 'appointment'],
  ['delivery', 'shipping', 'shipment'],
  ['cancel', 'terminate', 'termination', 'cancellation'],
  ['contract', 'agreement'],
  ['job', 'position', 'role'],
  ['deadline', 'due'],
  ['size', 'dimension'],
  ['quick', 'fast'],
  ['big', 'large'],
  ['small', 'little'],
];

const SYNONYMS = new Map<string, { stems: Set<string>; words: string[] }>();
for (const group of SYNONYM_GROUPS) {
  const entry = { stems: new Set(group.map(stem)), words: group };
  for (const w of group) SYNONYMS.set(stem(w), entry);
}

export function queryTerms(question: string, expand: boolean): QueryTerms {
  const names = identifiers(question);
  const ids = new Set(names.flatMap((w) => contentTerms(w)));
  const nameWords = [...new Set(names.flatMap((w) => words(w)))];
  const terms = [...new Set(contentTerms(question))];
  const weights = new Map(terms.map((t) => [t, ids.has(t) ? 3 : 1]));
  const alternatives = new Map<string, Set<string>>();
  const searchWords = [...new Set(words(question).filter((w) => !isStopWord(w)))];
  if (expand) {
    for (const t of terms) {
      const group = SYNONYMS.get(t);
      if (!group) continue;
      alternatives.set(t, new Set([...group.stems].filter((s) => s !== t)));
      for (const w of group.words) if (!searchWords.includes(w)) searchWords.push(w);
    }
  }
  return { terms, nameWords, weights, alternatives, searchWords };
}

/** Which question terms a text contains (directly or through an alternative). */
export function matchedTerms(q: QueryTerms, textStems: ReadonlySet<string>): string[] {
  return q.terms.filter(
    (t) => textStems.has(t) || [...(q.alternatives.get(t) ?? [])].some((a) => textStems.has(a)),
  );
}

export function coverageOf(q: QueryTerms, matched: readonly string[]): number {
  const total = q.terms.reduce((sum, t) => sum + (q.weights.get(t) ?? 1), 0);
  if (total === 0) return 0;
  return matched.reduce((sum, t) => sum + (q.weights.get(t) ?? 1), 0) / total;
}

/** 1 when the matched terms stand side by side, smaller the further apart they are. */
export function proximityOf(q: QueryTerms, stems: readonly string[]): number {
  const wanted = new Map<string, string>();
  for (const t of q.terms) {
    wanted.set(t, t);
    for (const a of q.alternatives.get(t) ?? []) wanted.set(a, t);
  }
  const hits = stems
    .map((s, i) => ({ term: wanted.get(s), i }))
    .filter((h): h is { term: string; i: number } => h.term !== undefined);
  const distinct = new Set(hits.map((h) => h.term)).size;
  if (distinct <= 1) return distinct;
  let best = Infinity;
  const counts = new Map<string, number>();
  let left = 0;
  for (let right = 0; right < hits.length; right += 1) {
    counts.set(hits[right].term, (counts.get(hits[right].term) ?? 0) + 1);
    while (counts.size === distinct) {
      best = Math.min(best, hits[right].i - hits[left].i + 1);
      const term = hits[left].term;
      const n = (counts.get(term) ?? 1) - 1;
      if (n === 0) counts.delete(term);
      else counts.set(term, n);
      left += 1;
    }
  }
  return Math.min(1, distinct / best);
}

export interface RetrieveOptions {
  departmentIds: readonly number[];
  advanced: boolean;
  limit?: number;
}

export type DocumentLookup = (
  ids: number[],
) => Promise<Map<number, { name: string; is_url: number; type: string }>>;

export interface Retriever {
  retrieve(question: string, options: RetrieveOptions): Promise<Passage[]>;
  /** Names and types of documents that are ready and not soft-deleted. */
  documents: DocumentLookup;
}

export function createRetriever(database: Database, index: SearchIndex): Retriever {
  async function documentsOf(ids: number[]) {
    if (ids.length === 0) return new Map<number, { name: string; is_url: number; type: string }>();
    const rows = await database.db
      .selectFrom('documents')
      .select(['id', 'name', 'is_url', 'type'])
      .where('id', 'in', ids)
      .where('soft_delete', '=', 0)
      .where('status', '=', 'ready')
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    documents: documentsOf,
    async retrieve(question, options) {
      const q = queryTerms(question, options.advanced);
      const limit = options.limit ?? DEFAULT_PASSAGES;
      if (q.searchWords.length === 0 || options.departmentIds.length === 0) return [];
      const search = (words: string[], n: number) =>
        index.search({ text: words.join(' '), departmentIds: options.departmentIds, limit: n });
      let hits: SearchHit[] = [];
      const numbered = q.nameWords
        .flatMap((w) => w.split(/[^\p{L}\p{N}]+/u))
        .filter((w) => /\d/.test(w));
      if (!options.advanced && numbered.length > 0) {
        const names = [...q.weights].filter(([, w]) => w > 1).map(([t]) => t);
        hits = (await search(numbered, NUMBERED_NAME_CANDIDATES))
          .filter((h) => {
            const stems = new Set(contentTerms(h.text));
            return names.every((n) => stems.has(n));
          })
          .slice(0, limit);
      }
      if (hits.length === 0 && !options.advanced && q.nameWords.length > 0)
        hits = await search(q.nameWords, limit);
      if (hits.length === 0)
        hits = await search(
          q.searchWords,
          options.advanced ? Math.max(ADVANCED_CANDIDATES, limit) : limit,
        );
      const docs = await documentsOf([...new Set(hits.map((h) => h.documentId))]);
      const top = Math.max(...hits.map((h) => h.score), 1e-9);
      const passages: Passage[] = [];
      for (const hit of hits) {
        const doc = docs.get(hit.documentId);
        if (!doc) continue;
        const stems = contentTerms(hit.text);
        const coverage = coverageOf(q, matchedTerms(q, new Set(stems)));
        const indexPart = hit.score / top;
        const score = options.advanced
          ? 0.6 * coverage + 0.2 * proximityOf(q, stems) + 0.2 * indexPart
          : indexPart;
        passages.push({
          chunkId: hit.chunkId,
          documentId: hit.documentId,
          documentName: doc.name,
          isUrl: Boolean(doc.is_url),
          type: doc.type,
          text: hit.text,
          position: hit.position,
          indexScore: hit.score,
          coverage,
          score,
        });
      }
      passages.sort((a, b) => b.score - a.score);
      return passages.slice(0, limit);
    },
  };
}
