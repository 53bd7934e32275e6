/**
 * RFC 4180 csv in UTF-8 with a BOM (so spreadsheet programs read it as UTF-8): CRLF line ends,
 * fields with a comma, quote or line break quoted and quotes doubled. A text cell starting with
 * `=`, `+`, `-`, `@`, tab or CR would be read as a formula: it gets a leading apostrophe.
 * Sections follow each other: their title, their header, their rows, a blank line.
 */
import type { Cell, ExportDocument } from './tables';

export function csvField(cell: Cell): string {
  let text =
    cell instanceof Date
      ? cell.toISOString().slice(0, 10)
      : typeof cell === 'number'
        ? String(cell)
        : cell;
  if (typeof cell === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
