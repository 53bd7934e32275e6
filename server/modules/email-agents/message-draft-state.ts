/** SQL of the draft step's state on inbound messages: what waits, what failed and why. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function draftStateQueries(db: Kysely<DB>) {
  return {
    /** Inbound messages the draft step has not looked at yet, oldest first. */
    async pending(accountId: number, limit: number) {
      return db
        .selectFrom('email_messages')
        .selectAll()
        .where('email_agent_id', '=', accountId)
        .where('draft_state', '=', 'pending')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** A draft step that failed: counted, with its reason, and left for a later retry. */
    async draftFailed(id: number, error: string): Promise<void> {
      await db
        .updateTable('email_messages')
        .set((eb) => ({
          draft_state: 'failed',
          draft_error: error.slice(0, 300),
          draft_attempts: eb('draft_attempts', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Failed drafts tried fewer than `max` times go back to pending (once per sync). */
    async retryFailed(accountId: number, max: number): Promise<void> {
      await db
        .updateTable('email_messages')
        .set({ draft_state: 'pending' })
        .where('email_agent_id', '=', accountId)
        .where('draft_state', '=', 'failed')
        .where('draft_attempts', '<', max)
        .execute();
    },

    async setDraftState(id: number, state: string): Promise<void> {
      await db
        .updateTable('email_messages')
        .set({ draft_state: state })
        .where('id', '=', id)
        .execute();
    },
  };
}
