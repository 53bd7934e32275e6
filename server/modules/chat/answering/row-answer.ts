/**
 * Answers from a table's row. A question that names a row by one of its cells (its key: "the
 * 2019 row", "Lyon", "9 February 2013") and asks for another of its columns ("exports",
 * "population", "pluie") is answered by that row, quoted whole so the asked cell's value is in
 * the answer, even where the rest of the question's wording is not in the table ("How much …
 * fell", "Combien … est tombée"): a table holds its facts as cells under headers, not in the
 * words people ask with.
 *
 * It still takes what an answer takes: every distinctive term of the question (a number, a date,
 * a rare name) held by the row or its sheet's label, no name or number of the question missing
 * from them, and a fair share of the question covered. The built-in engine turns to it when no
 * sentence answers on its own.
 */
import type { Draft } from './builtin-engine';
import { coverageOf, matchedTerms, type QueryTerms } from './query-terms';
import type { Passage } from './retrieval';
import { contentTerms, stem } from '../../../services/text/terms';
import { holdsDistinctive } from './weighing';

/** Passages whose rows are read: those the engine reads for sentences. */
const ROW_PASSAGES = 6;
/** The least share of the question's weighted terms a row and its label cover. */
const MIN_ROW_COVERAGE = 1 / 3;
/** The shortest header word read as a question word cut short ("max" for "maximum"). */
const MIN_ABBREVIATION = 3;

interface RowCell {
  header: string;
  value: string;
}

/**
 * A row line's cells, as sheet-collector.ts writes a row ("city: Lyon; population: 522,250"),
 * or null for a line that is not a row of at least two cells (the "Columns: …" line, prose).
 */
export function cellsOf(line: string): RowCell[] | null {
  const cells: RowCell[] = [];
  for (const part of line.split(/; (?=[^;:]{1,200}: )/)) {
    const at = part.indexOf(': ');
    if (at <= 0) return null;
    cells.push({ header: part.slice(0, at), value: part.slice(at + 2) });
  }
  return cells.length >= 2 ? cells : null;
}

/**
 * Question terms a header names, whole or cut short: column names are often abbreviated
 * ("temp_max" for the maximum temperature, "qty", "pop").
 */
function askedBy(q: QueryTerms, header: ReadonlySet<string>): string[] {
  const direct = matchedTerms(q, header);
  const cut = [...header].filter((h) => h.length >= MIN_ABBREVIATION && /^\p{L}+$/u.test(h));
  const shortened = q.terms.filter(
    (t) =>
      !direct.includes(t) &&
      /^\p{L}+$/u.test(t) &&
      cut.some((h) => t.length > h.length && t.startsWith(h)),
  );
  return [...direct, ...shortened];
}

/** How well one row answers: the share of the question it and its label cover, or null. */
function rowFit(
  q: QueryTerms,
  cells: readonly RowCell[],
  label: ReadonlySet<string>,
  language: string,
): number | null {
  const values = cells.map((c) => new Set(contentTerms(c.value, language)));
  const headers = cells.map((c) => new Set(contentTerms(c.header, language)));
  const keys = values.map((v) => matchedTerms(q, v));
  const asked = headers.map((h) => askedBy(q, h));
  // A key cell and another cell whose column the question asks for.
  const answers = keys.some(
    (k, i) => k.length > 0 && asked.some((a, j) => j !== i && a.length > 0),
  );
  if (!answers) return null;
  // What the row holds: its label's terms, its cells' terms and the question terms its headers
  // name cut short.
  const held = new Set([
    ...label,
    ...values.flatMap((v) => [...v]),
    ...headers.flatMap((h) => [...h]),
    ...asked.flat(),
  ]);
  if (!holdsDistinctive(q, held)) return null;
  const matched = matchedTerms(q, held);
  // A number or a name the question gives that the row does not hold: another row, elsewhere.
  const names = new Set(q.nameWords.map((w) => stem(w, q.language)));
  const missing = q.terms.filter((t) => !matched.includes(t));
  if (missing.some((t) => /\d/.test(t) || names.has(t))) return null;
  const coverage = coverageOf(q, matched);
  return coverage >= MIN_ROW_COVERAGE ? coverage : null;
}

/** The row of the best passages that answers the question, quoted whole, or null. */
export function rowAnswer(q: QueryTerms, passages: readonly Passage[]): Draft | null {
  let best: { text: string; passage: number; fit: number } | null = null;
  for (const [rank, p] of passages.slice(0, ROW_PASSAGES).entries()) {
    if (!p.position.sheet) continue;
    const label = new Set(contentTerms(p.label ?? '', p.language));
    for (const line of p.text.split('\n')) {
      const cells = cellsOf(line.trim());
      const fit = cells && rowFit(q, cells, label, p.language);
      if (fit && (!best || fit > best.fit)) best = { text: line.trim(), passage: rank, fit };
    }
  }
  return best ? { sentences: [{ text: best.text, passage: best.passage }], noAnswer: false } : null;
}
