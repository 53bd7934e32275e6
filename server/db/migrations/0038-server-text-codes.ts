/**
 * Server texts that a person reads travel as codes the console translates.
 *
 * - `email_agents.last_sync_error_code`: why the last synchronisation failed, as a code
 *   (contract/email-agents.ts SYNC_FAILURES); `last_sync_error` keeps the English sentence for
 *   API clients.
 * - Chat widgets that still carry the former English default welcome get the empty one, which
 *   each visitor reads in their own language: nobody chose that text, the form filled it in.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

/** WIDGET_DEFAULTS.welcome_message until the default became "the visitor's language". */
const FORMER_DEFAULT_WELCOME = 'Hello! How can I help you today?';

export function serverTextCodes(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('email_agents')
        .addColumn('last_sync_error_code', 'varchar(32)')
        .execute();
      await db
        .updateTable('service_agents')
        .set({ welcome_message: '' })
        .where('welcome_message', '=', FORMER_DEFAULT_WELCOME)
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('email_agents').dropColumn('last_sync_error_code').execute();
    },
  };
}
