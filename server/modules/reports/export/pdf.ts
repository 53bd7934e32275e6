/**
 * The pdf: title, period, then each chosen section with its figures as table rows, set in
 * DejaVu Sans by services/render's text pdf, so every locale's script prints.
 */
import { type PdfBlock, textPdf } from '../../../services/render/pdf';
import type { Cell, ExportDocument } from './tables';

const text = (cell: Cell) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);

export function reportPdf(doc: ExportDocument): Promise<Uint8Array> {
  const blocks: PdfBlock[] = [
    { kind: 'title', text: doc.title },
    { kind: 'note', text: doc.period },
  ];
  for (const table of doc.tables) {
    blocks.push({ kind: 'heading', text: table.title });
    if (table.columns.length > 8) {
      // Wide tables (the weekday × hour grid) print a line per row: "Monday: 00:00 3, …".
      for (const row of table.rows) {
        const [first, ...rest] = row;
        const cells = rest.map((c, i) => `${table.columns[i + 1]} ${text(c)}`).join(', ');
        blocks.push({ kind: 'row', text: `${text(first ?? '')}: ${cells}` });
      }
    } else {
      blocks.push({ kind: 'text', text: table.columns.join(' | ') });
      for (const row of table.rows) blocks.push({ kind: 'row', text: row.map(text).join(' | ') });
    }
    if (!table.rows.length) blocks.push({ kind: 'note', text: '—' });
  }
  return textPdf({ title: `${doc.title} ${doc.period}` }, blocks);
}
