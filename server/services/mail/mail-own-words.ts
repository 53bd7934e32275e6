/**
 * The customer's own words in a mail, and what stands around them.
 *
 * - email-reply-parser drops what it knows of quoted replies and signatures (many clients'
 *   formats and languages); our rules (mail-thread-phrases.ts) add the attribution lines,
 *   forwarded and Outlook header blocks, signature delimiters and device lines it misses in
 *   en/es/fr/de/ar. Quotes above the own words (a reply written below the thread) leave the
 *   words below.
 * - Around them: the greeting at the start, the sign-off and anything after it, and a closing
 *   block of a name, title and contact lines (mail-phrases.ts).
 */
import EmailReplyParser from 'email-reply-parser';
import { fold, foldedWords } from './folding';
import { ASKING, CLOSING_LINE, FRAMING, GREETING, PLEASANTRY } from './mail-phrases';
import {
  ATTRIBUTION,
  CONTACT_LINE,
  DEVICE_LINE,
  HEADER_FIELD,
  HEADER_FROM,
  RULE_LINE,
  SEPARATOR,
  SIGNATURE_DELIMITER,
} from './mail-thread-phrases';

const isQuoted = (line: string) => /^\s*>/.test(line);
const isContent = (line: string) => line.trim() !== '' && !isQuoted(line);
export const asksSomething = (text: string) => /[?؟]/.test(text);
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f\t]/g, ' ')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '');
}

/** Where the quoted thread starts, in lines email-reply-parser left visible. */
function quoteStart(lines: string[]): { at: number; attribution: boolean } | null {
  const folded = lines.map((line) => fold(line).text.trim());
  const soon = (i: number, test: RegExp) => folded.slice(i + 1, i + 6).some((f) => test.test(f));
  for (let i = 0; i < lines.length; i++) {
    const f = folded[i];
    if (!f || isQuoted(lines[i])) continue;
    if (SEPARATOR.test(f)) return { at: i, attribution: false };
    if (RULE_LINE.test(f) && soon(i, HEADER_FROM)) return { at: i, attribution: false };
    if (HEADER_FROM.test(f) && soon(i, HEADER_FIELD)) return { at: i, attribution: false };
    if (ATTRIBUTION.test(f)) {
      // A long attribution wraps: "On Mon, 3 Mar 2025, Support <" / "support@x.test> wrote:".
      const before = i > 0 ? folded[i - 1] : '';
      const wrapped = before !== '' && !/[.!?؟:]$/.test(before) && wordCount(f) < 4;
      return { at: wrapped ? i - 1 : i, attribution: true };
    }
  }
  return null;
}

function ownLines(body: string): string[] {
  const visible = new EmailReplyParser().read(body).getVisibleText();
  const lines = visible.split('\n');
  const start = quoteStart(lines);
  if (!start) return lines.filter((line) => !isQuoted(line));
  const above = lines.slice(0, start.at);
  if (above.some(isContent) || !start.attribution) return above.filter((l) => !isQuoted(l));
  // Written below the quoted thread: the own words follow it.
  return ownLines(
    lines
      .slice(start.at + 1)
      .filter((line) => !isQuoted(line))
      .join('\n'),
  );
}

/** Lines up to the signature delimiter or the device line ("Sent from my iPhone"). */
function withoutSignature(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const signature = SIGNATURE_DELIMITER.test(line) || DEVICE_LINE.test(fold(line).text.trim());
    if (!signature) out.push(line);
    else if (out.some(isContent)) break;
  }
  return out;
}

/** The line without its greeting: '' when it was only one, null when it opens with none. */
export function afterGreeting(line: string): string | null {
  const text = line.trim();
  const f = fold(text);
  const m = GREETING.exec(f.text);
  if (!m) return null;
  const tail = f.text.slice(m[0].length);
  if (/^[\p{L}\p{N}\s.'&-]*[,!.:;،]*\s*$/u.test(tail) && wordCount(tail) <= 6) return '';
  const prefix = /^([^,!:;،?]*)[,!:;،]\s*/u.exec(tail);
  if (!prefix || wordCount(prefix[1]) > 6) return null;
  return text.slice(f.origin[m[0].length + prefix[0].length]);
}

function withoutGreeting(lines: string[]): string[] {
  const out = [...lines];
  for (;;) {
    const i = out.findIndex(isContent);
    if (i < 0) return out;
    const rest = afterGreeting(out[i]);
    if (rest === null) return out;
    out[i] = rest;
    if (rest) return out;
  }
}

/** Words written with a capital (or in a script without case): a name, not a sentence. */
const capitalised = (words: string[]) =>
  words.every((w) => /^[\p{Lu}\p{Lt}\p{Lo}]/u.test(w) || /^(?:&|\||-|–)$/.test(w));

export function isClosingLine(line: string): boolean {
  const text = line.trim();
  if (!text || asksSomething(text)) return false;
  const f = fold(text);
  const m = CLOSING_LINE.exec(f.text);
  if (!m) return false;
  const name = m.indices?.[1];
  if (!name) return true;
  return capitalised(text.slice(f.origin[name[0]], f.origin[name[1]]).split(/\s+/));
}

/**
 * Lines before the sign-off. A closing with a question still below it ("Thanks! One more
 * thing: …?") is only a courtesy line, and so is one before anything was said.
 */
function withoutClosing(lines: string[], sender: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!isClosingLine(lines[i])) {
      out.push(lines[i]);
      continue;
    }
    const later = lines.slice(i + 1).filter(isContent);
    if (later.some(asksSomething)) continue;
    // A mail of a greeting and a sign-off only ("Hi, … Thanks, Tom") asks nothing.
    const signedOnly = later.every((l) => CONTACT_LINE.test(l) || isNameLine(l, sender));
    if (out.some(isContent) || signedOnly) return out;
  }
  return out;
}

const NAME_WORDS = /^(?:of|and|de|du|des|la|le|von|van|der|für|y|del|da|و)$/iu;
const ABBREVIATED = /(?:ltd|inc|co|corp|gmbh|s\.a|s\.l|jr|sr|dr|mr|mrs|ms|bros)\.$/i;

/** A line of a signature block: a name, a title, a company (short, capitalised, no sentence). */
function isNameLine(line: string, sender: string[]): boolean {
  const text = line.trim();
  const f = fold(text).text;
  const words = text.split(/\s+/);
  if (sender.length && foldedWords(f).every((w) => sender.includes(w.replace(/\.$/, ''))))
    return true;
  if (words.length > 5 || /[?!؟:;\d]/.test(text)) return false;
  if (text.endsWith('.') && !ABBREVIATED.test(text)) return false;
  if (ASKING.test(f) || PLEASANTRY.test(f) || FRAMING.test(f)) return false;
  if (/\p{Script=Arabic}/u.test(text) && words.length > 3) return false;
  return capitalised(words.filter((w) => !NAME_WORDS.test(w)));
}

/** The text without a closing block of name, title and contact lines (no sign-off before it). */
function withoutNameBlock(lines: string[], sender: string[]): string[] {
  let end = lines.length;
  while (end > 0 && !lines[end - 1].trim()) end--;
  let start = end;
  let contact = false;
  while (start > 0) {
    const text = lines[start - 1].trim();
    if (!text || asksSomething(text)) break;
    if (CONTACT_LINE.test(text)) contact = true;
    else if (!isNameLine(text, sender)) break;
    start--;
  }
  const before = lines.slice(0, start);
  if (start === end || !before.some(isContent)) return lines;
  const last = before[before.length - 1].trim();
  return contact || last === '' || /[.!?؟:,;]$/.test(last) ? before : lines;
}

interface OwnWords {
  /** The body without the quoted thread and the signature. */
  own: string[];
  /** Those without greeting, sign-off and closing name block: where the questions are. */
  said: string[];
}

export function ownWords(body: string, sender: string): OwnWords {
  const senderWords = foldedWords(fold(sender).text);
  const own = withoutSignature(ownLines(normalise(body)));
  const said = withoutNameBlock(withoutClosing(withoutGreeting(own), senderWords), senderWords);
  return { own, said };
}
