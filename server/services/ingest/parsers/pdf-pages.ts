/**
 * Whole-document clean-up of a PDF's page texts (lines as pdf.js laid them out):
 * - running heads and footers go: a line at the top or bottom of at least three pages that is
 *   the same on each but for its numbers (a title, "Page 4 of 90", "xii"), or one that shows
 *   the page's printed number, found as an offset from the file's page numbers that many pages
 *   share ("Chapter 2: Syntax 3" on page 6, "Chapter 3: Utilities 6" on page 9);
 * - a word hyphenated at a line end is joined where the joined word is a word (it occurs
 *   unbroken elsewhere in the document, or in the system dictionary when there is one);
 *   otherwise it keeps its hyphen and stays one token ("built-in", "x86-64").
 */
import { existsSync, readFileSync } from 'node:fs';

/** Lines at each end of a page that may be a running head or footer. */
const EDGE_LINES = 2;
/** Pages a line must head or foot to count as running. */
const MIN_RUNNING_PAGES = 3;
/** Longer lines are body text, even when they repeat. */
const MAX_RUNNING_LENGTH = 120;
const SYSTEM_DICTIONARY = '/usr/share/dict/words';

const ROMAN = /^[ivxlcdm]+$/i;

/** A line with its numbers (and a page number in roman numerals) made alike. */
function runningKey(line: string): string {
  const flat = line.replace(/\s+/g, ' ').trim().toLowerCase();
  if (ROMAN.test(flat)) return '#';
  return flat.replace(/\d+/g, '#');
}

/** The first and last text lines of a page (blank lines skipped); at most a third at each end. */
function edgeIndexes(lines: string[]): number[] {
  const text = lines.flatMap((line, i) => (line.trim() ? [i] : []));
  const count = Math.min(EDGE_LINES, Math.floor(text.length / 3));
  return [...new Set([...text.slice(0, count), ...text.slice(text.length - count)])];
}

/**
 * The number a line ends with ("Chapter 2: Syntax 3", "- 12 -"): where running heads and
 * footers put the page number. A number that starts a line is a heading's ("2 Syntax").
 */
function numbersIn(line: string): number[] {
  const match = /(?<![\p{L}\p{N}.])(\d{1,4})[\s\-–—|)\].]*$/u.exec(line.trim());
  return match ? [Number(match[1])] : [];
}

/**
 * Page-number offsets (pdf page minus printed number) that at least MIN_RUNNING_PAGES pages
 * and a tenth of all show in an edge line: "Chapter 2: Syntax 3" on pdf page 6 gives 3.
 */
function pageNumberOffsets(pages: string[][], numbers: readonly number[]): Set<number> {
  const pagesWith = new Map<number, number>();
  pages.forEach((lines, i) => {
    const offsets = new Set(
      edgeIndexes(lines).flatMap((e) => numbersIn(lines[e]).map((n) => numbers[i] - n)),
    );
    for (const offset of offsets) pagesWith.set(offset, (pagesWith.get(offset) ?? 0) + 1);
  });
  const needed = Math.max(MIN_RUNNING_PAGES, Math.ceil(pages.length / 10));
  return new Set([...pagesWith].filter(([, count]) => count >= needed).map(([offset]) => offset));
}

function withoutRunningLines(pages: string[][], numbers: readonly number[]): string[][] {
  if (pages.length < MIN_RUNNING_PAGES) return pages;
  const pagesWith = new Map<string, number>();
  for (const lines of pages) {
    const keys = new Set(
      edgeIndexes(lines)
        .map((i) => lines[i])
        .filter((l) => l.length <= MAX_RUNNING_LENGTH)
        .map(runningKey),
    );
    for (const key of keys) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const offsets = pageNumberOffsets(pages, numbers);
  const running = (line: string, page: number) =>
    line.length <= MAX_RUNNING_LENGTH &&
    ((pagesWith.get(runningKey(line)) ?? 0) >= MIN_RUNNING_PAGES ||
      numbersIn(line).some((n) => offsets.has(page - n)));
  return pages.map((lines, p) => {
    const edges = new Set(edgeIndexes(lines));
    return lines.filter((line, i) => !(edges.has(i) && running(line, numbers[p])));
  });
}

let dictionary: Set<string> | null | undefined;
function systemDictionary(): Set<string> | null {
  if (dictionary === undefined)
    dictionary = existsSync(SYSTEM_DICTIONARY)
      ? new Set(readFileSync(SYSTEM_DICTIONARY, 'utf8').toLowerCase().split('\n'))
      : null;
  return dictionary;
}

const WORD = /[\p{L}][\p{L}'’-]*/gu;

function vocabularyOf(pages: string[][]): Set<string> {
  const words = new Set<string>();
  for (const lines of pages)
    for (const line of lines)
      for (const match of line.matchAll(WORD)) words.add(match[0].toLowerCase());
  return words;
}

const BROKEN_END = /([\p{L}\p{N}]+)-$/u;
const CONTINUATION = /^(\p{Ll}+)/u;

function joinHyphenated(pages: string[][]): string[][] {
  const vocabulary = vocabularyOf(pages);
  const isWord = (w: string) => vocabulary.has(w) || (systemDictionary()?.has(w) ?? false);
  return pages.map((lines) => {
    const out: string[] = [];
    for (const line of lines) {
      // pdf.js may leave blank lines between the lines of a paragraph: look past them.
      let last = out.length - 1;
      while (last >= 0 && !out[last].trim()) last -= 1;
      const broken = last >= 0 ? BROKEN_END.exec(out[last]) : null;
      const next = CONTINUATION.exec(line.trimStart());
      if (!broken || !next) {
        out.push(line);
        continue;
      }
      const previous = out[last];
      out.length = last + 1;
      const joined = `${broken[1]}${next[1]}`.toLowerCase();
      // A word: drop the hyphen. Otherwise keep it, without the line break, as one token.
      out[last] = isWord(joined)
        ? `${previous.slice(0, -1)}${line.trimStart()}`
        : `${previous}${line.trimStart()}`;
    }
    return out;
  });
}

/**
 * The page texts without running heads and footers, with line-end hyphenation resolved.
 * `numbers` are the pages' numbers in the file (1-based), one per text.
 */
export function cleanPdfPages(pages: readonly string[], numbers: readonly number[]): string[] {
  const lines = pages.map((text) => text.split('\n'));
  return joinHyphenated(withoutRunningLines(lines, numbers)).map((l) => l.join('\n').trim());
}
