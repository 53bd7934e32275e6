/** SQL of the mailboxes: sync state, stored messages and their attachments. */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { SyncFailure } from '../../../contract/email-agents';
import { nowIso } from '../../db/database';
import type { DB, EmailAttachmentsTable, EmailMessagesTable } from '../../db/schema';
import { current, moveRenumbered } from './mailbox-generation';
import { draftStateQueries } from './message-draft-state';

export { current };

export interface NewMessage {
  row: Omit<Insertable<EmailMessagesTable>, 'email_agent_id' | 'folder' | 'uid_validity'>;
  attachments: Omit<Insertable<EmailAttachmentsTable>, 'email_message_id'>[];
}

/**
 * `leaseMs`: how long a sync holds an account before another process may take it over
 * (EMAIL_SYNC_LEASE_SECONDS): renewed with every stored batch, so only a sync that died (or
 * hangs) loses it.
 */
export function createMailboxRepo(db: Kysely<DB>, { leaseMs = 2 * 60_000 } = {}) {
  const leaseEnd = () => new Date(Date.now() + leaseMs).toISOString();
  return {
    ...draftStateQueries(db),
    /** Takes the account for one sync; false when another sync holds it. */
    async lease(accountId: number): Promise<boolean> {
      const now = new Date();
      const result = await db
        .updateTable('email_agents')
        .set({ sync_lease_until: leaseEnd() })
        .where('id', '=', accountId)
        .where((eb) =>
          eb.or([
            eb('sync_lease_until', 'is', null),
            eb('sync_lease_until', '<', now.toISOString()),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(
      accountId: number,
      error: { message: string; code: SyncFailure } | null,
    ): Promise<void> {
      await db
        .updateTable('email_agents')
        .set({
          sync_lease_until: null,
          last_sync_at: nowIso(),
          last_sync_error: error?.message ?? null,
          last_sync_error_code: error?.code ?? null,
        })
        .where('id', '=', accountId)
        .execute();
    },

    async state(accountId: number, folder: string) {
      const row = await db
        .selectFrom('email_sync_state')
        .select(['uid_validity', 'last_uid'])
        .where('email_agent_id', '=', accountId)
        .where('folder', '=', folder)
        .executeTakeFirst();
      return row ? { uidValidity: row.uid_validity, lastUid: Number(row.last_uid) } : undefined;
    },

    /**
     * Stores a batch and moves the folder's mark to `lastUid` in one transaction: a sync killed
     * at any moment leaves either both or neither, and a message already stored (the same
     * folder, UIDVALIDITY and UID) is skipped, so running the batch again adds nothing.
     */
    async storeBatch(
      accountId: number,
      folder: string,
      uidValidity: string,
      messages: NewMessage[],
      lastUid: number,
    ): Promise<number[]> {
      return db.transaction().execute(async (trx) => {
        const stored: number[] = [];
        for (const m of messages) {
          const moved = await moveRenumbered(trx, accountId, folder, uidValidity, m);
          if (moved !== undefined) {
            if (moved !== null) stored.push(moved);
            continue;
          }
          const inserted = await trx
            .insertInto('email_messages')
            .values({ ...m.row, email_agent_id: accountId, folder, uid_validity: uidValidity })
            .onConflict((oc) =>
              oc.columns(['email_agent_id', 'folder', 'uid_validity', 'uid']).doNothing(),
            )
            .returning('id')
            .executeTakeFirst();
          if (!inserted) continue;
          stored.push(inserted.id);
          if (m.attachments.length)
            await trx
              .insertInto('email_attachments')
              .values(m.attachments.map((a) => ({ ...a, email_message_id: inserted.id })))
              .execute();
        }
        await trx
          .insertInto('email_sync_state')
          .values({
            email_agent_id: accountId,
            folder,
            uid_validity: uidValidity,
            last_uid: lastUid,
          })
          .onConflict((oc) =>
            oc.columns(['email_agent_id', 'folder']).doUpdateSet({
              uid_validity: uidValidity,
              last_uid: lastUid,
            }),
          )
          .execute();
        await trx
          .updateTable('email_agents')
          .set({ sync_lease_until: leaseEnd() })
          .where('id', '=', accountId)
          .execute();
        return stored;
      });
    },

    /** One message the app itself filed (a sent copy); the folder's mark stays where it is. */
    /** One message with its attachments (the filed copy of a sent mail), in one transaction. */
    async storeOne(accountId: number, folder: string, uidValidity: string, m: NewMessage) {
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('email_messages')
          .values({ ...m.row, email_agent_id: accountId, folder, uid_validity: uidValidity })
          .onConflict((oc) =>
            oc.columns(['email_agent_id', 'folder', 'uid_validity', 'uid']).doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (inserted && m.attachments.length)
          await trx
            .insertInto('email_attachments')
            .values(m.attachments.map((a) => ({ ...a, email_message_id: inserted.id })))
            .execute();
      });
    },

    /**
     * A new UIDVALIDITY: the folder is read again from UID 1 under it. The rows of the old
     * value stay (drafts and history point at them) but are no longer listed or counted (see
     * `current`); each one the re-read meets again (same Message-ID) is moved to its new UID
     * by storeBatch rather than stored twice. Old rows without a Message-ID cannot be matched:
     * those no draft refers to are deleted here, and the re-read stores them afresh.
     */
    async resetState(accountId: number, folder: string, uidValidity: string): Promise<void> {
      await db
        .deleteFrom('email_messages')
        .where('email_agent_id', '=', accountId)
        .where('folder', '=', folder)
        .where('uid_validity', '!=', uidValidity)
        .where('message_id', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('email_drafts')
                .select('email_drafts.id')
                .whereRef('email_drafts.reply_to_message', '=', 'email_messages.id'),
            ),
          ),
        )
        .execute();
      await db
        .insertInto('email_sync_state')
        .values({ email_agent_id: accountId, folder, uid_validity: uidValidity, last_uid: 0 })
        .onConflict((oc) =>
          oc
            .columns(['email_agent_id', 'folder'])
            .doUpdateSet({ uid_validity: uidValidity, last_uid: 0 }),
        )
        .execute();
    },

    /** Which of these Message-IDs the account's folder holds already. */
    async knownMessageIds(accountId: number, folder: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('email_messages')
        .select('message_id')
        .where('email_agent_id', '=', accountId)
        .where('folder', '=', folder)
        .where('message_id', 'in', ids)
        .execute();
      return new Set(rows.flatMap((r) => (r.message_id ? [r.message_id] : [])));
    },

    async countMessages(accountId: number, folder: string): Promise<number> {
      const { n } = await db
        .selectFrom('email_messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('email_agent_id', '=', accountId)
        .where('folder', '=', folder)
        .where(current)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async page(
      accountId: number,
      folder: string,
      search: string | undefined,
      page: number,
      size: number,
    ) {
      let base = db
        .selectFrom('email_messages')
        .where('email_agent_id', '=', accountId)
        .where('folder', '=', folder)
        .where(current);
      if (search) {
        const like = `%${search.toLowerCase()}%`;
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['subject']), 'like', like),
            eb(eb.fn('lower', ['from_address']), 'like', like),
          ]),
        );
      }
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            'id',
            'folder',
            'thread_key',
            'message_id',
            'from_address',
            'from_name',
            'to_json',
            'cc_json',
            'subject',
            'sent_date',
            'draft_state',
            'draft_error',
            'draft_attempts',
            sql<string>`substr(text_body, 1, 200)`.as('preview'),
            sql<number>`case when html_body is null then 0 else 1 end`.as('has_html'),
          ])
          .orderBy('sent_date', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    async message(accountId: number, id: number) {
      return db
        .selectFrom('email_messages')
        .selectAll()
        .where('email_agent_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async attachmentsOf(messageIds: number[]) {
      if (messageIds.length === 0) return [];
      return db
        .selectFrom('email_attachments')
        .select([
          'id',
          'email_message_id',
          'filename',
          'content_type',
          'size',
          'content_id',
          'inline',
          'omitted',
        ])
        .where('email_message_id', 'in', messageIds)
        .orderBy('id')
        .execute();
    },

    async attachment(messageId: number, id: number) {
      return db
        .selectFrom('email_attachments')
        .selectAll()
        .where('email_message_id', '=', messageId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type MailboxRepo = ReturnType<typeof createMailboxRepo>;
