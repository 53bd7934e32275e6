/**
 * The questions a customer's mail asks, each worded as it would be asked in the console's chat.
 *
 * A mail carries much that no document holds: a greeting, a sign-off with a name and a phone
 * number, a signature, the quoted thread, courtesy ("I hope you are well", "Could you tell me
 * …"). Searched together with the question, those words only dilute it. So:
 *
 * 1. The own words: email-reply-parser drops what it knows of quoted replies and signatures
 *    (many clients' formats and languages); our rules add the attribution lines, forwarded and
 *    Outlook header blocks, signature delimiters and device lines it misses in en/es/fr/de/ar.
 *    Quotes above the own words (a reply written below the thread) leave the words below.
 * 2. Around them: the greeting at the start, the sign-off and anything after it, and a closing
 *    block of a name, title and contact lines.
 * 3. The sentences that ask: ending in a question mark, opening with a question word, or framed
 *    as one ("I would like to know …"). The framing, connectors ("Also, …") and courtesy words
 *    go; a question pointing back ("How do I clean it?") takes the statement just before it.
 *    A mail that asks no question is one question: its request, without courtesy sentences.
 *
 * Used by the e-mail agent's drafter and by the quality bench (scripts/bench-quality.ts).
 */
import EmailReplyParser from 'email-reply-parser';
import {
  ASKING,
  ASKING_ES,
  ATTRIBUTION,
  CLOSING_LINE,
  CONNECTOR,
  CONTACT_LINE,
  COURTESY,
  DEVICE_LINE,
  FRAMING,
  GREETING,
  HEADER_FIELD,
  HEADER_FROM,
  PLEASANTRY,
  POINTS_BACK,
  RULE_LINE,
  SEPARATOR,
  SIGNATURE_DELIMITER,
} from './mail-phrases';
import { fold, foldedWords, startAfter, withoutMatches } from './folding';

export interface MailQuestion {
  /** The customer's own sentence(s) as written: what a reply quotes above its answer. */
  asked: string;
  /** What is searched and answered: the same without greeting, framing or courtesy words. */
  question: string;
}

export interface ReadMail {
  /** The customer's own words: the body without the quoted thread and the signature. */
  own: string;
  questions: MailQuestion[];
}

export interface ReadOptions {
  /** The sender's display name: a closing line holding only (part of) it is a signature. */
  sender?: string;
}

/** A mail asking more than this is answered on its first questions; a person sees the rest. */
export const MAX_QUESTIONS = 6;
const MAX_LENGTH = 2000;
/** A statement taken along as context for a question pointing back, at most this long. */
const CONTEXT_WORDS = 30;
/** A question this short ("Why?", "What does that mean?") rests on the statement before it. */
const SHORT_QUESTION = 4;

const isQuoted = (line: string) => /^\s*>/.test(line);
const isContent = (line: string) => line.trim() !== '' && !isQuoted(line);
const asksSomething = (text: string) => /[?؟]/.test(text);
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

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
function afterGreeting(line: string): string | null {
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

interface Segment {
  text: string;
  paragraph: number;
}

const LIST_ITEM = /^\s*(?:[-*•·–]|\d{1,2}[.)]|[a-z][.)])\s+/;
/** A line this long that runs on without punctuation was wrapped by the sender's client. */
const WRAPPED = 50;

/** Paragraphs with their wrapped lines joined; list items and short lines stand alone. */
function segmentsOf(lines: string[]): Segment[] {
  const out: Segment[] = [];
  let paragraph = 0;
  let open: Segment | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      paragraph += 1;
      open = null;
      continue;
    }
    const item = LIST_ITEM.test(raw);
    const text = line.replace(LIST_ITEM, '');
    const runsOn =
      open !== null &&
      !item &&
      (open.text.length >= WRAPPED || /^[\p{Ll}\d]/u.test(text)) &&
      !/[:]$/.test(open.text);
    if (runsOn && open) open.text = `${open.text} ${text}`;
    else {
      open = { text, paragraph };
      out.push(open);
    }
  }
  return out;
}

const SENTENCE_END = /(?<=[.!?؟…]["'”’»)\]]*)\s+/u;
const ABBREVIATION =
  /(?:^|[\s(])(?:\p{L}|e\.g|i\.e|approx|ca|no|nr|vs|mr|mrs|ms|dr|prof|st|z\.b|d\.h|bzw|usw|ggf|evtl|inkl|p\.ex|sr|sra|srta|dept|ref|art|abs|tel|fig|vol)\.$/iu;

function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let buffer = '';
  for (const piece of text.split(SENTENCE_END)) {
    buffer = buffer ? `${buffer} ${piece}` : piece;
    if (ABBREVIATION.test(buffer)) continue;
    if (buffer.trim()) out.push(buffer.trim());
    buffer = '';
  }
  if (buffer.trim()) out.push(buffer.trim());
  return out;
}

interface Sentence {
  asked: string;
  core: string;
  question: boolean;
  paragraph: number;
}

/** A sentence that opens with a question word; "when"/"quand" with a clause is a condition. */
function opensAsQuestion(core: string): boolean {
  const f = fold(core).text;
  if (ASKING_ES.test(core.toLowerCase())) return true;
  if (!ASKING.test(f)) return false;
  return !(/^(?:when|quand)\s/.test(f) && f.includes(','));
}

/** The sentence without its greeting, connector, framing and courtesy words. */
function coreOf(sentence: string): { core: string; framed: boolean } {
  const spanish = sentence.startsWith('¿');
  let core = spanish ? sentence.slice(1).trimStart() : sentence;
  let framed = false;
  for (let changed = true; changed;) {
    changed = false;
    const greeted = afterGreeting(core);
    if (greeted) [core, changed] = [greeted, true];
    const joined = startAfter(core, CONNECTOR);
    if (joined !== null) [core, changed] = [joined, true];
    const unframed = startAfter(core, FRAMING);
    if (unframed !== null) [core, changed, framed] = [unframed, true, true];
  }
  core = withoutMatches(core, COURTESY)
    .replace(/^[\s,;:–—-]+/, '')
    .trim();
  if (spanish && asksSomething(core)) core = `¿${core}`;
  return { core: capitalise(core), framed };
}

/** A question ends with its question mark, also where the writer framed it as a statement. */
function asQuestion(text: string): string {
  if (/[?؟]["'”’»)\]]*$/u.test(text)) return text;
  const mark = /\p{Script=Arabic}/u.test(text) ? '؟' : '?';
  return `${text.replace(/[.!…:]+$/u, '')}${mark}`;
}

function capitalise(text: string): string {
  const at = text.startsWith('¿') ? 1 : 0;
  return text.slice(0, at) + text.charAt(at).toUpperCase() + text.slice(at + 1);
}

function sentencesIn(lines: string[]): Sentence[] {
  const out: Sentence[] = [];
  for (const segment of segmentsOf(lines)) {
    for (const asked of sentencesOf(segment.text)) {
      const f = fold(asked).text;
      const question = asksSomething(asked);
      if (afterGreeting(asked) === '' || isClosingLine(asked)) continue;
      if (!question && PLEASANTRY.test(f)) continue;
      if (question && /^(?:how are you|comment allez|wie geht|como esta|كيف حال)/u.test(f))
        continue;
      const { core, framed } = coreOf(asked);
      if (!/[\p{L}\p{N}]/u.test(core)) continue;
      out.push({
        asked,
        core,
        question: question || framed || opensAsQuestion(core),
        paragraph: segment.paragraph,
      });
    }
  }
  return out;
}

/**
 * The questions, each with the statement it rests on when it points back or is too short to
 * stand alone, and tiny follow-ups ("Or 20?") joined to the question before.
 */
function questionsAmong(sentences: Sentence[]): MailQuestion[] {
  const out: MailQuestion[] = [];
  sentences.forEach((s, i) => {
    if (!s.question) return;
    const before = sentences[i - 1];
    const previous = out[out.length - 1];
    if (previous && wordCount(s.core) < 3) {
      previous.asked = `${previous.asked} ${s.asked}`;
      previous.question = `${previous.question} ${s.core}`;
      return;
    }
    // "Je voudrais savoir comment …" asks as "Comment … ?" does.
    const core = opensAsQuestion(s.core) ? asQuestion(s.core) : s.core;
    const context =
      before !== undefined &&
      !before.question &&
      before.paragraph === s.paragraph &&
      wordCount(before.core) <= CONTEXT_WORDS &&
      (POINTS_BACK.test(fold(s.core).text) || wordCount(s.core) <= SHORT_QUESTION);
    out.push(
      context
        ? { asked: `${before.asked} ${s.asked}`, question: `${before.core} ${core}` }
        : { asked: s.asked, question: core },
    );
  });
  return out;
}

function distinct(questions: MailQuestion[]): MailQuestion[] {
  const seen = new Set<string>();
  return questions.filter((q) => {
    const key = foldedWords(fold(q.question).text).join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function readMail(text: string, options: ReadOptions = {}): ReadMail {
  const sender = foldedWords(fold(options.sender ?? '').text);
  const own = withoutSignature(ownLines(normalise(text)));
  const lines = withoutNameBlock(withoutClosing(withoutGreeting(own), sender), sender);
  const sentences = sentencesIn(lines);
  let questions = distinct(questionsAmong(sentences));
  if (questions.length === 0 && sentences.length > 0)
    questions = [
      {
        asked: sentences.map((s) => s.asked).join(' '),
        question: sentences.map((s) => s.core).join(' '),
      },
    ];
  return {
    own: own.join('\n').trim(),
    questions: questions.slice(0, MAX_QUESTIONS).map((q) => ({
      asked: q.asked.slice(0, MAX_LENGTH),
      question: q.question.slice(0, MAX_LENGTH),
    })),
  };
}

/** The questions a mail's text body asks, each ready to be searched and answered on its own. */
export function questionsOfMail(text: string): string[] {
  return readMail(text).questions.map((q) => q.question);
}
