/**
 * Sending from a mailbox: the message is rendered once (nodemailer's stream
 * transport: the exact bytes, CRLF), handed to the account's SMTP server, then appended to the
 * account's Sent folder over IMAP, flagged \Seen, so that the mailbox shows what left — the
 * same bytes, with the same Message-ID.
 */
import { randomUUID } from 'node:crypto';
import type { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { patterns } from '../../../contract/validation';
import { withImap, withSmtp, type MailboxConnection } from './mailbox-connection';

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  /** An HTML alternative of `text` (a reply's, with its quote), or none. */
  html?: string;
  inReplyTo?: string | null;
  references?: string[];
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** The Message-ID to send under (a draft's, chosen when its send is claimed); else a new one. */
  messageId?: string;
}

interface SentMail {
  messageId: string;
  raw: Buffer;
  /** Where the copy went in Sent (UIDPLUS), when the server says. */
  sent: { path: string; uidValidity: string; uid: number } | null;
}

/** Plain addresses only, as address objects: nothing in them is read as a name or a list. */
function plain(list: string[]) {
  return list.map((address) => {
    if (!patterns.email.test(address))
      throw new Error('refusing to mail an address that is not plain');
    return { name: '', address };
  });
}

const renderer = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: 'windows',
});

export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1] ?? 'localhost';
  return `<${randomUUID()}@${domain}>`;
}

async function renderMail(mail: OutgoingMail): Promise<{ raw: Buffer; messageId: string }> {
  const messageId = mail.messageId ?? newMessageId(mail.from.address);
  const info = await renderer.sendMail({
    from: { name: mail.from.name, address: mail.from.address },
    to: plain(mail.to),
    cc: mail.cc.length ? plain(mail.cc) : undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId,
    inReplyTo: mail.inReplyTo ?? undefined,
    references: mail.references?.length ? mail.references : undefined,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
    // Never read a file or a URL named in a message.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return { raw: info.message as Buffer, messageId };
}

/** The Sent folder's path: the one marked \Sent, else one named Sent (created if missing). */
async function sentFolder(client: ImapFlow): Promise<string> {
  const list = await client.list();
  const found =
    list.find((m) => m.specialUse === '\\Sent')?.path ??
    list.find((m) => /^sent$/i.test(m.name))?.path;
  if (found) return found;
  await client.mailboxCreate('Sent');
  return 'Sent';
}

export async function sendAndFile(
  connection: MailboxConnection,
  mail: OutgoingMail,
): Promise<SentMail> {
  const { raw, messageId } = await renderMail(mail);
  await withSmtp(connection, (transport) =>
    transport.sendMail({
      envelope: { from: mail.from.address, to: [...mail.to, ...mail.cc] },
      raw,
    }),
  );
  // The message has left; a failure to file it must not make the caller send it again.
  let sent: SentMail['sent'] = null;
  try {
    sent = await withImap(connection, async (client) => {
      const path = await sentFolder(client);
      const result = await client.append(path, raw, ['\\Seen']);
      return result && result.uid !== undefined && result.uidValidity !== undefined
        ? { path, uidValidity: String(result.uidValidity), uid: result.uid }
        : null;
    });
  } catch {
    sent = null;
  }
  return { messageId, raw, sent };
}
