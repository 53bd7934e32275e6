/**
 * The knowledge assistant's charts (SPEC §7 Chat: POST /chat/visual_router and
 * /chat/generate_visual), apart from chat.ts so that a stored answer's history can carry its
 * chart's route.
 *
 * - `force`: the person pressed Chart on an answer. That is the request for a chart, so the
 *   question need not ask for one in words; when no chart can be drawn the route says which
 *   data is missing (`reason_code`).
 * - `message_id`: the answer the chart belongs to. generate_visual then keeps the chart with
 *   that answer (the person's own answers only), and the conversation draws it again when it is
 *   reopened (GET /chat/conversations/{chat_id}/charts/{message_id}).
 */
import { z } from 'zod';
import { DB_AGGREGATES, dbCellSchema } from './db-sources';

/** POST /chat/visual_router and /chat/generate_visual: `text` is the answer the chart is about. */
export const visualRequestSchema = z.object({
  query: z.string().trim().min(1).max(4000),
  text: z.string().max(20000).default(''),
  force: z.boolean().default(false),
  message_id: z.number().int().positive().optional(),
});

/**
 * Why no chart was drawn, for the console to say in the reader's language:
 * NOT_ASKED the question does not ask for a chart (only when not forced); NO_TABLES no table or
 * database source in the person's departments; NO_MATCH none of them holds what the question
 * names; NO_ROWS the table matched is empty; NO_GROUPING it has nothing to group by.
 */
export const visualReasonCodes = [
  'NOT_ASKED',
  'NO_TABLES',
  'NO_MATCH',
  'NO_ROWS',
  'NO_GROUPING',
] as const;
export type VisualReasonCode = (typeof visualReasonCodes)[number];

export const visualRouteSchema = z.object({
  wants_chart: z.boolean(),
  table: z
    .object({ document_id: z.number().int(), document_name: z.string(), sheet: z.string() })
    .nullable(),
  /** When the chart comes from a database source rather than a document table. */
  db_source: z.object({ id: z.number().int(), name: z.string(), table: z.string() }).optional(),
  /**
   * A database source's chart: the SQL that ran, what it computes (`plan`; null when a language
   * model wrote the SQL) and its rows, so that the console says in words what the chart shows
   * and lays the rows out under it.
   */
  db_result: z
    .object({
      sql: z.string(),
      plan: z
        .object({
          aggregate: z.enum(DB_AGGREGATES),
          measure: z.string().nullable(),
          group_by: z.string(),
          /** The second grouping, when the question names two: its values are the series. */
          series_by: z.string().nullable().optional(),
          /** The one year the rows were limited to, when the question names one. */
          in_year: z.number().int().nullable().optional(),
        })
        .nullable(),
      columns: z.array(z.string()),
      rows: z.array(z.array(dbCellSchema)),
      truncated: z.boolean(),
    })
    .optional(),
  columns: z.array(z.string()),
  chart_type: z.enum(['bar', 'line', 'point', 'arc']).nullable(),
  reason: z.string(),
  /** Set when no chart is drawn: why, as a code (the English `reason` stays for other clients). */
  reason_code: z.enum(visualReasonCodes).nullable().optional(),
  /** The table or sheet a NO_ROWS or NO_GROUPING reason is about. */
  reason_table: z.string().nullable().optional(),
});
export type VisualRoute = z.infer<typeof visualRouteSchema>;
