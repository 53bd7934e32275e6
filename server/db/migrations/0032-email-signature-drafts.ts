/**
 * The e-mail agent's signature and saved compose drafts.
 *
 * - `email_agents.signature`: the mailbox's signature, put under every reply and new mail it
 *   sends (below the text, above the quoted original; after "-- " in the text part). '' is none.
 * - `email_compose_drafts`: a new mail a person began and left, kept per account and person
 *   until it is sent or discarded. To and Cc are kept as typed (a draft may hold a half-typed
 *   address); they are checked when the mail is sent. Both go with the account or the person.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function emailSignatureDrafts(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('email_agents')
        .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await withId(db.schema.createTable('email_compose_drafts'), dialect)
        .addColumn('email_agent_id', 'integer', (c) =>
          c.notNull().references('email_agents.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('to_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cc_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('email_compose_drafts_owner', ['email_agent_id', 'user_id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('email_compose_drafts').ifExists().execute();
      await db.schema.alterTable('email_agents').dropColumn('signature').execute();
    },
  };
}
