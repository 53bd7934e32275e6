/**
 * Whether a question asks for a person, and in which console language. A request is a verb of
 * reaching (talk, speak, connect me …) or of wanting (want, need, would like …) whose subject is
 * the asker, followed by a person or a team of people, all as whole words of one language
 * (person-request-words.ts); or a person named on their own ("A real person, please").
 *
 * What it leaves out on purpose, because a documentation question reads like that:
 * - a person word inside another word or a compound: "human-readable", "personnel", "Personal";
 * - a person word naming a topic, a field or a thing: "the agent field", "human resources" (the
 *   person must end the clause or be followed by a word like "about", "please", "now");
 * - someone else reaching a person: "how can a customer talk to an agent" (only the asker's
 *   words, modals, question words and politeness may come before the verb);
 * - asking whether one needs a person: "do I need a person to sign?";
 * - connecting things: "connect the agent to Slack" (connect, transfer, put … need "me"/"us").
 *
 * Words are compared folded: lower case, accents and Arabic vowel marks dropped, Arabic letter
 * variants unified, elisions split ("j'aimerais" -> "j aimerais"), and a hyphen joins a
 * compound into one word unless what follows it is a pronoun ("mettez-moi", "puis-je").
 */
import type { Language } from '../../../contract/constants';
import { PERSON_WORDS, type PersonWords, type Phrase } from './person-request-words';

interface Clause {
  words: string[];
  /** Ends with a question mark, or opens with "¿". */
  question: boolean;
}

const CLITIC =
  /^(moi|toi|nous|vous|je|tu|il|elle|ils|elles|on|t|ce|le|la|les|lui|leur|en|y|me|te)$/;
const PUNCT = /^[.,;:!?¿¡()"«»…؟،؛\n]$/;
/** How far a person may follow the verb, in words between them. */
const LINK_REACH = 8;
/** A person named alone: the whole question is at most this many words. */
const ALONE_MAX = 6;

/** Lower case, no accents or Arabic marks, one Arabic alef, yeh and teh marbuta, split elisions. */
export function foldForRequest(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ـ/g, '')
    .replace(/quelqu['’]un/g, 'quelquun')
    .replace(/aujourd['’]hui/g, 'aujourdhui')
    .replace(/['’‘`´]/g, ' ');
}

function tokens(text: string): string[] {
  const found = foldForRequest(text).match(
    /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*|[.,;:!?¿¡()"«»…؟،؛\n]/gu,
  );
  const out: string[] = [];
  for (const token of found ?? []) {
    const parts = token.split('-');
    // "mettez-moi", "puis-je", "y a-t-il": a verb and its pronouns; anything else is one word.
    if (parts.length > 1 && parts.slice(1).every((p) => CLITIC.test(p))) out.push(...parts);
    else out.push(token);
  }
  return out;
}

function clausesOf(text: string, words: PersonWords): Clause[] {
  const clauses: Clause[] = [];
  let current: string[] = [];
  let opensAsQuestion = false;
  const close = (question: boolean) => {
    if (current.length > 0) clauses.push({ words: current, question: question || opensAsQuestion });
    current = [];
    opensAsQuestion = false;
  };
  for (const token of tokens(text)) {
    if (PUNCT.test(token)) {
      if (token === '¿') {
        close(false);
        opensAsQuestion = true;
      } else close(token === '?' || token === '؟');
    } else if (words.breaks.test(token)) close(false);
    else current.push(token);
  }
  close(false);
  return clauses;
}

/** The longest phrase of `phrases` starting at `i`: its length and itself. */
function phraseAt(
  words: readonly string[],
  i: number,
  phrases: readonly Phrase[],
): { length: number; phrase: Phrase } | null {
  let best: { length: number; phrase: Phrase } | null = null;
  for (const phrase of phrases) {
    const n = phrase.words.length;
    if (best && n <= best.length) continue;
    if (phrase.words.every((re, k) => i + k < words.length && re.test(words[i + k]))) {
      best = { length: n, phrase };
    }
  }
  return best;
}

const all = (words: readonly string[], from: number, to: number, re: RegExp) =>
  words.slice(from, to).every((w) => re.test(w));

/** Where a run of people (and teams, when allowed) starting at `p` ends; `p` when none. */
function peopleEnd(words: readonly string[], p: number, w: PersonWords, teams: boolean): number {
  const people = teams ? [...w.person, ...w.team] : w.person;
  let end = p;
  for (;;) {
    const found = phraseAt(words, end, people);
    if (found) end += found.length;
    // "someone from support": a person of a team is one run.
    else if (end > p && w.of.test(words[end] ?? '') && phraseAt(words, end + 1, people)) end += 1;
    else return end;
  }
}

/** The clause ends at `end`, or goes on with a tail word or a verb of reaching ("… call me"). */
const closes = (words: readonly string[], end: number, w: PersonWords) =>
  end === words.length || w.tail.test(words[end]) || phraseAt(words, end, w.reach) !== null;

/** A person (or team) after `from`, past linking words only, closing the clause. */
function personFollows(words: readonly string[], from: number, w: PersonWords): boolean {
  for (let p = from; p <= from + LINK_REACH && p <= words.length; p += 1) {
    const end = peopleEnd(words, p, w, true);
    if (end > p && closes(words, end, w)) return true;
    if (p < words.length && !w.link.test(words[p])) return false;
  }
  return false;
}

/** "connect me", "me passer", "verbinden Sie mich": the asker as the verb's object, near it. */
function objectNear(words: readonly string[], start: number, end: number, w: PersonWords): boolean {
  const near = [...words.slice(Math.max(0, start - 2), start), ...words.slice(end, end + 2)];
  return near.some((word) => w.objects.test(word));
}

/** Verb first: "(I'd like to) talk to a person", "I need a real human", "pásame con un asesor". */
function verbThenPerson(clause: Clause, w: PersonWords): boolean {
  const { words } = clause;
  for (let i = 0; i < words.length; i += 1) {
    const reach = phraseAt(words, i, w.reach);
    if (
      reach &&
      all(words, 0, i, w.lead) &&
      (!reach.phrase.object || objectNear(words, i, i + reach.length, w)) &&
      personFollows(words, i + reach.length, w)
    )
      return true;
    const want = phraseAt(words, i, w.want);
    if (
      want &&
      all(words, 0, i, w.wantLead) &&
      // "¿Necesito un asesor para …?" asks whether one is needed, not for one.
      !(clause.question && want.phrase.need) &&
      personFollows(words, i + want.length, w)
    )
      return true;
  }
  return false;
}

/**
 * Person first, verb after: "mit einem Mitarbeiter sprechen", "someone I can talk to". The
 * person is introduced by a preposition (with, mit, con …) or the asker speaks in the clause;
 * otherwise it is the subject ("can an agent talk to the customer?").
 */
function personThenVerb(clause: Clause, w: PersonWords): boolean {
  const { words } = clause;
  for (let s = 0; s < words.length; s += 1) {
    const end = peopleEnd(words, s, w, true);
    if (end === s) continue;
    let start = s;
    while (start > 0 && w.link.test(words[start - 1])) start -= 1;
    for (let s0 = start; s0 <= s; s0 += 1) {
      if (!all(words, 0, s0, w.lead) || !all(words, s0, s, w.link)) continue;
      const introduced = s0 < s && w.prepositions.test(words[s0]);
      for (let q = end; q <= end + 4 && q < words.length; q += 1) {
        const reach = phraseAt(words, q, w.reach);
        if (reach) {
          const after = q + reach.length;
          const asker = words.slice(0, q).some((word) => w.asker.test(word));
          if (
            closes(words, after, w) &&
            (introduced || asker) &&
            (!reach.phrase.object || words.slice(0, after + 2).some((x) => w.objects.test(x)))
          )
            return true;
        }
        if (!w.between.test(words[q])) break;
      }
    }
  }
  return false;
}

/**
 * "Human, please", "Un conseiller svp", "موظف من فضلك", "A real person, please, about the
 * delivery": a question that opens with a person and courtesy only, and ends there or goes on
 * to what it is about.
 */
function personAlone(clauses: readonly Clause[], w: PersonWords): boolean {
  const words = clauses.flatMap((c) => c.words);
  let i = 0;
  let people = 0;
  while (i < words.length && i <= ALONE_MAX) {
    const person = phraseAt(words, i, w.person);
    if (person) {
      people += 1;
      i += person.length;
    } else if (w.alone.test(words[i]) || w.link.test(words[i])) i += 1;
    else break;
  }
  if (people === 0 || i > ALONE_MAX) return false;
  return i === words.length || w.topic.test(words[i]);
}

function asksIn(clauses: readonly Clause[], w: PersonWords): boolean {
  return (
    clauses.some((c) => verbThenPerson(c, w) || personThenVerb(c, w)) || personAlone(clauses, w)
  );
}

/**
 * The language a question asks for a person in, or null when it does not. When the words of
 * several languages make a request ("Agent!"), `prior` (the asker's language) decides, then the
 * order en, es, fr, de, ar.
 */
export function personRequest(question: string, prior?: string): Language | null {
  const asked: Language[] = [];
  for (const [language, words] of Object.entries(PERSON_WORDS) as [Language, PersonWords][]) {
    if (asksIn(clausesOf(question, words), words)) asked.push(language);
  }
  if (asked.length === 0) return null;
  return asked.find((l) => l === prior) ?? asked[0];
}

export const asksForPerson = (question: string): boolean => personRequest(question) !== null;
