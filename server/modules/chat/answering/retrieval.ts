/**
 * Retrieval for the assistant: best passages of the index for a question, in the asker's
 * departments only (the index never returns soft-deleted or not-ready documents; the document
 * lookup here checks both again, so a document soft-deleted between the two reads is still
 * never cited).
 *
 * One ranking for every question (what advanced search once did better is now the default):
 * the question's terms are weighed by their rarity in the whole corpus (weighing.ts: a rare
 * word such as "libtasn1" outweighs a name in every other passage, such as "Debian"), the
 * index (FTS5 bm25 / ts_rank) gives 40 candidates, and they are re-ranked by how much of the
 * question a passage and its best sentence cover, how close together the matched words stand,
 * the index score, words of the question in the document's title, name or heading, and
 * whether a sentence defines the topic; book indexes and tables of contents rank last. The
 * weights travel with the passages, so the built-in engine scores sentences the same way.
 * advanced_search adds query expansion (synonyms in query-terms.ts) and twice the candidates.
 */
import type { SourcePosition } from '../../../../contract/knowledge';
import type { Database } from '../../../db/database';
import { formsOf } from '../../../services/search/query';
import type { SearchIndex } from '../../../services/search/types';
import { withContinuations } from './continuation';
import { coverageOf, matchedTerms, queryTerms, type QueryTerms } from './query-terms';
import { contentTerms, sentences, words } from '../../../services/text/terms';
import { acronymTerm, weighByCorpus, type Weighed } from './weighing';

const DEFAULT_PASSAGES = 8;
const CANDIDATES = 40;
const ADVANCED_CANDIDATES = 80;

export interface Passage {
  chunkId: number;
  documentId: number;
  /** Its place in the document (the index's chunk order), when the retrieval knows it. */
  ordinal?: number;
  documentName: string;
  /** The document's own title (a web page's <title>), when it has one. */
  documentTitle: string | null;
  isUrl: boolean;
  /** Document type: pdf, docx, csv, png, html, … */
  type: string;
  /** The passage's language (ISO 639-1, or 'und'): its sentences are analysed in it. */
  language: string;
  text: string;
  position: SourcePosition;
  /** The index's score (comparable within one search only). */
  indexScore: number;
  /** What names the passage besides its text: document title or file name, heading. */
  label?: string;
  /** The entry it continues: names the passage before it wrote last (continuation.ts). */
  continues?: readonly string[];
  /** Share (0–1) of the question's weighted terms found in the passage. */
  coverage: number;
  /** The order this retrieval put it in (higher first). */
  score: number;
  /** How this retrieval weighed the question (weighByCorpus), for the engines to agree. */
  weighed?: Weighed;
  /**
   * The terms the index holds for it, analysed with what the whole document says (the day order
   * its dates are written in): a sentence read alone may give a date both readings.
   */
  indexTerms?: ReadonlySet<string>;
  /** isListing(text), when the retrieval has worked it out already. */
  listing?: boolean;
}

/**
 * A listing rather than prose: a book index ("partition pruning, Partition Pruning partitioned
 * table, …") or a table of contents with dot leaders. It names every subject and answers none.
 */
export function isListing(text: string, wordCount = words(text).length): boolean {
  if (wordCount < 20) return false;
  const commas = (text.match(/,/g) ?? []).length;
  const ends = (text.match(/\p{Ll}[.!?](?=\s|$)/gu) ?? []).length;
  const leaders = (text.match(/(?:\. ){3,}/g) ?? []).length;
  return leaders >= 3 || (commas > wordCount * 0.15 && ends < wordCount / 40);
}

/**
 * The best share of the question one sentence of the passage covers, and whether a sentence
 * leads with the question's topic (a definition: "Helgrind is a …", "max_connections (integer)
 * Determines …").
 */
function sentenceFit(
  q: QueryTerms,
  sentenceStems: readonly (readonly string[])[],
  language: string,
): { coverage: number; defines: boolean } {
  let coverage = 0;
  let defines = false;
  for (const stems of sentenceStems) {
    coverage = Math.max(coverage, coverageOf(q, matchedTerms(q, new Set(stems), language)));
    if (q.topic && stems.slice(0, 2).includes(q.topic)) defines = true;
  }
  return { coverage, defines };
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
  /** The asker's console language: what a question too short to tell is read in. */
  language?: string;
}

export type DocumentLookup = (
  ids: number[],
) => Promise<Map<number, { name: string; title: string | null; is_url: number; type: string }>>;

export interface Retriever {
  retrieve(question: string, options: RetrieveOptions): Promise<Passage[]>;
  /** Names and types of documents that are ready and not soft-deleted. */
  documents: DocumentLookup;
}

export function createRetriever(database: Database, index: SearchIndex): Retriever {
  async function documentsOf(ids: number[]) {
    if (ids.length === 0)
      return new Map<
        number,
        { name: string; title: string | null; is_url: number; type: string }
      >();
    const rows = await database.db
      .selectFrom('documents')
      .select(['id', 'name', 'title', 'is_url', 'type'])
      .where('id', 'in', ids)
      .where('soft_delete', '=', 0)
      .where('status', '=', 'ready')
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    documents: documentsOf,
    async retrieve(question, options) {
      const corpus = await index.corpusLanguages();
      const q = queryTerms(question, options.advanced, { prior: options.language, corpus });
      const limit = options.limit ?? DEFAULT_PASSAGES;
      if (q.terms.length === 0 || options.departmentIds.length === 0) return [];
      const acronyms = [...q.acronyms.keys()].map((a) => acronymTerm(a, q.language));
      const stats = await index.termStats([...formsOf(q.groups), ...acronyms]);
      const weighed = weighByCorpus(q, stats);
      Object.assign(q, weighed, { weights: new Map(weighed.weights) });
      // Every term with its forms, the acronyms the corpus holds among them.
      const groups = q.groups.map((g) => ({
        ...g,
        forms: [g.term, ...(q.alternatives.get(g.term) ?? [])],
      }));
      const hits = await index.search({
        groups,
        departmentIds: options.departmentIds,
        limit: Math.max(options.advanced ? ADVANCED_CANDIDATES : CANDIDATES, limit),
      });
      const docs = await documentsOf([...new Set(hits.map((h) => h.documentId))]);
      const top = Math.max(...hits.map((h) => h.score), 1e-9);
      const passages: Passage[] = hits.flatMap((hit) => {
        const doc = docs.get(hit.documentId);
        if (!doc) return [];
        const language = hit.language;
        const sentenceStems = sentences(hit.text).map((s) => contentTerms(s, language));
        // A sheet's rows are records, whatever their commas ("1,234.50"), never a listing.
        const listing = !hit.position.sheet && isListing(hit.text, words(hit.text).length);
        const stems = hit.terms;
        // A file name's parts are words ("GPL-3.docx" names the GPL).
        const name = doc.is_url ? '' : doc.name.replace(/[-_.]+/g, ' ');
        const label = `${doc.title ?? ''} ${name} ${hit.position.heading ?? ''} ${hit.position.sheet ?? ''}`;
        const labelStems = contentTerms(label, language);
        // What the label names, every passage under it is about ("gnuplot" in gnuplot.pdf).
        const coverage = coverageOf(
          q,
          matchedTerms(q, new Set([...stems, ...labelStems]), language),
        );
        const fit = sentenceFit(q, sentenceStems, language);
        const titled = coverageOf(q, matchedTerms(q, new Set(labelStems), language));
        const score =
          0.25 * coverage +
          0.35 * fit.coverage +
          (fit.defines ? 0.1 : 0) +
          0.1 * proximityOf(q, stems) +
          0.15 * (hit.score / top) +
          0.15 * titled -
          (listing ? 0.3 : 0);
        return [
          {
            chunkId: hit.chunkId,
            documentId: hit.documentId,
            ordinal: hit.ordinal,
            documentName: doc.name,
            documentTitle: doc.title,
            isUrl: Boolean(doc.is_url),
            type: doc.type,
            language,
            text: hit.text,
            position: hit.position,
            label,
            indexScore: hit.score,
            indexTerms: new Set(hit.terms),
            coverage,
            score,
            weighed,
            listing,
          },
        ];
      });
      passages.sort((x, y) => y.score - x.score);
      return (await withContinuations(database, q, passages.slice(0, limit))).slice(0, limit);
    },
  };
}
