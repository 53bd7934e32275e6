/**
 * What a customer says of their own situation at the end of a question: "What is the default
 * value for max_connections if we don't set one?", "…, as our auditors need it", "… si nous ne
 * la changeons pas", "… wenn wir nichts einstellen". Those words describe the asker, not what
 * a document says; as terms of the question they make the answering passage look incomplete,
 * so the question is asked without them, as its short form. What the clause names (a product, a code) stays with
 * the question, and its plain words become context, used only when the question finds nothing
 * without them (question-context.ts).
 *
 * Only a clause at the end that speaks in the first person ("we", "our", "nous", "unser",
 * "nuestro", the Arabic "نا") goes: a reason ("because we plan an upgrade") always, a condition
 * only when it says little (at most one plain content word); a condition that is the point of
 * the question ("What happens to our rights if we modify the software in a way the license does
 * not allow?") says more and stays. The question keeps at least two content words.
 */
import { analyseWords } from '../../services/text/analysis/analyse';
import { identifiers, isStopWord } from '../../services/text/terms';
import { fold } from '../../services/mail/folding';

/**
 * Where a clause about the asker may start: a conjunction before a first-person word. A place
 * ("on our PostgreSQL server") stays: its noun is often the documents' own word.
 */
const CONDITIONS = [
  '(?:if|when|whenever|unless|once|in case|as long as) (?=(?:we|i|our|my|us)\\b)',
  "(?:si|s'|quand|lorsque|lorsqu'|au cas ou) ?(?=(?:nous|on|je|j'|notre|nos|mon|ma|mes)\\b)",
  '(?:wenn|falls|sofern|solange) (?=(?:wir|ich|unser\\w*|mein\\w*)\\b)',
  '(?:si|cuando|en caso de que) (?=(?:no )?(?:nosotros|yo|nuestr[oa]s?|mis?|\\w+(?:amos|emos|imos))\\b)',
  '(?:اذا|عندما|لو|في حال)\\s',
];

/** A reason or purpose the asker gives ("because we plan an upgrade"): never what is asked. */
const REASONS = [
  '(?:because|since|as|so that) (?=(?:we|i|our|my|us)\\b)',
  "(?:parce que|parce qu'|car|puisque|afin que) ?(?=(?:nous|on|je|j'|notre|nos|mon|ma|mes)\\b)",
  '(?:weil|da|damit|denn) (?=(?:wir|ich|unser\\w*|mein\\w*)\\b)',
  '(?:porque|ya que|para que|pues) (?=(?:no )?(?:nosotros|yo|nuestr[oa]s?|mis?|\\w+(?:amos|emos|imos))\\b)',
  '(?:لان|حيث ان|كي)(?:نا|ني)?\\s',
];

const clauses = (openers: string[]) => `(?<![\\p{L}\\p{N}'])(?:${openers.join('|')})`;
const OPENER = new RegExp(`(${clauses(REASONS)})|${clauses(CONDITIONS)}`, 'gu');

/** First-person words of a clause, per language (folded). */
const FIRST_PERSON: Record<string, RegExp> = {
  en: /(?<![\p{L}'])(?:we|i|our|ours|us|my|me)(?![\p{L}'])/u,
  fr: /(?<![\p{L}])(?:nous|on|je|j'|notre|nos|mon|ma|mes|me|m')(?![\p{L}])/u,
  de: /(?<![\p{L}])(?:wir|ich|uns|unser\p{L}*|mein\p{L}*|mir|mich)(?![\p{L}])/u,
  // Spanish and Arabic say "we" in the verb: "cambiamos", "لم نغير".
  es: /(?<![\p{L}])(?:nosotros|yo|nuestr[oa]s?|mis?|me|nos|\p{L}+(?:amos|emos|imos))(?![\p{L}])/u,
  ar: /(?<![\p{L}])(?:نحن|انا|\p{L}+نا|(?:لم|لا|لن) ن\p{L}{2,})(?![\p{L}])/u,
};

/** Words standing for no thing in particular ("if we change nothing"). */
const INDEFINITE = new Set(
  'nothing anything something rien chose quelque nichts etwas nada algo شيء شيئا'
    .split(' ')
    .map((w) => fold(w).text),
);

/** Words that say something: not stop, framing, indefinite or first-person words. */
const contentWords = (text: string, language: string) =>
  analyseWords(text, language).filter(
    (w) =>
      w.terms.length > 0 &&
      !isStopWord(w.word.toLowerCase(), language) &&
      !INDEFINITE.has(fold(w.word).text) &&
      !FIRST_PERSON[language]?.test(fold(w.word).text),
  );

/** What a clause names: in German, where every noun is capitalised, only codes and acronyms. */
export const namesIn = (text: string, language: string) =>
  identifiers(text).filter((n) => language !== 'de' || /\p{N}|_|^\p{Lu}{2,}|\p{Ll}\p{Lu}/u.test(n));

interface WithoutCircumstances {
  question: string;
  /** The plain words taken out, for context; empty when nothing was. */
  taken: string;
}

export function withoutCircumstances(question: string, language: string): WithoutCircumstances {
  const mark = /([?؟])\s*$/u.exec(question)?.[1] ?? '';
  const body = mark ? question.replace(/[?؟]\s*$/u, '') : question;
  const folded = fold(body);
  for (const m of folded.text.matchAll(OPENER)) {
    const at = folded.origin[m.index];
    const head = body.slice(0, at).replace(/[\s,;:،]+$/u, '');
    const tail = body.slice(at);
    if (!FIRST_PERSON[language]?.test(fold(tail).text)) continue;
    const names = namesIn(tail, language);
    // The clause's words after its opener ("si" is no stop word in French).
    const said = body.slice(folded.origin[m.index + m[0].length]);
    const plain = contentWords(said, language).filter(
      (w) => !names.some((n) => n.toLowerCase() === w.word.toLowerCase()),
    );
    // A reason goes whatever it says; a condition only when it says next to nothing.
    if (!m[1] && plain.length > 1) continue;
    if (contentWords(head, language).length < 2) continue;
    const kept = names.filter((n) => !head.includes(n));
    return {
      question: `${[head, ...kept].join(' ')}${mark}`,
      taken: plain.map((w) => w.word).join(' '),
    };
  }
  return { question, taken: '' };
}
