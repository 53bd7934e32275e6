import type { Generated } from 'kysely';

/** The reports' tables (0013-reports), part of `DB` in schema.ts. */
export interface ReportTables {
  turn_sentiments: TurnSentimentsTable;
  report_products: ReportProductsTable;
  report_hourly: ReportHourlyTable;
  report_conversations: ReportConversationsTable;
  report_conversation_days: ReportConversationDaysTable;
  report_multi_conversations: { conversation: string };
  report_rollup_state: ReportRollupStateTable;
  report_product_days: ReportProductDaysTable;
  report_product_state: ReportProductStateTable;
  report_product_turns: ReportProductTurnsTable;
  report_product_sets: ReportProductSetsTable;
  report_product_conversations: ReportProductConversationsTable;
  report_product_conversation_parts: ReportProductConversationPartsTable;
  report_product_conversation_choices: ReportProductConversationChoicesTable;
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

/** Per UTC hour × channel × widget × department: the turns' figures (0018-report-rollups). */
export interface ReportHourlyTable {
  /** `YYYY-MM-DDTHH` (UTC) of the question. */
  hour: string;
  channel: 'console' | 'widget';
  /** 0: not a widget's turn. */
  widget_id: number;
  /** 0: none chosen. */
  department_id: number;
  /** JSON text: number[], as in chat_turns. */
  department_ids: string;
  questions: number | string;
  latency_sum: number | string;
  positive: number | string;
  neutral: number | string;
  negative: number | string;
  rated_up: number | string;
  rated_down: number | string;
}

export interface ReportRollupStateTable {
  id: number;
  backfill_upto: number;
  backfilled_through: number;
}

/** Per conversation × UTC day × channel × widget × department (0018-report-rollups). */
export interface ReportConversationsTable {
  /** The chat's id, or the turn's id when its chat was deleted. */
  conversation: string;
  day: string;
  channel: 'console' | 'widget';
  widget_id: number;
  department_id: number;
  department_ids: string;
  /** Epoch milliseconds: the earliest question and the latest answer of the row's turns. */
  first_ms: number | string;
  last_ms: number | string;
  turns: number | string;
  latency_sum: number | string;
  positive: number | string;
  neutral: number | string;
  negative: number | string;
}

type Count = number | string;

/** The single-row conversations per day × channel × widget × department (0018). */
export interface ReportConversationDaysTable {
  day: string;
  channel: 'console' | 'widget';
  widget_id: number;
  department_id: number;
  department_ids: string;
  conversations: Count;
  turns: Count;
  latency_sum: Count;
  span_ms: Count;
  positive: Count;
  neutral: Count;
  negative: Count;
  has_positive: Count;
  has_neutral: Count;
  has_negative: Count;
  prevail_positive: Count;
  prevail_negative: Count;
}

/** Product mentions per day (0022, reports/product-rollup.ts). */
export interface ReportProductDaysTable {
  day: string;
  channel: string;
  widget_id: number;
  department_id: number;
  department_ids: string;
  product: string;
  asked: number | string;
  suggested: number | string;
  /** By the turn's sentiment (0024). */
  asked_positive: Generated<number | string>;
  asked_neutral: Generated<number | string>;
  asked_negative: Generated<number | string>;
  suggested_positive: Generated<number | string>;
  suggested_neutral: Generated<number | string>;
  suggested_negative: Generated<number | string>;
}

export interface ReportProductStateTable {
  /** Lower-cased. */
  product: string;
  counted_through: number | string;
}

/** Where a product's turns were asked (0026), as report_hourly keys it. */
export interface ProductPlace {
  channel: string;
  widget_id: number;
  /** 0 when none. */
  department_id: number;
  department_ids: string;
}

/** Turns summed, and how many of them have each sentiment (0026). */
export interface ProductFigures {
  turns: number | string;
  positive: number | string;
  neutral: number | string;
  negative: number | string;
}

/** A listed product × a turn whose question names it (0026, reports/product-turns.ts). */
export interface ReportProductTurnsTable extends ProductPlace {
  /** Lower-cased. */
  product: string;
  asked_at: string;
  turn_id: number;
  /** The turn's conversation, or its id when it has none. */
  conversation: string;
  sentiment: 'positive' | 'neutral' | 'negative' | null;
  /** The counted products the question names: `\u001f`-separated, a separator either side. */
  asked_names: string;
  /** The counted products the answer names, as `asked_names`. */
  suggested_names: string;
}

/** The products' turns summed by place, sentiment and names (0026, reports/product-sums.ts). */
export interface ReportProductSetsTable extends ProductPlace {
  day: string;
  /** '' when not judged. */
  sentiment: string;
  asked_names: string;
  suggested_names: string;
  turns: number | string;
}

/**
 * The products' turns of the conversations naming one product in one place, per product ×
 * conversation (0026, reports/product-conversations.ts).
 */
export interface ReportProductConversationsTable extends ProductPlace, ProductFigures {
  product: string;
  day: string;
  conversation: string;
}

/** The products' turns of the other conversations, by conversation, place and names (0026). */
export interface ReportProductConversationPartsTable extends ProductPlace, ProductFigures {
  conversation: string;
  day: string;
  asked_names: string;
}

/** Per conversation in one place naming 2 to 4 products × a choice of them (0026). */
export interface ReportProductConversationChoicesTable extends ProductPlace, ProductFigures {
  conversation: string;
  /** The chosen products, `asked_names`-style. */
  chosen: string;
  /** All the products the conversation names, `asked_names`-style. */
  names: string;
  /** How many are chosen. */
  size: number;
  day: string;
}
