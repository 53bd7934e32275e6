/**
 * RFC 4180 csv in UTF-8 with a BOM (so spreadsheet programs read it as UTF-8): CRLF line ends,
 * cells escaped by services/export/csv-cell.ts (quoted, and text that a spreadsheet would run
 * as a formula neutralised).
 * The first line is the title and the range (ISO days); then one row per filter that made the
 * file (its label, its value: file-text.ts), so the file says what it counts and any csv reader
 * still parses it (no comment lines, which RFC 4180 does not know). Sections follow, each after
 * a blank line: their title, their header, their rows. Numbers stay plain ("66.7") for programs.
 */
import { csvQuoted, csvText } from '../../../services/export/csv-cell';
import type { Cell, ExportDocument } from './tables';

export function csvField(cell: Cell): string {
  if (cell instanceof Date) return csvQuoted(cell.toISOString().slice(0, 10));
  return typeof cell === 'number' ? csvQuoted(String(cell)) : csvText(cell);
}

const line = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** The csv, a line at a time. */
export function* csvLines(doc: ExportDocument): Generator<string> {
  yield `\uFEFF${line([doc.title, doc.isoPeriod])}`;
  for (const filter of doc.filters) yield line([filter.label, filter.value]);
  for (const table of doc.tables) {
    yield '\r\n';
    yield line([table.title]);
    yield line(table.columns);
    for (const row of table.rows) yield line(row);
  }
}
