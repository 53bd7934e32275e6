/**
 * Mail leaving an account (issue 16): a message is sent over the account's SMTP server, filed
 * in its Sent folder and kept as that folder's message. A draft is claimed (pending -> sent,
 * with its history entry) before it is sent, so two approvals at once send it once; a send
 * that fails puts it back to pending.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { sendAndFile, type OutgoingMail } from '../../services/mail/outgoing';
import type { Actor } from '../identity/actor-scope';
import type { DraftsRepo } from './drafts-repo';
import { emailErrors } from './errors';
import type { MailboxRepo } from './mailbox-repo';
import { parseMessage } from './parse';
import type { AccountRecord } from './repo';
import type { EmailAgentService } from './service';

const strings = (json: string): string[] => JSON.parse(json) as string[];

export interface OutboxDeps {
  db: Kysely<DB>;
  accounts: EmailAgentService;
  mailbox: MailboxRepo;
  drafts: DraftsRepo;
}

export function createOutbox(deps: OutboxDeps) {
  const { accounts, mailbox, drafts } = deps;

  /** Sends and files a message from the account, and keeps the filed copy in Sent. */
  async function send(account: AccountRecord, mail: Omit<OutgoingMail, 'from'>) {
    if (account.status !== 1) throw emailErrors.inactive();
    let result;
    try {
      result = await sendAndFile(accounts.connectionOf(account), {
        ...mail,
        from: { name: account.title, address: account.email },
      });
    } catch (error) {
      throw emailErrors.sendFailed((error as Error).message.slice(0, 200));
    }
    if (result.sent)
      await mailbox.storeOne(
        account.id,
        'sent',
        result.sent.uidValidity,
        await parseMessage(result.raw, result.sent.uid, 'Sent', account.email),
      );
    return result.messageId;
  }

  async function sendDraft(account: AccountRecord, draftId: number, actor: Actor | null) {
    const draft = await drafts.find(account.id, draftId);
    if (!draft) throw emailErrors.draftNotFound();
    const now = nowIso();
    const claimed = await drafts.change(
      account.id,
      draftId,
      { status: 'sent', sent_at: now, updated_at: now, updated_by: actor?.id ?? null },
      {
        action: 'draft_sent',
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? null,
        changes: { status: ['pending', 'sent'], to: [null, strings(draft.to_json)] },
      },
    );
    if (!claimed) throw emailErrors.draftClosed();
    const original = draft.reply_to_message
      ? await mailbox.message(account.id, draft.reply_to_message)
      : undefined;
    try {
      const messageId = await send(account, {
        to: strings(draft.to_json),
        cc: strings(draft.cc_json),
        subject: draft.subject,
        text: draft.body,
        inReplyTo: original?.message_id ?? null,
        references: original
          ? [
              ...strings(original.references_json),
              ...(original.message_id ? [original.message_id] : []),
            ]
          : [],
      });
      await deps.db
        .updateTable('email_drafts')
        .set({ sent_message_id: messageId })
        .where('id', '=', draftId)
        .execute();
      return messageId;
    } catch (error) {
      await drafts.reopen(draftId);
      throw error;
    }
  }

  return { send, sendDraft };
}
