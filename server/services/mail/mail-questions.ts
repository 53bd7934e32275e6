/**
 * The questions a customer's mail asks, each worded as it would be asked in the console's chat.
 *
 * A mail carries much that no document holds: a greeting, a sign-off with a name and a phone
 * number, a signature, the quoted thread, courtesy ("I hope you are well", "Could you tell me
 * …"). Searched together with the question, those words only dilute it. So:
 *
 * 1. The own words, without quoted thread and signature, and without the greeting, sign-off
 *    and closing name block around them (mail-own-words.ts).
 * 2. The sentences that ask: ending in a question mark, opening with a question word, or framed
 *    as one ("I would like to know …"). The framing, connectors ("Also, …") and courtesy words
 *    go; a question pointing back ("How do I clean it?") takes the statement just before it.
 *    A mail that asks no question is one question: its request, without courtesy sentences.
 *
 * Used by the e-mail agent's drafter and by the quality bench (scripts/bench-quality.ts).
 */
import { fold, foldedWords, startAfter, withoutMatches } from './folding';
import {
  ASKING,
  ASKING_ES,
  CONNECTOR,
  COURTESY,
  FRAMING,
  PLEASANTRY,
  POINTS_BACK,
} from './mail-phrases';
import { afterGreeting, asksSomething, isClosingLine, ownWords, wordCount } from './mail-own-words';

export interface MailQuestion {
  /** The customer's own sentence(s) as written: what a reply quotes above its answer. */
  asked: string;
  /** What is searched and answered: the same without greeting, framing or courtesy words. */
  question: string;
}

interface ReadMail {
  /** The customer's own words: the body without the quoted thread and the signature. */
  own: string;
  questions: MailQuestion[];
}

interface ReadOptions {
  /** The sender's display name: a closing line holding only (part of) it is a signature. */
  sender?: string;
}

/** A mail asking more than this is answered on its first questions; a person sees the rest. */
const MAX_QUESTIONS = 6;
const MAX_LENGTH = 2000;
/** A statement taken along as context for a question pointing back, at most this long. */
const CONTEXT_WORDS = 30;
/** A question this short ("Why?", "What does that mean?") rests on the statement before it. */
const SHORT_QUESTION = 4;

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
  const { own, said } = ownWords(text, options.sender ?? '');
  const sentences = sentencesIn(said);
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
