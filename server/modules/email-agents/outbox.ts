/**
 * Mail leaving an account: a message is sent over the account's SMTP server, filed
 * in its Sent folder and kept as that folder's message.
 *
 * A draft's send is recorded truthfully:
 * - it is first claimed (pending -> sending, with the Message-ID it will carry), so two
 *   approvals at once send it once;
 * - only once the SMTP server has taken it is it marked sent, with its "draft_sent" history
 *   entry (recipients, subject, Message-ID);
 * - a send that fails puts it back to pending and records "send_failed" with the reason;
 * - a draft left 'sending' by a process that died is looked at by the sync job after
 *   SENDING_STALE_MS: found in Sent under its Message-ID it is marked sent, else reopened with
 *   a "send_failed" entry, for a person to send again.
 *
 * A reply carries the account's signature and quotes the mail it answers, as mail clients do
 * (reply-quote.ts), in a text and an HTML part.
 */
import { nowIso } from '../../db/database';
import { MailConnectionError } from '../../services/mail/mailbox-connection';
import { newMessageId, sendAndFile, type OutgoingMail } from '../../services/mail/outgoing';
import type { Actor } from '../identity/public';
import type { EmailMessageRow } from '../../db/schema';
import type { DraftsRepo } from './drafts-repo';
import { emailErrors } from './errors';
import type { MailboxRepo } from './mailbox-repo';
import { parseMessage } from './parse';
import { parserThread } from './parser-thread';
import { outgoingBody, type QuotedOriginal } from './reply-quote';
import type { AccountRecord } from './repo';
import type { EmailAgentService } from './service';

const strings = (json: string): string[] => JSON.parse(json) as string[];

/** A send takes at most about a minute (SMTP timeouts); after this it died. */
const SENDING_STALE_MS = 5 * 60_000;

interface OutboxDeps {
  accounts: EmailAgentService;
  mailbox: MailboxRepo;
  drafts: DraftsRepo;
  log?: { warn: (o: object, m: string) => void };
}

export function createOutbox(deps: OutboxDeps) {
  const { accounts, mailbox, drafts } = deps;

  /** Sends and files a message from the account, and keeps the filed copy in Sent. */
  async function send(
    account: AccountRecord,
    mail: Omit<OutgoingMail, 'from'>,
    actor: Actor | null = null,
  ) {
    if (account.status !== 1) throw emailErrors.inactive();
    let result;
    try {
      result = await sendAndFile(await accounts.connectionOf(account, actor), {
        ...mail,
        from: { name: account.title, address: account.email },
      });
    } catch (error) {
      if (error instanceof MailConnectionError)
        deps.log?.warn(
          { account: account.id, code: error.code, detail: error.detail },
          'mailbox connection failed',
        );
      throw emailErrors.sendFailed((error as Error).message.slice(0, 200));
    }
    // The message has left: keeping the filed copy may fail (the next sync reads Sent anyway),
    // but must not make the caller believe it was not sent.
    if (result.sent)
      try {
        await mailbox.storeOne(
          account.id,
          'sent',
          result.sent.uidValidity,
          await parseMessage(result.raw, result.sent.uid, 'Sent', account.email),
        );
      } catch (error) {
        deps.log?.warn({ account: account.id, err: (error as Error).message }, 'sent copy');
      }
    return result.messageId;
  }

  /** The mail a reply quotes, its HTML cleaned (else quoted from its text). */
  async function quoteOf(account: AccountRecord, m: EmailMessageRow): Promise<QuotedOriginal> {
    let html: string | null = null;
    if (m.html_body)
      try {
        html = await parserThread().quote(m.html_body);
      } catch (error) {
        deps.log?.warn({ account: account.id, err: (error as Error).message }, 'quote html');
      }
    return {
      from: { name: m.from_name, address: m.from_address },
      date: m.sent_date,
      messageId: m.message_id,
      text: m.text_body,
      html,
    };
  }

  const who = (actor: Actor | null) => ({
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
  });

  async function sendDraft(account: AccountRecord, draftId: number, actor: Actor | null) {
    const draft = await drafts.find(account.id, draftId);
    if (!draft) throw emailErrors.draftNotFound();
    if (account.status !== 1) throw emailErrors.inactive();
    const messageId = newMessageId(account.email);
    if (!(await drafts.claim(account.id, draftId, messageId))) throw emailErrors.draftClosed();
    const original = draft.reply_to_message
      ? await mailbox.message(account.id, draft.reply_to_message)
      : undefined;
    const to = strings(draft.to_json);
    const cc = strings(draft.cc_json);
    try {
      const quote = original ? await quoteOf(account, original) : undefined;
      await send(
        account,
        {
          to,
          cc,
          subject: draft.subject,
          ...outgoingBody(draft.body, account.signature, quote),
          messageId,
          inReplyTo: original?.message_id ?? null,
          references: original
            ? [
                ...strings(original.references_json),
                ...(original.message_id ? [original.message_id] : []),
              ]
            : [],
        },
        actor,
      );
    } catch (error) {
      await drafts.change(
        account.id,
        draftId,
        { status: 'pending', sending_since: null, sent_message_id: null },
        {
          action: 'send_failed',
          ...who(actor),
          changes: {
            status: ['sending', 'pending'],
            error: [null, (error as Error).message.slice(0, 300)],
          },
        },
        'sending',
      );
      throw error;
    }
    const now = nowIso();
    await drafts.change(
      account.id,
      draftId,
      {
        status: 'sent',
        sent_at: now,
        sending_since: null,
        updated_at: now,
        updated_by: actor?.id ?? null,
      },
      {
        action: 'draft_sent',
        ...who(actor),
        changes: {
          status: ['pending', 'sent'],
          to: [null, to],
          cc: [null, cc],
          subject: [null, draft.subject],
          message_id: [null, messageId],
        },
      },
      'sending',
    );
    return messageId;
  }

  /** Drafts whose send died mid-way: marked sent when Sent holds them, else reopened. */
  async function recoverStale(account: AccountRecord): Promise<number> {
    const before = new Date(Date.now() - SENDING_STALE_MS).toISOString();
    let recovered = 0;
    for (const draft of await drafts.staleSending(account.id, before)) {
      const id = draft.sent_message_id;
      const filed = id ? (await mailbox.knownMessageIds(account.id, 'sent', [id])).has(id) : false;
      const changed = filed
        ? await drafts.change(
            account.id,
            draft.id,
            { status: 'sent', sent_at: nowIso(), sending_since: null },
            {
              action: 'draft_sent',
              ...who(null),
              changes: {
                status: ['sending', 'sent'],
                message_id: [null, id],
                found_in_sent: [null, true],
              },
            },
            'sending',
          )
        : await drafts.change(
            account.id,
            draft.id,
            { status: 'pending', sending_since: null, sent_message_id: null },
            {
              action: 'send_failed',
              ...who(null),
              changes: {
                status: ['sending', 'pending'],
                error: [
                  null,
                  `The send started at ${draft.sending_since} never finished and the message is not in Sent; the draft is offered again.`,
                ],
              },
            },
            'sending',
          );
      if (changed) recovered += 1;
    }
    return recovered;
  }

  return { send, sendDraft, recoverStale };
}
