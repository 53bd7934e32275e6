/**
 * RFC 4180 csv in UTF-8 with a BOM (so spreadsheet programs read it as UTF-8): CRLF line ends,
 * cells escaped by services/export/csv-cell.ts (quoted, and text that a spreadsheet would run
 * as a formula neutralised).
 * Sections follow each other: their title, their header, their rows, a blank line.
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
  yield `\uFEFF${line([doc.title, doc.period])}`;
  for (const table of doc.tables) {
    yield '\r\n';
    yield line([table.title]);
    yield line(table.columns);
    for (const row of table.rows) yield line(row);
  }
}
