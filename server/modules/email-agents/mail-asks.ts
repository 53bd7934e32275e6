/**
 * What a customer's mail asks, as the e-mail agent asks it: each question on its own
 * (services/mail/mail-questions.ts reads greeting, sign-off, signature, quoted thread and polite
 * framing away), without what the customer says of their own situation
 * (asker-circumstances.ts), with what it rests on (question-context.ts), and the language to
 * answer in. Used by the drafter and by the quality bench.
 */
import type { EmailMessageRow } from '../../db/schema';
import { readMail, type MailQuestion } from '../../services/mail/mail-questions';
import { analyseWords } from '../../services/text/analysis/analyse';
import { identifiers } from '../../services/text/terms';
import { namesIn, withoutCircumstances } from './asker-circumstances';
import { asksAfresh, splitCompound } from './compound-questions';
import { inContext, pointsBack, type QuestionInContext } from './question-context';
import { replyLanguage, type ReplyLanguage } from './reply-draft';

/** Questions answered at most for one mail, as services/mail/mail-questions.ts reads them. */
const MAX_QUESTIONS = 6;

/** A subject's reply and forward prefixes, in the mail clients' languages. */
const SUBJECT_PREFIXES = /^\s*((re|fwd?|aw|wg|tr|rv|rif|sv|vs|رد|توجيه)\s*:\s*)+/iu;

/**
 * What a mail asks, each question on its own with what it rests on (question-context.ts), and
 * the language to answer in. The subject is searched with a lone question only when the body
 * says too little: a question of no content word of its own, or one pointing back ("How do I
 * clean it?" under "X200 pump"). Otherwise it is context, used when the question finds nothing
 * alone: a subject such as "Question 12" or "Order 4711" would only add noise to the search.
 */
export function questionsOf(
  message: Pick<EmailMessageRow, 'subject' | 'text_body' | 'from_name'>,
): {
  questions: QuestionInContext[];
  language: ReplyLanguage;
} {
  const read = readMail(message.text_body, { sender: message.from_name });
  const subject = message.subject.replace(SUBJECT_PREFIXES, '').trim();
  const language = replyLanguage(read.own || subject);
  const fromBody = splitCompound(read.questions, language, MAX_QUESTIONS);
  // A new mail may ask in its subject line what the body does not ("How do I reset the
  // X200?" above "Also, where is the serial number?"); a reply's subject is the old question.
  const own = !SUBJECT_PREFIXES.test(message.subject) && asksOnItsOwn(subject, fromBody, language);
  const asked = own ? [{ asked: subject, question: subject }, ...fromBody] : fromBody;
  const short = asked.slice(0, MAX_QUESTIONS).map((q) => {
    const { question, taken } = withoutCircumstances(q.question, language);
    return { ...q, question, taken };
  });
  const [first] = short;
  if (!first)
    return {
      questions: subject ? [{ asked: subject, question: subject, context: null }] : [],
      language,
    };
  if (short.length === 1 && subject && saysTooLittle(first.question, language))
    return {
      questions: [{ asked: first.asked, question: `${subject}\n${first.question}`, context: null }],
      language,
    };
  return { questions: inContext(short, subject, language), language };
}

/** A subject line that is a question of its own, which none of the body's questions asks. */
function asksOnItsOwn(
  subject: string,
  body: readonly MailQuestion[],
  language: ReplyLanguage,
): boolean {
  if (body.length === 0 || !(/[?؟]$/u.test(subject) || asksAfresh(subject))) return false;
  // What it asks about, not the product both name ("Orion 5 gateway"), unless that is all.
  const terms = (text: string, plain: boolean) => {
    const names = new Set(namesIn(text, language).map((n) => n.toLowerCase()));
    return analyseWords(text, language).flatMap((w) =>
      w.terms.length > 0 && !(plain && names.has(w.word.toLowerCase())) ? w.terms : [],
    );
  };
  const plain = terms(subject, true).length > 0;
  const own = new Set(terms(subject, plain));
  // "Help?" or "Urgent?" asks nothing; "What is Cachegrind?" names what it asks about.
  if (own.size < 2 && namesIn(subject, language).length === 0) return false;
  // Asked again in the body, in other words: half its terms or more in one question.
  return !body.some((q) => {
    const said = new Set(terms(q.question, plain));
    return [...own].filter((t) => said.has(t)).length * 2 >= own.size;
  });
}

/**
 * A question with no content word of its own, one word that names nothing ("What's the
 * default?"), or a short one pointing back. "What is Cachegrind?" names what it asks about.
 */
function saysTooLittle(question: string, language: ReplyLanguage): boolean {
  const terms = analyseWords(question, language).filter((w) => w.terms.length > 0);
  if (terms.length === 0) return true;
  if (terms.length === 1 && identifiers(question).length === 0) return true;
  return terms.length < 3 && pointsBack(question);
}
