/**
 * One search interface over the chunk index: SQLite FTS5 by default, PostgreSQL full-text search
 * on PostgreSQL. Callers never see which one answers.
 */
import type { SourcePosition } from '../../../contract/knowledge';
import type { Chunk } from '../ingest/types';

export interface SearchHit {
  documentId: number;
  chunkId: number;
  ordinal: number;
  text: string;
  position: SourcePosition;
  /** Higher is better; comparable only within one result list. */
  score: number;
}

export interface SearchQuery {
  text: string;
  /** Only documents of these departments (an empty list finds nothing). */
  departmentIds: readonly number[];
  limit: number;
  /** Soft-deleted and not-ready documents are always excluded. */
  documentIds?: readonly number[];
}

/** How many chunks hold each word (bounded: beyond the bound a word is simply frequent). */
export interface TermStats {
  /** Chunks in the index. */
  total: number;
  /** Per word as given: chunks holding it (its forms, as the index stems them). */
  df: Map<string, number>;
}

export interface SearchIndex {
  /** Replaces every chunk of the document (re-ingest leaves no duplicates); one transaction. */
  replaceChunks(documentId: number, chunks: readonly Chunk[]): Promise<void>;
  removeDocument(documentId: number): Promise<void>;
  search(query: SearchQuery): Promise<SearchHit[]>;
  /** Corpus statistics for weighing a question's words by rarity (all departments). */
  termStats(words: readonly string[]): Promise<TermStats>;
}
