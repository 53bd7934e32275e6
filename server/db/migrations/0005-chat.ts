/**
 * Knowledge assistant: conversations, the turn log and feedback.
 *
 * `chat_turns` is the analytics log (the reports area reads it): one row per question asked,
 * whatever the channel ('console' now, 'widget' later), kept when its conversation is deleted
 * (`conversation_id` becomes null) and when its user is deleted (`user_id` becomes null), so
 * the figures of the past do not change. Cancelled turns are logged too (cancelled = 1) but are
 * not part of a conversation's history.
 */
import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function chat(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('conversations')
        // The chat uuid of SPEC §3 (the SPA may choose it for a new chat).
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('conversations_user')
        .on('conversations')
        .columns(['user_id', 'updated_at'])
        .execute();

      await withId(db.schema.createTable('chat_turns'), dialect)
        .addColumn('conversation_id', 'text', (c) =>
          c.references('conversations.id').onDelete('set null'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo('console'))
        // The chosen department (null with multi-source) and every department searched (JSON).
        .addColumn('department_id', 'integer')
        .addColumn('department_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        // 'stuff', 'stuff-v2' or 'stuff-v3'.
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('standalone_question', 'text')
        .addColumn('sub_questions', 'text')
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('no_answer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        // JSON text: ChatReference[] and ChatEval (eval always computed for the log).
        .addColumn('references_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('eval_json', 'text')
        .addColumn('provider_error', 'text')
        .addColumn('asked_at', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chat_turns_conversation')
        .on('chat_turns')
        .columns(['conversation_id', 'id'])
        .execute();
      await db.schema.createIndex('chat_turns_asked').on('chat_turns').column('asked_at').execute();
      await db.schema
        .createIndex('chat_turns_user')
        .on('chat_turns')
        .columns(['user_id', 'id'])
        .execute();

      await withId(db.schema.createTable('chat_feedback'), dialect)
        .addColumn('turn_id', 'integer', (c) =>
          c.notNull().unique().references('chat_turns.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('rating', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['chat_feedback', 'chat_turns', 'conversations'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
