/**
 * Report rollups (target: every report endpoint p95 < 200 ms over 365 days at 1,000,000 turns).
 *
 * - `report_hourly`: per UTC hour × channel × widget × department (the turn's chosen department,
 *   0 when none, and its searched departments as stored) the questions, their latency sum, the
 *   sentiments of their questions and the ratings of their answers, of the turns not cancelled.
 *   Kept by the writes of the turn log (reports/rollups.ts: `x = x + ?` upserts, in the write's
 *   transaction); read by peak hours, response time, satisfaction and the sentiment series.
 * - `report_conversations`: per conversation (a chat, a widget session, or a turn alone when its
 *   chat was deleted) × UTC day × channel × widget × department: its turns, latency sum, first
 *   question, last answer and the sentiments of its questions; read by the overview and the
 *   conversation summary, which sum a conversation's rows for the days and filters chosen.
 * - `report_conversation_days`: the conversations whose turns all lie in one row of
 *   `report_conversations`, summed per day × channel × widget × department (count, turns, latency,
 *   span, sentiment counts, how many have each sentiment, how many lean positive or negative);
 *   `report_multi_conversations`: the others, grouped when read (reports/rollup-singles.ts).
 * - `report_rollup_state`: the backfill of the turns stored before this migration (ids up to
 *   `backfill_upto`), done through `backfilled_through`, in batches at start.
 * - an index on `service_agent_turns.chat_turn_id`, which names a turn's widget.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function reportRollups(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      let table = db.schema
        .createTable('report_hourly')
        .addColumn('hour', 'varchar(13)', (c) => c.notNull())
        .addColumn('channel', 'varchar(8)', (c) => c.notNull())
        .addColumn('widget_id', 'integer', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) => c.notNull())
        .addColumn('department_ids', 'varchar(400)', (c) => c.notNull());
      for (const column of [
        'questions',
        'latency_sum',
        'positive',
        'neutral',
        'negative',
        'rated_up',
        'rated_down',
      ])
        table = table.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
      await table
        .addPrimaryKeyConstraint('report_hourly_pk', [
          'hour',
          'channel',
          'widget_id',
          'department_id',
          'department_ids',
        ])
        .execute();

      let conversations = db.schema
        .createTable('report_conversations')
        .addColumn('conversation', 'varchar(64)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('channel', 'varchar(8)', (c) => c.notNull())
        .addColumn('widget_id', 'integer', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) => c.notNull())
        .addColumn('department_ids', 'varchar(400)', (c) => c.notNull())
        .addColumn('first_ms', 'bigint', (c) => c.notNull())
        .addColumn('last_ms', 'bigint', (c) => c.notNull());
      for (const column of ['turns', 'latency_sum', 'positive', 'neutral', 'negative'])
        conversations = conversations.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
      // Conversation first: the reports group by it, reading the table in key order (on SQLite
      // the table is that order: without rowid).
      if (dialect === 'sqlite') conversations = conversations.modifyEnd(sql`without rowid`);
      await conversations
        .addPrimaryKeyConstraint('report_conversations_pk', [
          'conversation',
          'day',
          'channel',
          'widget_id',
          'department_id',
          'department_ids',
        ])
        .execute();

      // PostgreSQL reads a short range by day (its planner weighs the range; SQLite's would take
      // this index for a year too, and the key order serves it better).
      if (dialect === 'postgres')
        await db.schema
          .createIndex('report_conversations_day')
          .on('report_conversations')
          .column('day')
          .execute();

      let days = db.schema
        .createTable('report_conversation_days')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('channel', 'varchar(8)', (c) => c.notNull())
        .addColumn('widget_id', 'integer', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) => c.notNull())
        .addColumn('department_ids', 'varchar(400)', (c) => c.notNull());
      for (const column of [
        'conversations',
        'turns',
        'latency_sum',
        'span_ms',
        'positive',
        'neutral',
        'negative',
        'has_positive',
        'has_neutral',
        'has_negative',
        'prevail_positive',
        'prevail_negative',
      ])
        days = days.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
      await days
        .addPrimaryKeyConstraint('report_conversation_days_pk', [
          'day',
          'channel',
          'widget_id',
          'department_id',
          'department_ids',
        ])
        .execute();
      await db.schema
        .createTable('report_multi_conversations')
        .addColumn('conversation', 'varchar(64)', (c) => c.primaryKey())
        .execute();

      await db.schema
        .createTable('report_rollup_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('backfill_upto', 'integer', (c) => c.notNull())
        .addColumn('backfilled_through', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into report_rollup_state (id, backfill_upto, backfilled_through)
        select 1, coalesce(max(id), 0), 0 from chat_turns`.execute(db);

      await db.schema
        .createIndex('service_agent_turns_chat_turn')
        .on('service_agent_turns')
        .column('chat_turn_id')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('service_agent_turns_chat_turn').ifExists().execute();
      for (const t of [
        'report_rollup_state',
        'report_multi_conversations',
        'report_conversation_days',
        'report_conversations',
        'report_hourly',
      ])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
