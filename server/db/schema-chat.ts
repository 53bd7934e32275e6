import type { Generated } from 'kysely';

/** The knowledge assistant's tables (0005-chat), part of `DB` in schema.ts. */
export interface ChatTables {
  conversations: ConversationsTable;
  chat_turns: ChatTurnsTable;
  chat_feedback: ChatFeedbackTable;
  chat_turn_charts: ChatTurnChartsTable;
}

export interface ConversationsTable {
  /** The chat uuid. */
  id: string;
  user_id: number;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface ChatTurnsTable {
  id: Generated<number>;
  conversation_id: string | null;
  user_id: number | null;
  channel: 'console' | 'widget';
  department_id: number | null;
  /** JSON text: number[]. */
  department_ids: string;
  mode: 'stuff' | 'stuff-v2' | 'stuff-v3';
  question: string;
  standalone_question: string | null;
  /** JSON text: string[]. */
  sub_questions: string | null;
  answer: string;
  engine: 'builtin' | 'openai';
  model: string;
  no_answer: number;
  cancelled: number;
  latency_ms: number;
  /** JSON text: ChatReference[]. */
  references_json: string;
  /** JSON text: ChatEval. */
  eval_json: string | null;
  provider_error: string | null;
  asked_at: string;
  answered_at: string;
}

export interface ChatFeedbackTable {
  id: Generated<number>;
  turn_id: number;
  user_id: number | null;
  rating: 'up' | 'down';
  comment: string;
  created_at: string;
  updated_at: string;
}

/** The chart drawn for an answer (0034-chat-turn-charts). */
export interface ChatTurnChartsTable {
  turn_id: number;
  /** JSON text: VisualRoute. */
  route_json: string;
  /** JSON text: the Vega-Lite spec with its data inline. */
  spec_json: string;
  engine: 'builtin' | 'llm';
  created_at: string;
}
