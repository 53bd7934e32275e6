/**
 * Two questions in one sentence: "What is the default port of the X200 and how do I change
 * it?", "Wo liegt die Logdatei, und wie lange wird sie aufbewahrt?", "¿Cuánto dura la garantía
 * y qué países cubre?". One search for both finds neither, so each is asked on its own. The
 * second often leaves out what the first named ("how do I change it?"); it then carries the
 * first's names and its last plain word ("X200 port"), which is where a question names its
 * subject.
 *
 * A sentence is split only where a joining word ("and", "or", "also", "et", "und", "y", "و")
 * is followed by a question word and both halves say something: "Which is faster, ext4 or
 * XFS?" and "How and when …" stay whole.
 */
import { fold } from '../../services/mail/folding';
import { ASKING, ASKING_ES, POINTS_BACK } from '../../services/mail/mail-phrases';
import type { MailQuestion } from '../../services/mail/mail-questions';
import { analyseWords } from '../../services/text/analysis/analyse';
import { isStopWord } from '../../services/text/terms';
import { namesIn, withoutCircumstances } from './asker-circumstances';

/** A joining word between two questions, written against folded text. */
const JOIN =
  /(?:\s*[,;]\s*|\s+)(?:and also|and|or|also|plus|et|ou|und|oder|sowie|y|o|e|u|ademas|tambien|او)\s+|\s*;\s+|\s+و(?=\p{L})/gu;

const MIN_WORDS = 3;

/** The question after a lead-in that ends with a colon. */
const LEAD_IN = /^[^:?¿؟]{3,80}:\s+(\S.*)$/su;

/** Subject pronouns standing for what the first question named ("wie lange wird sie …"). */
const SUBJECT_PRONOUN = /(?<![\p{L}])(?:il|elle|ils|elles|er|sie)(?![\p{L}])/u;

const plainWords = (text: string, language: string) =>
  analyseWords(text, language)
    .filter((w) => w.terms.length > 0 && !isStopWord(w.word.toLowerCase(), language))
    .map((w) => w.word);

/**
 * Openings of a question that the mail's question words (mail-phrases.ts) leave to the question
 * mark, but that start a second question after "and": a yes/no question ("and can CREATE INDEX
 * run …", "und kann ich …"), or a question word after a preposition ("à quoi", "d'où", "y a qué
 * grupo"). Written against folded text.
 */
const YES_NO_EN =
  /^(?:is|are|was|were|can|could|does|do|did|will|would|should|has|have|may|must|shall)\s+(?:i|we|you|it|they|he|she|one|the|a|an|my|our|your|this|that|these|those|there|any|all)(?![\p{L}\p{N}])/u;
/** A yes/no question naming its subject ("are MIME type globs …", "does VACUUM FULL …"). */
const YES_NO_NAMED =
  /^(?:is|are|was|were|can|could|does|do|did|will|would|should|has|have|may|must|shall)\s+(?=\p{Lu}|\S*\p{N})/u;
const VERB_FIRST_DE =
  /^(?:kann|konnen|muss|mussen|ist|sind|hat|haben|wird|werden|gibt|darf|durfen|soll|sollte|sollten|lasst|lassen)\s+\p{L}/u;
const AFTER_PREPOSITION =
  /^(?:qui|que|quoi|d'ou|par ou|(?:a|de|pour|dans|en|avec|sur|par) (?:quoi|qui|quel(?:le)?s?)|(?:a|de|en|con|para|por|desde|hasta|sobre) (?:que|quien(?:es)?|cual(?:es)?|cuant[oa]s?|donde))(?![\p{L}\p{N}])/u;

export function asksAfresh(text: string): boolean {
  const trimmed = text.trimStart();
  const f = fold(trimmed).text;
  if (ASKING.test(f) || ASKING_ES.test(trimmed.toLowerCase())) return true;
  return (
    YES_NO_EN.test(f) ||
    YES_NO_NAMED.test(trimmed.replace(/^\S+/, (w) => w.toLowerCase())) ||
    VERB_FIRST_DE.test(f) ||
    AFTER_PREPOSITION.test(f)
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The sentence's questions, split where a second one starts. */
function split(question: string, language: string): MailQuestion[] {
  const mark = /[?؟]\s*$/u.exec(question)?.[0].trim() ?? '';
  const body = question.replace(/[?؟]\s*$/u, '');
  const folded = fold(body);
  for (const m of folded.text.matchAll(JOIN)) {
    const first = body.slice(0, folded.origin[m.index]).trim();
    const second = body.slice(folded.origin[m.index + m[0].length]).trim();
    // A Spanish question says where it starts: "¿Distingue Debian … y a qué grupo …?"; a
    // lead-in may name the subject first ("notre cafetière Aquaflow 300 : combien …").
    const opening = LEAD_IN.exec(first)?.[1] ?? first;
    if (!asksAfresh(second) || !(first.startsWith('¿') || asksAfresh(opening))) continue;
    if (first.split(/\s+/).length < MIN_WORDS || second.split(/\s+/).length < 2) continue;
    if (plainWords(first, language).length === 0) continue;
    const [next, ...rest] = split(`${capitalise(second)}${mark}`, language);
    const asked = `${first}${mark}`;
    return [
      { asked, question: asked },
      { asked: next.asked, question: carried(next.question, first, language) },
      ...rest,
    ];
  }
  return [{ asked: question, question }];
}

/**
 * A second question that leaves out its subject (one plain word and no name, or pointing back),
 * with the first's names and head word.
 */
function carried(second: string, first: string, language: string): string {
  const own = plainWords(second, language);
  const named = namesIn(second, language).length > 0;
  const pointing = POINTS_BACK.test(fold(second).text) || SUBJECT_PRONOUN.test(fold(second).text);
  if ((own.length >= 2 || named) && !pointing) return second;
  // What the first says of the asker ("if we don't set one") is not its subject.
  const subject = withoutCircumstances(first, language).question;
  const names = namesIn(subject, language);
  const plain = plainWords(subject, language).filter((w) => !names.includes(w));
  const head = plain.length > 0 ? [plain[plain.length - 1]] : [];
  const extra = [...names, ...head].filter((w) => !second.toLowerCase().includes(w.toLowerCase()));
  return [second, ...extra].join(' ');
}

/** Each question of a mail, a sentence asking two split into two (at most `max` in all). */
export function splitCompound(
  questions: readonly MailQuestion[],
  language: string,
  max: number,
): MailQuestion[] {
  return questions
    .flatMap((q) => {
      const parts = split(q.question, language);
      // Quoted above its answer: the customer's sentence, or each part of it once split.
      return parts.length === 1 ? [q] : parts;
    })
    .slice(0, max);
}
