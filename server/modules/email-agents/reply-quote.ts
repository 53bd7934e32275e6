/**
 * What leaves an account, laid out as mail clients lay it out: the person's text, the account's
 * signature under it, and, for a reply, the original quoted below that.
 *
 * - Text part: the signature after the "-- " line (RFC 3676 §4.3, which readers use to fold it
 *   away), then "On <date>, <sender> wrote:" and every line of the original behind "> " (a line
 *   quoted already behind ">", as Thunderbird does, so its depth stays readable).
 * - HTML part: the text and the signature as paragraphs, then the attribution and the original
 *   in a <blockquote type="cite">: its HTML as cleaned by quote-html.ts, or its text when it
 *   had none.
 * - The attribution is in the reply's language (that of its text), in the words mail clients
 *   use, which the agent's own reader (services/mail/mail-thread-phrases.ts) knows when the
 *   customer answers again; its date is in UTC, said so, since the server cannot know the
 *   reader's time zone.
 */
import { replyLanguage, type ReplyLanguage } from './reply-draft';

export interface QuotedOriginal {
  from: { name: string; address: string };
  /** ISO date the original was sent. */
  date: string;
  /** Its Message-ID, with <>, or null. */
  messageId: string | null;
  text: string;
  /** Its HTML cleaned for quoting (quote-html.ts), or null when it had none. */
  html: string | null;
}

interface Outgoing {
  text: string;
  /** Absent for a new mail without a quote: it goes as plain text, as it was written. */
  html?: string;
}

const ATTRIBUTION: Record<ReplyLanguage, (date: string, sender: string) => string> = {
  en: (date, sender) => `On ${date}, ${sender} wrote:`,
  es: (date, sender) => `El ${date}, ${sender} escribió:`,
  fr: (date, sender) => `Le ${date}, ${sender} a écrit :`,
  de: (date, sender) => `Am ${date} schrieb ${sender}:`,
  ar: (date, sender) => `في ${date}، ${sender} كتب:`,
};

const LOCALES: Record<ReplyLanguage, string> = {
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ar: 'ar',
};

function attribution(original: QuotedOriginal, language: ReplyLanguage): string {
  const when = new Date(original.date);
  const date = Number.isNaN(when.getTime())
    ? original.date
    : `${new Intl.DateTimeFormat(LOCALES[language], {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(when)} UTC`;
  const { name, address } = original.from;
  const sender = name && name !== address ? `${name} <${address}>` : address;
  return ATTRIBUTION[language](date, sender);
}

const lines = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\s+$/, '').split('\n');

/** The signature without a "-- " line of its own (the layout puts one above it). */
function signatureLines(signature: string): string[] {
  const all = lines(signature);
  while (all.length && /^\s*--\s*$/.test(all[0])) all.shift();
  return all.join('\n').trim() ? all : [];
}

function quoted(text: string): string[] {
  return lines(text).map((line) =>
    line === '' ? '>' : line.startsWith('>') ? `>${line}` : `> ${line}`,
  );
}

const escape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const paragraphs = (text: string[]) => text.map(escape).join('<br>\n');

/**
 * The mail to send: `body` as the person left it, the account's `signature` ('' for none), and
 * the `original` a reply quotes (none for a new mail).
 */
export function outgoingBody(body: string, signature: string, original?: QuotedOriginal): Outgoing {
  const sign = signatureLines(signature);
  // A new mail without a signature goes exactly as it was written.
  if (!original && sign.length === 0) return { text: body };
  const own = lines(body);
  const text = [...own, ...(sign.length ? ['', '-- ', ...sign] : [])];
  if (!original) return { text: `${text.join('\n')}\n` };

  const language = replyLanguage(body);
  const said = attribution(original, language);
  const cite = original.messageId
    ? ` cite="mid:${escape(original.messageId.replace(/^<|>$/g, ''))}"`
    : '';
  const html = [
    '<!DOCTYPE html>',
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body>',
    `<div dir="auto">${paragraphs(own)}</div>`,
    ...(sign.length
      ? [`<div class="moz-signature" dir="auto">-- <br>\n${paragraphs(sign)}</div>`]
      : []),
    `<div class="moz-cite-prefix" dir="auto">${escape(said)}<br></div>`,
    `<blockquote type="cite"${cite} style="margin:0 0 0 .8ex;border-left:2px solid #ccc;padding-left:1ex">`,
    original.html ?? `<div dir="auto">${paragraphs(lines(original.text))}</div>`,
    '</blockquote>',
    '</body></html>',
  ].join('\n');
  return { text: [...text, '', said, ...quoted(original.text)].join('\n') + '\n', html };
}
