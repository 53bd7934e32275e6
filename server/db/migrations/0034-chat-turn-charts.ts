/**
 * The chart drawn for an answer, kept with it so that a reopened conversation shows it again.
 *
 * What is kept is what the chart showed, not how to compute it again: the Vega-Lite spec with
 * its data inline (at most the chart's own caps: 30 bars, 400 points) and the route (what the
 * chart computes, its SQL and the rows laid out under it, at most 200). A reopened chart is
 * then the one the person saw beside that answer, drawn without a query, even when the
 * database changed since or cannot be reached. The chat service keeps a row under 512 kB by
 * dropping rows of the table under the chart first. A turn's chart goes with the turn, and with
 * its conversation when that is deleted.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function chatTurnCharts(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('chat_turn_charts')
        .addColumn('turn_id', 'integer', (c) =>
          c.primaryKey().references('chat_turns.id').onDelete('cascade'),
        )
        .addColumn('route_json', 'text', (c) => c.notNull())
        .addColumn('spec_json', 'text', (c) => c.notNull())
        .addColumn('engine', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('chat_turn_charts').execute();
    },
  };
}
