/**
 * One search interface over the chunk index: SQLite FTS5 by default, PostgreSQL full-text search
 * on PostgreSQL. Both index the same analysed terms (analysed-chunks.ts) and only supply
 * candidates; one scorer in the application ranks them (scorer.ts), so either database gives
 * the same passages in the same order.
 */
import type { SourcePosition } from '../../../contract/knowledge';
import type { Chunk } from '../ingest/types';

export interface SearchHit {
  documentId: number;
  chunkId: number;
  ordinal: number;
  text: string;
  position: SourcePosition;
  /** BM25F over the passage's text and label; comparable within one result list only. */
  score: number;
  /** The passage's language (ISO 639-1, or 'und'). */
  language: string;
  /** Its text's analysed terms, in order. */
  terms: readonly string[];
  /** Its heading's or sheet name's analysed terms. */
  labelTerms: readonly string[];
}

/** One term of a question and the index terms that count as it (its forms in each language). */
export interface TermGroup {
  term: string;
  forms: readonly string[];
  /**
   * How much the term counts (1 unless said): a part of a name written as code ("ibex" of
   * "ibex-77") counts a little, since the whole name is a term of its own.
   */
  weight?: number;
  /** The question writes it as a name or code (capitalised, with digits): the same in every language. */
  named?: boolean;
}

export interface SearchQuery {
  /** The question's terms; or `text`, analysed here in its detected language. */
  groups?: readonly TermGroup[];
  text?: string;
  /** Only documents of these departments (an empty list finds nothing). */
  departmentIds: readonly number[];
  limit: number;
  /** Soft-deleted and not-ready documents are always excluded. */
  documentIds?: readonly number[];
}

/** The statistics BM25 weighs terms with; the same on both databases for the same passages. */
export interface TermStats {
  /** Chunks in the index. */
  total: number;
  /** Their mean length in terms. */
  avgLength: number;
  /** Per index term: chunks holding it (bounded: beyond the bound a term is simply frequent). */
  df: Map<string, number>;
}

export interface SearchIndex {
  /**
   * Replaces every chunk of the document (re-ingest leaves no duplicates), analysed in their
   * language; one transaction. Answers the document's language.
   */
  replaceChunks(documentId: number, chunks: readonly Chunk[]): Promise<{ language: string }>;
  removeDocument(documentId: number): Promise<void>;
  search(query: SearchQuery): Promise<SearchHit[]>;
  /** Corpus statistics of index terms (all departments). */
  termStats(terms: readonly string[]): Promise<TermStats>;
  /** The languages of the indexed passages, those with most passages first. */
  corpusLanguages(): Promise<string[]>;
}
