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
  /^(?:(?:section|chapter|part)\s+\d+[a-z]?[:.)]?|\d+(?:\.\d+)+\.?|\d+\.|[A-Z]\.|[IVX]+\.)\s+\S/i;
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
  // A closing bracket without its opening one: the end of a wrapped line, not a title.
  if ((text.match(/\)/g) ?? []).length > (text.match(/\(/g) ?? []).length) return false;
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

/** A numbered section heading ("2. Sea Freight", "4.1 Customs"): it ends any open paragraph. */
function isNumberedHeading(line: string): boolean {
  return /^\d+(?:\.\d+)*\.?\s+\p{Lu}/u.test(line) && !isStep(line) && isHeading(line);
}

/**
 * Whether a pdf line goes on with the passage before it: a pdf breaks paragraphs at the page
 * width and its extractor may set blank lines between any two lines, so a sentence that has not
 * ended (no closing punctuation) goes on, as does a line starting in lower case; a step, a
 * numbered heading or a new step never does.
 */
function continues(current: Omit<Passage, 'id'> | null, line: string): boolean {
  if (!current || isStep(line) || isNumberedHeading(line)) return false;
  if (/^\p{Ll}/u.test(line)) return true;
  return !current.step && !/[.!?:;]["'”’)]*$/.test(current.text);
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
    for (const raw of part.text.split('\n')) {
      const line = raw.trim();
      if (!line) {
        // A docx's blank line ends its paragraph; a pdf's says little (see continues).
        if (part.hardLines) flush();
        continue;
      }
      if (!part.hardLines && continues(current, line)) {
        current!.text += ` ${line}`;
        continue;
      }
      if (!part.heading && isHeading(line)) {
        flush();
        section = line;
        continue;
      }
      flush();
      current = { section, page: part.page, text: line, step: isStep(line) };
    }
    // A passage keeps the page it starts on; a new page starts a new one.
    flush();
  }
  flush();
  return passages;
}
