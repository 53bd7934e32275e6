/**
 * What a person does with a mailbox: read the inbox and Sent (VIEW), edit, approve
 * and send or discard drafts, and compose (UPDATE), see the figures (ANALYTICS), sync now
 * (UPDATE). Every draft, edit and send is written to the account's history: who, when, what.
 * Sending a draft: see outbox.ts (claimed first, recorded sent only once SMTP took it).
 */
import { createHash } from 'node:crypto';
import type {
  EmailStats,
  MailDraft,
  MailMessage,
  MailMessageDetail,
  mailDraftUpdateSchema,
} from '../../../contract/email-mailbox';
import { type composeInputSchema } from '../../../contract/email-mailbox';
import type { Paged } from '../../../contract/paging';
import type { z } from 'zod';
import { nowIso } from '../../db/database';
import type { EmailDraftRow, EmailMessageRow } from '../../db/schema';
import { parseReferences } from '../chat/public';
import { type Actor, actorNames, actorRef } from '../identity/public';
import type { ComposeDraftsRepo } from './compose-drafts';
import type { DraftsRepo } from './drafts-repo';
import { emailErrors } from './errors';
import type { MailboxRepo } from './mailbox-repo';
import { createOutbox } from './outbox';
import { NOT_KEPT_TOO_BIG } from './parse';
import { withPartUrls, type AttachmentRow } from './part-urls';
import { outgoingBody } from './reply-quote';
import type { EmailAgentService } from './service';
import type { MailboxSync } from './sync';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AccountRepo } from './repo';

type DraftUpdate = z.infer<typeof mailDraftUpdateSchema>;
type Compose = z.infer<typeof composeInputSchema>;

const list = (json: string): { address: string; name: string }[] => JSON.parse(json) as never;
const strings = (json: string): string[] => JSON.parse(json) as string[];

interface MailboxServiceDeps {
  db: Kysely<DB>;
  accounts: EmailAgentService;
  accountRepo: AccountRepo;
  mailbox: MailboxRepo;
  drafts: DraftsRepo;
  /** A person's kept compose draft goes once their mail is sent. */
  composeDrafts?: ComposeDraftsRepo;
  sync: MailboxSync;
  /** Where failed sends' details go (never a password). */
  log?: { warn: (o: object, m: string) => void };
}

export function createMailboxService(deps: MailboxServiceDeps) {
  const { accounts, mailbox, drafts } = deps;
  const { send, sendDraft, recoverStale } = createOutbox(deps);

  function toMessage(
    m: Pick<
      EmailMessageRow,
      | 'id'
      | 'folder'
      | 'thread_key'
      | 'message_id'
      | 'from_address'
      | 'from_name'
      | 'to_json'
      | 'cc_json'
      | 'subject'
      | 'sent_date'
      | 'draft_state'
      | 'draft_error'
      | 'draft_attempts'
    >,
    preview: string,
    hasHtml: boolean,
    attachments: AttachmentRow[],
  ): MailMessage {
    return {
      id: m.id,
      folder: m.folder === 'sent' ? 'sent' : 'inbox',
      thread_key: m.thread_key,
      message_id: m.message_id,
      from: { address: m.from_address, name: m.from_name },
      to: list(m.to_json),
      cc: list(m.cc_json),
      subject: m.subject,
      date: m.sent_date,
      preview: preview.replace(/\s+/g, ' ').trim(),
      has_html: hasHtml,
      attachments: attachments
        .filter((a) => a.email_message_id === m.id)
        .map((a) => ({
          id: a.id,
          filename: a.filename,
          content_type: a.content_type,
          size: a.size,
          inline: a.inline === 1,
          content_id: a.content_id,
          not_kept: a.omitted === NOT_KEPT_TOO_BIG ? NOT_KEPT_TOO_BIG : null,
        })),
      skipped:
        m.draft_state && !['pending', 'drafted'].includes(m.draft_state) ? m.draft_state : null,
      draft_error: m.draft_state === 'failed' ? m.draft_error : null,
      draft_attempts: m.draft_attempts,
    };
  }

  async function toDrafts(rows: EmailDraftRow[]): Promise<MailDraft[]> {
    const names = await actorNames(
      deps.db,
      rows.map((r) => r.updated_by),
    );
    return rows.map((d) => ({
      id: d.id,
      reply_to_message: d.reply_to_message,
      to: strings(d.to_json),
      cc: strings(d.cc_json),
      subject: d.subject,
      body: d.body,
      references: parseReferences(d.references_json),
      no_answer: d.no_answer === 1,
      status: d.status,
      created_at: d.created_at,
      updated_at: d.updated_at,
      updated_by: actorRef(names, d.updated_by),
      sent_at: d.sent_at,
    }));
  }

  async function accountFor(actor: Actor, ref: string, action: 'VIEW' | 'UPDATE' | 'ANALYTICS') {
    return accounts.visible(actor, ref, action);
  }

  return {
    sendDraft,
    recoverStale,

    async messages(
      actor: Actor,
      ref: string,
      q: { folder: 'inbox' | 'sent'; page: number; size: number; search?: string },
    ): Promise<Paged<MailMessage>> {
      const account = await accountFor(actor, ref, 'VIEW');
      const { total, rows } = await mailbox.page(account.id, q.folder, q.search, q.page, q.size);
      const attachments = await mailbox.attachmentsOf(rows.map((r) => r.id));
      return {
        total,
        page: q.page,
        size: q.size,
        items: rows.map((r) => toMessage(r, r.preview, Number(r.has_html) === 1, attachments)),
      };
    },

    async message(actor: Actor, ref: string, id: number): Promise<MailMessageDetail> {
      const account = await accountFor(actor, ref, 'VIEW');
      const m = await mailbox.message(account.id, id);
      if (!m) throw emailErrors.messageNotFound();
      const attachments = await mailbox.attachmentsOf([m.id]);
      return {
        ...toMessage(m, m.text_body.slice(0, 200), m.html_body !== null, attachments),
        text: m.text_body,
        html:
          m.html_body === null ? null : withPartUrls(m.html_body, account.id, m.id, attachments),
      };
    },

    async attachment(actor: Actor, ref: string, messageId: number, id: number) {
      const account = await accountFor(actor, ref, 'VIEW');
      const m = await mailbox.message(account.id, messageId);
      const file = m && (await mailbox.attachment(m.id, id));
      if (!file) throw emailErrors.messageNotFound();
      if (file.omitted) throw emailErrors.attachmentNotKept();
      return file;
    },

    async drafts(
      actor: Actor,
      ref: string,
      q: { status: EmailDraftRow['status']; page: number; size: number },
    ) {
      const account = await accountFor(actor, ref, 'VIEW');
      const { total, rows } = await drafts.page(account.id, q.status, q.page, q.size);
      const page: Paged<MailDraft> = {
        total,
        page: q.page,
        size: q.size,
        items: await toDrafts(rows),
      };
      return page;
    },

    async editDraft(actor: Actor, ref: string, id: number, input: DraftUpdate): Promise<MailDraft> {
      const account = await accountFor(actor, ref, 'UPDATE');
      const draft = await drafts.find(account.id, id);
      if (!draft) throw emailErrors.draftNotFound();
      const before: Record<string, unknown> = {
        to: strings(draft.to_json),
        cc: strings(draft.cc_json),
        subject: draft.subject,
        body: draft.body,
      };
      const changes: Record<string, [unknown, unknown]> = {};
      for (const [key, value] of Object.entries(input))
        if (value !== undefined && JSON.stringify(before[key]) !== JSON.stringify(value))
          changes[key] = [before[key], value];
      const changed = await drafts.change(
        account.id,
        id,
        {
          ...(input.to ? { to_json: JSON.stringify(input.to) } : {}),
          ...(input.cc ? { cc_json: JSON.stringify(input.cc) } : {}),
          ...(input.subject !== undefined ? { subject: input.subject } : {}),
          ...(input.body !== undefined ? { body: input.body } : {}),
          updated_at: nowIso(),
          updated_by: actor.id,
        },
        { action: 'draft_edited', actorId: actor.id, actorName: actor.name, changes },
      );
      if (!changed) throw emailErrors.draftClosed();
      const fresh = await drafts.find(account.id, id);
      return (await toDrafts(fresh ? [fresh] : []))[0];
    },

    async approve(actor: Actor, ref: string, id: number) {
      const account = await accountFor(actor, ref, 'UPDATE');
      const messageId = await sendDraft(account, id, actor);
      return { message: 'The reply was sent.', message_id: messageId };
    },

    async discard(actor: Actor, ref: string, id: number) {
      const account = await accountFor(actor, ref, 'UPDATE');
      const changed = await drafts.change(
        account.id,
        id,
        { status: 'discarded', updated_at: nowIso(), updated_by: actor.id },
        {
          action: 'draft_discarded',
          actorId: actor.id,
          actorName: actor.name,
          changes: { status: ['pending', 'discarded'] },
        },
      );
      if (!changed) {
        if (!(await drafts.find(account.id, id))) throw emailErrors.draftNotFound();
        throw emailErrors.draftClosed();
      }
      return { message: 'The draft was discarded.' };
    },

    async compose(actor: Actor, ref: string, input: Compose) {
      const account = await accountFor(actor, ref, 'UPDATE');
      const files = input.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.content_type,
        content: Buffer.from(a.content, 'base64'),
      }));
      const messageId = await send(
        account,
        {
          to: input.to,
          cc: input.cc,
          subject: input.subject,
          // Under the account's signature; a new mail quotes nothing.
          ...outgoingBody(input.body, account.signature),
          attachments: files,
        },
        actor,
      );
      // What left, for the audit trail: recipients, subject, the files by name and size, and
      // the body by length and SHA-256 (not its text: the Sent folder keeps that).
      await deps.accountRepo.record(account.id, {
        action: 'sent',
        actorId: actor.id,
        actorName: actor.name,
        changes: {
          to: [null, input.to],
          cc: [null, input.cc],
          subject: [null, input.subject],
          attachments: [null, files.map((f) => ({ name: f.filename, size: f.content.length }))],
          body_length: [null, input.body.length],
          body_sha256: [null, createHash('sha256').update(input.body).digest('hex')],
          message_id: [null, messageId],
        },
      });
      // The mail has left; a draft kept for it must not come back (a failure here would only
      // leave it to be discarded by hand).
      await deps.composeDrafts
        ?.remove(account.id, actor.id)
        .catch((error: unknown) =>
          deps.log?.warn({ account: account.id, err: (error as Error).message }, 'compose draft'),
        );
      return { message: 'The message was sent.', message_id: messageId };
    },

    async stats(actor: Actor, ref: string): Promise<EmailStats> {
      const account = await accountFor(actor, ref, 'ANALYTICS');
      return drafts.figures(account.id);
    },

    async syncNow(actor: Actor, ref: string) {
      const account = await accountFor(actor, ref, 'UPDATE');
      if (account.status !== 1) throw emailErrors.inactive();
      try {
        const result = await deps.sync.syncAccount(account, { actor });
        return { stored: result.stored, busy: result.skipped };
      } catch (error) {
        return { stored: 0, busy: false, error: (error as Error).message.slice(0, 300) };
      }
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
