/**
 * One raw message (RFC 5322 source) -> the row the mailbox stores, with mailparser; and the
 * loop guard: which inbound mail is never answered, so that no two mailboxes answer each other
 * in a loop.
 */
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { NewMessage } from './mailbox-repo';

/** Attachments above this are listed but their bytes are not kept (they would bloat the database). */
const ATTACHMENT_KEEP_BYTES = 10 * 1024 * 1024;
/** What `omitted` says of an attachment whose bytes were over that. */
export const NOT_KEPT_TOO_BIG = 'over_10_mb';
const TEXT_KEEP = 200_000;

interface Addr {
  address: string;
  name: string;
}

function addresses(value: AddressObject | AddressObject[] | undefined): Addr[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) =>
    group.value.flatMap((a) =>
      a.address ? [{ address: a.address.toLowerCase(), name: a.name ?? '' }] : [],
    ),
  );
}

function header(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value) return String(value.value);
  return String(value);
}

function referencesOf(mail: ParsedMail): string[] {
  const refs = mail.references;
  return (Array.isArray(refs) ? refs : refs ? [refs] : []).filter(Boolean);
}

/**
 * Why a message must not be answered, or null: it comes from the account itself, it is an
 * automatic reply (Auto-Submitted other than "no", X-Autoreply, a bounce), or it is bulk or
 * list mail (Precedence bulk/list/junk, List-Id, List-Unsubscribe).
 */
function loopReason(mail: ParsedMail, ownAddress: string, from: Addr | undefined): string | null {
  if (!from) return 'no_sender';
  if (from.address === ownAddress.toLowerCase()) return 'own_address';
  const auto = header(mail, 'auto-submitted').trim().toLowerCase();
  if (auto && auto !== 'no') return 'auto_reply';
  if (header(mail, 'x-autoreply') || header(mail, 'x-autorespond')) return 'auto_reply';
  if (/^(mailer-daemon|postmaster|no-?reply)@/.test(from.address)) return 'auto_reply';
  if (/^(bulk|list|junk)$/i.test(header(mail, 'precedence').trim())) return 'bulk';
  if (mail.headers.has('list-id') || mail.headers.has('list-unsubscribe')) return 'bulk';
  return null;
}

/** A conversation's key: the first Message-ID it refers to, else its own; else its subject. */
function threadKey(
  refs: string[],
  inReplyTo: string | null,
  messageId: string | null,
  subject: string,
): string {
  const root = refs[0] ?? inReplyTo ?? messageId;
  if (root) return root;
  return `subject:${subject
    .replace(/^\s*((re|fwd?|aw|wg)\s*:\s*)+/i, '')
    .trim()
    .toLowerCase()}`;
}

export async function parseMessage(
  source: Buffer,
  uid: number,
  folder: 'INBOX' | 'Sent',
  ownAddress: string,
): Promise<NewMessage> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const from = addresses(mail.from)[0];
  const refs = referencesOf(mail);
  const inReplyTo = mail.inReplyTo ?? null;
  const messageId = mail.messageId ?? null;
  const subject = mail.subject ?? '';
  const html = typeof mail.html === 'string' ? mail.html : null;
  const reason = folder === 'INBOX' ? loopReason(mail, ownAddress, from) : null;
  return {
    row: {
      uid,
      message_id: messageId,
      in_reply_to: inReplyTo,
      references_json: JSON.stringify(refs),
      thread_key: threadKey(refs, inReplyTo, messageId, subject),
      from_address: from?.address ?? '',
      from_name: from?.name ?? '',
      to_json: JSON.stringify(addresses(mail.to)),
      cc_json: JSON.stringify(addresses(mail.cc)),
      subject,
      sent_date: (mail.date ?? new Date()).toISOString(),
      text_body: (mail.text ?? '').slice(0, TEXT_KEEP),
      html_body: html,
      draft_state: folder === 'INBOX' ? (reason ?? 'pending') : null,
      received_at: new Date().toISOString(),
    },
    // Every part is listed; inline ones (cid: images of the HTML) are kept too, and the bytes
    // of one over ATTACHMENT_KEEP_BYTES are not, which the row says.
    attachments: mail.attachments.map((a) => {
      const big = a.size > ATTACHMENT_KEEP_BYTES;
      const cid = a.cid ? a.cid.replace(/^<|>$/g, '').slice(0, 250) : null;
      return {
        filename: (a.filename ?? (cid ? 'inline' : 'attachment'))
          .replace(/[\p{Cc}/\\]/gu, '_')
          .slice(0, 200),
        content_type: a.contentType || 'application/octet-stream',
        size: a.size,
        content: big ? Buffer.alloc(0) : a.content,
        content_id: cid,
        inline: a.related || a.contentDisposition === 'inline' ? 1 : 0,
        omitted: big ? NOT_KEPT_TOO_BIG : null,
      };
    }),
  };
}
