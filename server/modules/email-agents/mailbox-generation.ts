/**
 * A folder's UIDVALIDITY generations: when the server renumbers a folder, the sync
 * reads it again under the new value; these keep that from showing any message twice.
 */
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { NewMessage } from './mailbox-repo';

/**
 * Only the rows of a folder's current UIDVALIDITY (the one its sync state holds, or any before
 * the first sync): after a renumbering, the old value's rows are not shown twice.
 */
export function current(eb: ExpressionBuilder<DB, 'email_messages'>) {
  const state = eb
    .selectFrom('email_sync_state as s')
    .whereRef('s.email_agent_id', '=', 'email_messages.email_agent_id')
    .whereRef('s.folder', '=', 'email_messages.folder');
  return eb.or([
    eb('email_messages.uid_validity', '=', state.select('s.uid_validity')),
    eb.not(eb.exists(state.select('s.folder'))),
  ]);
}

/**
 * A message met again under a new UIDVALIDITY (the same Message-ID as a row of an older value
 * in the folder) moves that row to its new UID, keeping its id, attachments, draft and draft
 * state. The row's id when moved; null when the new UID is stored already (a batch run twice);
 * undefined when there is nothing to move.
 */
export async function moveRenumbered(
  trx: Transaction<DB>,
  accountId: number,
  folder: string,
  uidValidity: string,
  m: NewMessage,
): Promise<number | null | undefined> {
  if (!m.row.message_id) return undefined;
  const old = await trx
    .selectFrom('email_messages')
    .select('id')
    .where('email_agent_id', '=', accountId)
    .where('folder', '=', folder)
    .where('message_id', '=', m.row.message_id)
    .where('uid_validity', '!=', uidValidity)
    .orderBy('id')
    .executeTakeFirst();
  if (!old) return undefined;
  const taken = await trx
    .selectFrom('email_messages')
    .select('id')
    .where('email_agent_id', '=', accountId)
    .where('folder', '=', folder)
    .where('uid_validity', '=', uidValidity)
    .where('uid', '=', m.row.uid)
    .executeTakeFirst();
  if (taken) return null;
  await trx
    .updateTable('email_messages')
    .set({ uid_validity: uidValidity, uid: m.row.uid })
    .where('id', '=', old.id)
    .execute();
  return old.id;
}
