import type { Generated } from 'kysely';

/** The reports' tables (0013-reports), part of `DB` in schema.ts. */
export interface ReportTables {
  turn_sentiments: TurnSentimentsTable;
  report_products: ReportProductsTable;
}

export interface TurnSentimentsTable {
  turn_id: number;
  sentiment: 'positive' | 'neutral' | 'negative';
  /** The library's comparative score (or ±1 / 0 from an LLM). */
  score: number;
  source: 'offline' | 'llm';
  created_at: string;
}

export interface ReportProductsTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}
