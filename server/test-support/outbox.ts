/** Reads the .eml files the outbox mailer wrote, decoding them as a mail client would. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database';
import type { EmailTokenRow } from '../db/schema';

export interface OutboxMail {
  file: string;
  to: string;
  /** Decoded, as a mail client shows it. */
  subject: string;
  /** The Content-Language header: the language the mail says it is written in. */
  language: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * RFC 2047 encoded words (=?UTF-8?Q?...?= or =?UTF-8?B?...?=), as a non-ASCII subject is written;
 * the bytes of neighbouring words are joined before decoding, so a letter split between two
 * words comes out whole.
 */
function decodeWords(value: string): string {
  const words = /=\?utf-8\?([qb])\?([^?]*)\?=/gi;
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/(?:=\?utf-8\?[qb]\?[^?]*\?=)+/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(words)].map(([, encoding, data]) =>
        encoding.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, h: string) =>
                  String.fromCharCode(parseInt(h, 16)),
                ),
              'latin1',
            ),
      ),
    ).toString('utf8'),
  );
}

function header(headers: string, name: string): string {
  const m = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(headers);
  return m ? m[1].replace(/\r?\n[ \t]/g, ' ').trim() : '';
}

export function readOutbox(dataDir: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(dataDir, 'outbox', file), 'utf8');
    const split = raw.search(/\r?\n\r?\n/);
    const headers = raw.slice(0, split);
    let text = raw.slice(split).trim();
    if (/^content-transfer-encoding:\s*quoted-printable/im.test(headers))
      text = decodeQuotedPrintable(text);
    if (/^content-transfer-encoding:\s*base64/im.test(headers))
      text = Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8');
    return {
      file,
      to: header(headers, 'To'),
      subject: decodeWords(header(headers, 'Subject')),
      language: header(headers, 'Content-Language'),
      text,
      links: [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])],
    };
  });
}

/** The token of the newest mail to `to` with a link containing `linkPart`. */
export function tokenFromMail(mails: OutboxMail[], to: string, linkPart: string): string {
  const mail = [...mails]
    .reverse()
    .find((m) => m.to.includes(to) && m.links.some((l) => l.includes(linkPart)));
  const link = mail?.links.find((l) => l.includes(linkPart));
  if (!link) throw new Error(`no mail to ${to} with ${linkPart}`);
  return new URL(link).searchParams.get('token') ?? '';
}

/** Lets every `purpose` link mailed so far expire, as if its lifetime had passed. */
export async function expireMailedTokens(database: Database, purpose: EmailTokenRow['purpose']) {
  await database.db
    .updateTable('email_tokens')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('purpose', '=', purpose)
    .execute();
}
