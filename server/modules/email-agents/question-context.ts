/**
 * What a question in a mail rests on when it refers back: "Is there any way to get the license
 * back afterwards?" after a question about GPL-licensed software, "One more thing: …" in a reply
 * to "Re: bash pipelines", "Et ensuite ?". Asked alone, such a question lacks its subject; asked
 * together with everything said before, it drowns in the earlier question's words. So each
 * question is asked on its own first, and only when that finds nothing is it asked again with
 * its context: the words of the mail's subject line and of the earlier questions that it does
 * not say itself (mail-answers.ts).
 *
 * A question refers back when it points back (a pronoun, "afterwards", "in that case"), opens
 * as a continuation ("Also", "One more thing", "Par ailleurs"), or names something the subject
 * or an earlier question named ("the license" after "GPL-licensed … the license"). A question
 * on a topic of its own carries no context: another question's words would only find another
 * answer.
 */
import { analyseWords } from '../../services/text/analysis/analyse';
import { fold } from '../../services/mail/folding';
import { CONNECTOR, POINTS_BACK } from '../../services/mail/mail-phrases';
import type { MailQuestion } from '../../services/mail/mail-questions';
import type { ReplyLanguage } from './reply-draft';

export interface QuestionInContext extends MailQuestion {
  /** Words the question rests on, asked with it only when it finds nothing alone; or null. */
  context: string | null;
}

/** Context words at most: enough to name a subject, too few to ask another question. */
const MAX_CONTEXT_WORDS = 6;

/** Words that point back in time or to a case named before, in the console's languages. */
const BACK_WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[
    'afterwards?',
    'after that',
    'then',
    'in that case',
    'in this case',
    'instead',
    'again',
    'there',
    'the same',
    'ensuite',
    'apres (?:cela|ca)',
    'dans ce cas',
    'a nouveau',
    'de nouveau',
    'la-bas',
    'danach',
    'dann',
    'anschliessend',
    'in diesem fall',
    'wieder',
    'dort',
    'despues',
    'luego',
    'en ese caso',
    'en este caso',
    'de nuevo',
    'alli',
    'بعد ذلك',
    'ثم',
    'في هذه الحاله',
    'مره اخري',
    'هناك',
  ].join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);

/**
 * Subject-line words that say a mail asks, not what about ("Quick question", "Demande d'aide",
 * "Anfrage", "Consulta urgente"): as context they would only find documents using them.
 */
const GENERIC = new Set(
  (
    'question questions quick query inquiry enquiry help request urgent support info ' +
    'information issue demande aide renseignement renseignements urgent frage fragen anfrage ' +
    'hilfe dringend pregunta preguntas consulta duda dudas ayuda urgente solicitud سؤال ' +
    'استفسار مساعده طلب عاجل'
  ).split(' '),
);

/** A lead-in before a colon that names the topic ("Nos serveurs Debian : est-il …"). */
const LEAD_IN = /^([^:?¿؟]{3,80}):\s+(\S.*)$/su;

interface Word {
  word: string;
  terms: string[];
}

const wordsOf = (text: string, language: string): Word[] =>
  analyseWords(text, language)
    .filter((w) => w.terms.length > 0)
    .map((w) => ({ word: w.word, terms: w.whole ? [w.whole, ...w.terms] : w.terms }));

/** Whether a question points back to something named before it ("it", "afterwards"). */
export function pointsBack(question: string): boolean {
  const folded = fold(question).text;
  return POINTS_BACK.test(folded) || BACK_WORDS.test(folded);
}

function refersBack(question: MailQuestion, own: Set<string>, before: Word[]): boolean {
  if (pointsBack(question.question)) return true;
  const opening = fold(question.asked).text.replace(/^[¿\s]+/u, '');
  if (CONNECTOR.test(opening)) return true;
  return before.some((w) => w.terms.some((t) => own.has(t)));
}

/**
 * Each question with its context (see above). `subject`: the mail's subject line without its
 * reply and forward prefixes; `taken`: words taken out of the question itself
 * (asker-circumstances.ts).
 */
export function inContext(
  questions: readonly (MailQuestion & { taken?: string })[],
  subject: string,
  language: ReplyLanguage,
): QuestionInContext[] {
  return questions.map(({ taken, ...question }, i) => {
    const lead = LEAD_IN.exec(question.question);
    const ownWords = wordsOf(lead ? lead[2] : question.question, language);
    const own = new Set(ownWords.flatMap((w) => w.terms));
    // Nearest first: the question just before says most about what "it" is.
    const earlier = questions
      .slice(0, i)
      .reverse()
      .flatMap((q) => wordsOf(q.question, language));
    // The question's own words set aside (a lead-in, the asker's circumstances) come first.
    const topic = [...(lead ? wordsOf(lead[1], language) : []), ...wordsOf(taken ?? '', language)];
    const fromSubject = wordsOf(subject, language).filter((w) => !GENERIC.has(fold(w.word).text));
    const said = [...earlier, ...fromSubject];
    const candidates = refersBack(question, own, said) ? [...topic, ...said] : topic;
    const seen = new Set(own);
    const picked: string[] = [];
    for (const w of candidates) {
      if (picked.length >= MAX_CONTEXT_WORDS) break;
      if (w.terms.every((t) => seen.has(t))) continue;
      for (const t of w.terms) seen.add(t);
      picked.push(w.word);
    }
    return { ...question, context: picked.length > 0 ? picked.join(' ') : null };
  });
}
