/**
 * The sentiment reports filtered by products (issue 14: p95 < 200 ms over 365 days; the filter
 * read a year of question text). `report_product_turns`: one row per listed product × turn whose
 * question names it, with the turn's figures the reports filter and group by (time, channel,
 * widget, departments, conversation, sentiment) and the listed products its question and its
 * answer name (`asked_names`, `suggested_names`: `\u001f`-separated, each name between two
 * separators). Kept with `report_product_days` by reports/product-turns.ts, under the same marks
 * (`report_product_state`), so both start over: counted again when first read.
 *
 * Rows are stored by product and time (SQLite: the primary key is the table, WITHOUT ROWID), so
 * a filtered report reads its product's rows for the range in order; `turn_id` finds a turn's
 * rows when the turn changes.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function reportProductTurns(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.deleteFrom('report_product_days').execute();
      await db.deleteFrom('report_product_state').execute();
      let table = db.schema
        .createTable('report_product_turns')
        .addColumn('product', 'varchar(200)', (c) => c.notNull())
        .addColumn('asked_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('turn_id', 'bigint', (c) => c.notNull())
        .addColumn('channel', 'varchar(8)', (c) => c.notNull())
        .addColumn('widget_id', 'integer', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) => c.notNull())
        .addColumn('department_ids', 'varchar(400)', (c) => c.notNull())
        .addColumn('conversation', 'varchar(64)', (c) => c.notNull())
        .addColumn('sentiment', 'varchar(10)')
        .addColumn('asked_names', 'text', (c) => c.notNull())
        .addColumn('suggested_names', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_product_turns_pk', ['product', 'asked_at', 'turn_id']);
      if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
      await table.execute();
      await db.schema
        .createIndex('report_product_turns_turn')
        .on('report_product_turns')
        .column('turn_id')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('report_product_turns').execute();
    },
  };
}
