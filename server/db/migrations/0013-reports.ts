/**
 * Reports. The figures are read from the assistant's turn log (`chat_turns`, every
 * channel) and its feedback; these tables add what the log lacks:
 *
 * - `turn_sentiments`: the sentiment of each turn's question (positive, neutral, negative),
 *   written once when the turn is stored (offline) and by the backfill for older turns; `source`
 *   says who decided ('offline' library or 'llm'). Gone with its turn.
 * - `report_products`: the product names an administrator keeps, matched in questions (popular
 *   products) and answers (suggested products).
 * - an index on the log by channel and time, for the channel filter.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function reports(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('turn_sentiments')
        .addColumn('turn_id', 'integer', (c) =>
          c.primaryKey().references('chat_turns.id').onDelete('cascade'),
        )
        .addColumn('sentiment', 'varchar(8)', (c) => c.notNull())
        .addColumn('score', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('source', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('report_products'), dialect)
        .addColumn('name', 'varchar(80)', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createIndex('chat_turns_channel_asked')
        .on('chat_turns')
        .columns(['channel', 'asked_at'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('chat_turns_channel_asked').ifExists().execute();
      for (const table of ['report_products', 'turn_sentiments'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
