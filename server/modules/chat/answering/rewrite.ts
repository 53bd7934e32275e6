/**
 * v2 (POST /chat/stuff-v2): a follow-up becomes a standalone question before retrieval, so
 * "And for the X300?" after "What is the warranty period of the X200 printer?" searches for
 * "What is the warranty period of the X300 printer?", and "How much does it weigh?" searches
 * for the printer just asked about instead of every product that has a weight.
 *
 * The built-in rewrite is a heuristic over the previous (standalone) question:
 * 1. A complete question (two or more content words, no pointing word, no "and …"/"what
 *    about …" opening) stays as it is.
 * 2. Entity swap: the follow-up names only new identifiers -> the previous question with its
 *    identifier replaced.
 * 3. Pronouns (it, its, they, this, …) -> replaced by the previous question's subject (its
 *    identifiers and the word after them, else its content words).
 * 4. Other ellipsis ("What about the price?") -> the follow-up's words "of the <subject>".
 * With an LLM the model rewrites (see llm-engine.ts); this heuristic is its fallback.
 */
import {
  PRONOUNS,
  contentTerms,
  identifiers,
  isStopWord,
  words,
} from '../../../services/text/terms';

const LEAD =
  /^\s*(?:and\s+also|and\s+what\s+about|and\s+how\s+about|what\s+about|how\s+about|what\s+of|same\s+for|and\s+for|and|also|or|but)\b[\s,]*/i;
const POSSESSIVE = new Set(['its', 'their', 'theirs', 'his', 'her']);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function asQuestion(text: string): string {
  const t = text.trim().replace(/[?.!\s]+$/, '');
  return `${capitalise(t)}?`;
}

/**
 * What the previous question was about: its identifiers ("X200", or "X200 printer" when a noun
 * follows as in "of the X200 printer"), else up to three of its content words.
 */
function subjectOf(previous: string): string {
  const plain = previous.replace(/['’]s\b/g, '');
  const ids = identifiers(plain);
  if (ids.length > 0) {
    const tokens: string[] = plain.match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [];
    // "Does the X200 weigh …": after an auxiliary the word after the name is the verb.
    const verbFollows = /\b(?:does|do|did|can|could|will|would|should)\b/i.test(plain);
    return ids
      .map((id) => {
        const next = tokens[tokens.indexOf(id) + 1];
        const nounFollows =
          !verbFollows &&
          next !== undefined &&
          !isStopWord(next.toLowerCase()) &&
          !ids.includes(next) &&
          /^\p{Ll}/u.test(next);
        return nounFollows ? `${id} ${next}` : id;
      })
      .join(' and ');
  }
  return (plain.match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [])
    .filter((w) => !isStopWord(w.toLowerCase()) && !PRONOUNS.has(w.toLowerCase()))
    .slice(0, 3)
    .join(' ');
}

export function standaloneQuestion(followUp: string, previous: string | null): string {
  const text = followUp.trim();
  if (!previous || !previous.trim()) return text;
  const lead = LEAD.test(text);
  const stripped = text.replace(LEAD, '');
  const ownWords = words(stripped);
  const pronoun = ownWords.find((w) => PRONOUNS.has(w));
  const terms = contentTerms(stripped);
  if (!lead && !pronoun && terms.length >= 2) return text;

  const newIds = identifiers(` ${stripped}`).filter((id) => !previous.includes(id));
  const idTerms = new Set(newIds.flatMap((id) => contentTerms(id)));
  const otherTerms = terms.filter((t) => !idTerms.has(t));
  const oldIds = identifiers(previous);

  const previousTerms = new Set(contentTerms(previous));
  const nothingNew = otherTerms.every((t) => previousTerms.has(t));
  if (newIds.length > 0 && nothingNew && oldIds.length > 0) {
    const swapped = previous.replace(oldIds[0], newIds.join(' and '));
    return oldIds.slice(1).reduce((q, id) => q.replace(id, '').replace(/\s{2,}/g, ' '), swapped);
  }
  if (newIds.length > 0 && nothingNew) return asQuestion(`${previous} ${newIds.join(' ')}`);

  const subject = subjectOf(previous);
  if (!subject) return text;
  if (pronoun) {
    const re = new RegExp(`\\b${pronoun}\\b`, 'i');
    const replacement = POSSESSIVE.has(pronoun) ? `the ${subject}'s` : `the ${subject}`;
    return asQuestion(stripped.replace(re, replacement));
  }
  const phrase = stripped.replace(/[?.!\s]+$/, '');
  const body = phrase.replace(/^(?:the|a|an)\s+/i, '');
  if (!body) return asQuestion(previous);
  const opener = /^(what|how|when|where|who|which|why|is|are|does|do|can)\b/i.test(body)
    ? ''
    : /^\s*(?:and\s+)?(?:what|how)\s+about\b/i.test(text)
      ? 'What about '
      : 'What is the ';
  const asked = opener === 'What about ' ? `${opener}${phrase}` : `${opener}${body}`;
  // Names read well after "of the"; other carried words are added as they are.
  return identifiers(previous).length > 0
    ? asQuestion(`${asked} of the ${subject}`)
    : asQuestion(`${asked} (${subject})`);
}
