/**
 * The pdf: title, period, then each chosen section with its chart (Vega-Lite → SVG, drawn as
 * vectors) and its figures as table rows, set in DejaVu Sans by services/render's text pdf, so
 * every locale's script prints; Arabic lines are set from the right.
 */
import { type PdfBlock, textPdf } from '../../../services/render/pdf';
import { renderVegaLiteSvg } from '../../../services/render/vega-svg';
import type { Cell, ExportDocument } from './tables';

const text = (cell: Cell) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);

export async function reportPdf(doc: ExportDocument): Promise<Uint8Array> {
  const blocks: PdfBlock[] = [
    { kind: 'title', text: doc.title },
    { kind: 'note', text: doc.period },
  ];
  for (const table of doc.tables) {
    blocks.push({ kind: 'heading', text: table.title });
    // One chart at a time: its SVG is a few kilobytes, kept only until the pdf is laid out.
    if (table.chart) blocks.push({ kind: 'chart', svg: await renderVegaLiteSvg(table.chart) });
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
  return textPdf({ title: `${doc.title} ${doc.period}`, rtl: doc.lng === 'ar' }, blocks);
}
