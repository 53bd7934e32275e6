/**
 * The sentiment reports filtered by products (target: p95 < 200 ms over 365 days; the filter
 * read a year of question text). `report_product_turns`: one row per listed product × turn whose
 * question names it, with the turn's figures the reports filter and group by (time, channel,
 * widget, departments, conversation, sentiment) and the listed products its question and its
 * answer name (`asked_names`, `suggested_names`: `\u001f`-separated, each name between two
 * separators). Kept with `report_product_days` by reports/product-turns.ts, under the same marks
 * (`report_product_state`), so both start over: counted again when first read.
 *
 * Rows are stored by product and time (SQLite: the primary key is the table, WITHOUT ROWID), so
 * the turns of a filtered report are read newest first; `turn_id` and `conversation` find the
 * rows of a turn or a conversation when it changes.
 *
 * Summed from those rows, each turn once:
 * - `report_product_sets`: per day × channel × widget × department (as report_hourly) × sentiment
 *   ('' when not judged) × the names the question and the answer hold, the turns. The sentiment
 *   dashboard and the turn count of a filter sum the rows whose question names hold a product of
 *   it. Unique by those columns (on PostgreSQL by the names' md5: a btree entry has a size limit).
 * - `report_product_conversations`: the conversations whose turns name one product, in one
 *   place (day × channel × widget × departments): per product × conversation, the turns and
 *   their sentiments. A filter sums the rows of its products as they are.
 * - `report_product_conversation_choices`: the conversations whose turns name 2 to 4 products,
 *   in one place: per conversation × non-empty choice of those products (`chosen`, of `names`),
 *   the turns naming one of the chosen and their sentiments. A filter takes the row whose choice
 *   is the products of it the conversation names.
 * - `report_product_conversation_parts`: the other conversations, per conversation × day ×
 *   channel × widget × department × question names: the turns and their sentiments. A filter
 *   sums the parts whose names hold one of its products by conversation.
 * reports/product-conversations.ts counts a conversation's rows again when its turns change.
 * Tables read in key order are stored by it on SQLite (WITHOUT ROWID).
 */
import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

/** Where the turns were asked, as report_hourly keys it (no department: 0). */
const withPlace = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('widget_id', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('department_ids', 'varchar(400)', (c) => c.notNull());

/** The turns summed, and how many of them have each sentiment. */
const withFigures = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table
    .addColumn('turns', 'bigint', (c) => c.notNull())
    .addColumn('positive', 'bigint', (c) => c.notNull())
    .addColumn('neutral', 'bigint', (c) => c.notNull())
    .addColumn('negative', 'bigint', (c) => c.notNull());

export function reportProductTurns(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.deleteFrom('report_product_days').execute();
      await db.deleteFrom('report_product_state').execute();
      let table = withPlace(
        db.schema
          .createTable('report_product_turns')
          .addColumn('product', 'varchar(200)', (c) => c.notNull())
          .addColumn('asked_at', 'varchar(40)', (c) => c.notNull())
          .addColumn('turn_id', 'bigint', (c) => c.notNull()),
      )
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
      await db.schema
        .createIndex('report_product_turns_conversation')
        .on('report_product_turns')
        .column('conversation')
        .execute();
      await withPlace(
        db.schema
          .createTable('report_product_sets')
          .addColumn('day', 'varchar(10)', (c) => c.notNull()),
      )
        .addColumn('sentiment', 'varchar(10)', (c) => c.notNull())
        .addColumn('asked_names', 'text', (c) => c.notNull())
        .addColumn('suggested_names', 'text', (c) => c.notNull())
        .addColumn('turns', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      const names =
        dialect === 'postgres'
          ? sql`md5(asked_names), md5(suggested_names)`
          : sql`asked_names, suggested_names`;
      await sql`create unique index report_product_sets_key on report_product_sets
        (day, channel, widget_id, department_id, department_ids, sentiment, ${names})`.execute(db);
      let conversations = withFigures(
        withPlace(
          db.schema
            .createTable('report_product_conversations')
            .addColumn('product', 'varchar(200)', (c) => c.notNull())
            .addColumn('day', 'varchar(10)', (c) => c.notNull())
            .addColumn('conversation', 'varchar(64)', (c) => c.notNull()),
        ),
      ).addPrimaryKeyConstraint('report_product_conversations_pk', [
        'product',
        'day',
        'conversation',
      ]);
      if (dialect === 'sqlite') conversations = conversations.modifyEnd(sql`without rowid`);
      await conversations.execute();
      await db.schema
        .createIndex('report_product_conversations_conversation')
        .on('report_product_conversations')
        .column('conversation')
        .execute();
      await withFigures(
        withPlace(
          db.schema
            .createTable('report_product_conversation_choices')
            .addColumn('conversation', 'varchar(64)', (c) => c.notNull())
            .addColumn('chosen', 'varchar(1000)', (c) => c.notNull())
            .addColumn('names', 'varchar(1000)', (c) => c.notNull())
            .addColumn('size', 'integer', (c) => c.notNull())
            .addColumn('day', 'varchar(10)', (c) => c.notNull()),
        ),
      )
        .addPrimaryKeyConstraint('report_product_conversation_choices_pk', [
          'conversation',
          'chosen',
        ])
        .execute();
      let parts = withFigures(
        withPlace(
          db.schema
            .createTable('report_product_conversation_parts')
            .addColumn('conversation', 'varchar(64)', (c) => c.notNull())
            .addColumn('day', 'varchar(10)', (c) => c.notNull()),
        ).addColumn('asked_names', 'text', (c) => c.notNull()),
      );
      // PostgreSQL: no key over the names (a btree entry has a size limit); rows are replaced
      // whole, by conversation.
      if (dialect === 'sqlite')
        parts = parts
          .addPrimaryKeyConstraint('report_product_conversation_parts_pk', [
            'conversation',
            'day',
            'channel',
            'widget_id',
            'department_id',
            'department_ids',
            'asked_names',
          ])
          .modifyEnd(sql`without rowid`);
      await parts.execute();
      if (dialect === 'postgres')
        await db.schema
          .createIndex('report_product_conversation_parts_conversation')
          .on('report_product_conversation_parts')
          .column('conversation')
          .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('report_product_conversation_parts').execute();
      await db.schema.dropTable('report_product_conversation_choices').execute();
      await db.schema.dropTable('report_product_conversations').execute();
      await db.schema.dropTable('report_product_sets').execute();
      await db.schema.dropTable('report_product_turns').execute();
    },
  };
}
