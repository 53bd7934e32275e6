/**
 * v3 (POST /chat/stuff-v3): a compound question is split into parts, each retrieved and
 * answered on its own, and the answers are composed into one with a section per part.
 *
 * Where it splits: after '?' and ';', at sentence ends, and at "and" / "also" / "as well as" /
 * "plus" when a new question starts there ("… and how much does the X300 weigh?"). "The X200
 * and the X300" is not split: nothing question-like follows the "and". A part that points back
 * ("how long is its warranty?") is made standalone from the part before it (rewrite.ts).
 */
import { standaloneQuestion } from './rewrite';
import { PRONOUNS, identifiers, keyTerms, words } from '../../../services/text/terms';

const MAX_PARTS = 5;
const QUESTION_START =
  '(?:what|how|when|where|who|whom|which|why|is|are|was|were|does|do|did|can|could|should|will|would|tell|list|give|explain|describe|name|show)\\b';
const JOINER = new RegExp(
  `\\s*,?\\s+(?:and\\s+also|and\\s+then|as\\s+well\\s+as|also|plus|and)\\s+(?=${QUESTION_START})`,
  'i',
);
const LEADING = /^\s*(?:and|also|plus|then)\b[\s,]*/i;

export function splitQuestion(question: string): string[] {
  const segments = question
    .split(/(?<=[?;])\s*|(?<=[.!])\s+/)
    .flatMap((segment) => segment.split(JOINER))
    .map((part) =>
      part
        .replace(LEADING, '')
        .replace(/[;\s]+$/, '')
        .trim(),
    )
    .filter((part) => keyTerms(part).length > 0);
  if (segments.length <= 1) return [question.trim()];

  const parts: string[] = [];
  for (const segment of segments.slice(0, MAX_PARTS)) {
    const text = segment.charAt(0).toUpperCase() + segment.slice(1);
    const asked = /[?]$/.test(text) || new RegExp(`^${QUESTION_START}`, 'i').test(text);
    const part = asked && !text.endsWith('?') ? `${text.replace(/[.!]$/, '')}?` : text;
    const before = parts[parts.length - 1];
    // Only a part that points back, or names nothing while the one before names something,
    // borrows from it; "What is the warranty?" after "What is the price?" stays as it is.
    const pointsBack =
      words(part).some((w) => PRONOUNS.has(w)) ||
      (identifiers(` ${part}`).length === 0 &&
        before !== undefined &&
        identifiers(before).length > 0);
    parts.push(before !== undefined && pointsBack ? standaloneQuestion(part, before) : part);
  }
  return parts;
}
