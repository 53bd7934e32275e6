/**
 * The built-in requirement extractor: every sentence of an SOP that states a duty
 * ("must", "shall", "ensure", "verify", …) and every numbered or bulleted step is one
 * requirement, under the SOP's own heading, with its page and the modes and countries it
 * applies to. Pure and deterministic: the same text gives the same requirements.
 */
import { splitSentences } from '../text/sentences';
import { scopeOf } from './applicability';
import { passagesOf, REQUIREMENT_CUE } from './passages';
import type { Passage, Requirement, SopSection } from './types';

/** Longer sentences are kept whole up to this many characters, then cut at a word. */
const MAX_ITEM_CHARS = 600;

function clip(text: string): string {
  if (text.length <= MAX_ITEM_CHARS) return text;
  const cut = text.slice(0, MAX_ITEM_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(' '))} …`;
}

function requirementsOfPassage(passage: Passage): Requirement[] {
  const sentences = passage.step ? [passage.text] : splitSentences(passage.text);
  return sentences
    .filter((s) => passage.step || REQUIREMENT_CUE.test(s))
    .filter((s) => /\p{L}{2}/u.test(s))
    .map((sentence) => ({
      section: passage.section,
      text: clip(sentence),
      page: passage.page,
      source: sentence,
      ...scopeOf(passage.section, sentence),
    }));
}

export function extractRequirements(
  sections: readonly SopSection[],
  title: string,
): { passages: Passage[]; requirements: Requirement[] } {
  const passages = passagesOf(sections, title);
  return { passages, requirements: passages.flatMap(requirementsOfPassage) };
}
