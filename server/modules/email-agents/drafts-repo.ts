/** SQL of drafted replies and the figures of an account (ANALYTICS). */
import type { Insertable, Kysely, Updateable } from 'kysely';
import { isUniqueViolation, nowIso } from '../../db/database';
import type { DB, EmailDraftRow, EmailDraftsTable } from '../../db/schema';
import { current } from './mailbox-repo';
import { historyRow, type HistoryInput } from './repo';

export function createDraftsRepo(db: Kysely<DB>) {
  return {
    /**
     * The draft for an inbound message, its message marked drafted and the history entry, in
     * one transaction; undefined when that message has a draft already (a second sync).
     */
    async insert(
      values: Insertable<EmailDraftsTable>,
      history: HistoryInput,
    ): Promise<number | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const { id } = await trx
            .insertInto('email_drafts')
            .values(values)
            .returning('id')
            .executeTakeFirstOrThrow();
          if (values.reply_to_message)
            await trx
              .updateTable('email_messages')
              .set({ draft_state: 'drafted' })
              .where('id', '=', values.reply_to_message)
              .execute();
          await trx
            .insertInto('email_agent_history')
            .values(historyRow(values.email_agent_id, { ...history, draftId: id }))
            .execute();
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async find(accountId: number, id: number) {
      return db
        .selectFrom('email_drafts')
        .selectAll()
        .where('email_agent_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async page(accountId: number, status: EmailDraftRow['status'], page: number, size: number) {
      const base = db
        .selectFrom('email_drafts')
        .where('email_agent_id', '=', accountId)
        .where('status', '=', status);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    /**
     * Claims a pending draft for sending (pending -> sending), with the Message-ID it will be
     * sent under; false when it is not pending (sent, discarded, or another send has it). No
     * history yet: the entry is written once the SMTP server has taken it, or has not.
     */
    async claim(accountId: number, id: number, messageId: string): Promise<boolean> {
      const result = await db
        .updateTable('email_drafts')
        .set({ status: 'sending', sending_since: nowIso(), sent_message_id: messageId })
        .where('email_agent_id', '=', accountId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Drafts a send claimed before `before` and never finished (its process died). */
    async staleSending(accountId: number, before: string) {
      return db
        .selectFrom('email_drafts')
        .selectAll()
        .where('email_agent_id', '=', accountId)
        .where('status', '=', 'sending')
        .where('sending_since', '<', before)
        .orderBy('id')
        .execute();
    },

    /** Changes a draft in state `from` (pending by default); false when it is not in it. */
    async change(
      accountId: number,
      id: number,
      values: Updateable<EmailDraftsTable>,
      history: HistoryInput,
      from: EmailDraftsTable['status'] = 'pending',
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('email_drafts')
          .set(values)
          .where('email_agent_id', '=', accountId)
          .where('id', '=', id)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('email_agent_history')
          .values(historyRow(accountId, { ...history, draftId: id }))
          .execute();
        return true;
      });
    },

    async figures(accountId: number) {
      const count = async (where: [string, string][]) => {
        let q = db
          .selectFrom('email_drafts')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('email_agent_id', '=', accountId);
        for (const [column, value] of where)
          // Column names come from this file only.
          q = q.where(column as 'email_agent_id', '=', value as unknown as number);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      // Messages of the folders' current UIDVALIDITY only: a renumbered folder counts once.
      const messages = (folder: string, states?: string[]) => {
        let q = db
          .selectFrom('email_messages')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('email_agent_id', '=', accountId)
          .where('folder', '=', folder)
          .where(current);
        if (states) q = q.where('draft_state', 'in', states);
        return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
      };
      const [received, drafted, noAnswer, pending, sent, skipped] = await Promise.all([
        messages('inbox'),
        count([]),
        count([['no_answer', '1']]),
        count([['status', 'pending']]),
        messages('sent'),
        messages('inbox', ['own_address', 'auto_reply', 'bulk', 'no_sender']),
      ]);
      const delays = await db
        .selectFrom('email_drafts as d')
        .innerJoin('email_messages as m', 'm.id', 'd.reply_to_message')
        .select(['d.created_at', 'm.received_at'])
        .where('d.email_agent_id', '=', accountId)
        .execute();
      const seconds = delays
        .map((r) => (Date.parse(r.created_at) - Date.parse(r.received_at)) / 1000)
        .sort((a, b) => a - b);
      return {
        received,
        drafted,
        no_answer: noAnswer,
        pending,
        sent,
        skipped,
        median_draft_seconds: seconds.length ? seconds[Math.floor(seconds.length / 2)] : null,
      };
    },
  };
}

export type DraftsRepo = ReturnType<typeof createDraftsRepo>;
