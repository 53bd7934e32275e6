/** SQL pieces the reports' rollups and queries share. */
import { sql } from 'kysely';

/** A figure read back from SQL: a sum over no rows is null; bigint sums come as strings. */
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** The widget a turn of `chat_turns t` was asked in (0: none). */
export const widgetOf = sql`coalesce((select max(w.service_agent_id) from service_agent_turns w
  where w.chat_turn_id = t.id), 0)`;
