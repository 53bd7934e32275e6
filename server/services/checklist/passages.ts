/**
 * An SOP's extracted text as passages under its own section headings. Headings come from the
 * docx itself, or, in a pdf, are the short lines that read like one: numbered ("2.1 Sea
 * freight", "Section 3: Customs") or short and capitalised without closing punctuation. A pdf's
 * wrapped lines are joined again; numbered and bulleted lines start a step of their own.
 */
import type { Passage, SopSection } from './types';

/** Words that make a line a requirement, so it is never taken for a heading. */
export const REQUIREMENT_CUE =
  /\b(must|shall|should|ensure[sd]?|verif(?:y|ied|ies)|check(?:ed|s)?|confirm(?:ed|s)?|required?|mandatory|needs? to|ha(?:ve|s) to|make sure|do not|never|always|obtain|submit|record|inspect|notify|attach|complete)\b/i;

const NUMBERED_HEADING =
  /^(?:(?:section|chapter|part)\s+\d+[a-z]?[:.)]?|\d+(?:\.\d+)*\.?|[A-Z]\.|[IVX]+\.)\s+\S/i;
const STEP = /^(?:\(?\d{1,3}[.)]|\(?[a-z][.)]|[-•*–▪]|step\s+\d+[:.)]?)\s+/i;
/** A dotted number at the start that is a section number (2.1) rather than a step (2.). */
const SECTION_NUMBER = /^\d+\.\d+(?:\.\d+)*\.?\s/;

function words(line: string): number {
  return line.split(/\s+/).filter(Boolean).length;
}

export function isHeading(line: string): boolean {
  const text = line.trim();
  if (!text || text.length > 90 || REQUIREMENT_CUE.test(text)) return false;
  if (/[.;,!?]$/.test(text)) return false;
  if (NUMBERED_HEADING.test(text)) return words(text) <= 10;
  if (words(text) > 8) return false;
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 3) return false;
  if (letters === letters.toUpperCase()) return true;
  const capitalised = text.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w)).length;
  return /^\p{Lu}/u.test(text) && capitalised / words(text) >= 0.5;
}

function isStep(line: string): boolean {
  return STEP.test(line.trim()) && !SECTION_NUMBER.test(line.trim());
}

export function passagesOf(sections: readonly SopSection[], fallbackTitle: string): Passage[] {
  const passages: Passage[] = [];
  let section = fallbackTitle;
  let current: Omit<Passage, 'id'> | null = null;
  const flush = () => {
    if (current && current.text.trim())
      passages.push({
        ...current,
        id: `p${passages.length + 1}`,
        text: current.text.replace(/\s+/g, ' ').trim(),
      });
    current = null;
  };
  for (const part of sections) {
    if (part.heading && part.heading !== section) {
      flush();
      section = part.heading;
    }
    for (const block of part.text.split(/\n\s*\n/)) {
      for (const raw of block.split('\n')) {
        const line = raw.trim();
        if (!line) continue;
        if (!part.heading && isHeading(line)) {
          flush();
          section = line;
          continue;
        }
        if (isStep(line) || part.hardLines || !current) {
          flush();
          current = { section, page: part.page, text: line, step: isStep(line) };
        } else current.text += ` ${line}`;
      }
      flush();
    }
  }
  flush();
  return passages;
}
