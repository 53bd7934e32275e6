/**
 * The pdf: title, the filters that made it (the period first), then each chosen section with its chart (Vega-Lite → SVG, drawn as
 * vectors) and its figures as a ruled table (render/pdf-table.ts: header row, aligned columns),
 * set in DejaVu Sans by services/render's text pdf, so every locale's script prints; Arabic
 * lines and tables are set from the right.
 */
import { type PdfBlock, textPdf } from '../../../services/render/pdf';
import { renderVegaLiteSvg } from '../../../services/render/vega-svg';
import { dayIn, numberIn } from './file-text';
import type { Cell, ExportDocument } from './tables';

/** Days and numbers as the file's language writes them (file-text.ts). */
const textIn = (lng: string) => (cell: Cell) =>
  cell instanceof Date
    ? dayIn(lng, cell.toISOString().slice(0, 10))
    : typeof cell === 'number'
      ? numberIn(lng, cell)
      : cell;

export async function reportPdf(doc: ExportDocument): Promise<Uint8Array> {
  const text = textIn(doc.lng);
  // The filters that made the file, under its title: what a reader needs before any figure.
  const blocks: PdfBlock[] = [
    { kind: 'title', text: doc.title },
    ...doc.filters.map((f): PdfBlock => ({ kind: 'note', text: `${f.label}: ${f.value}` })),
  ];
  for (const table of doc.tables) {
    blocks.push({ kind: 'heading', text: table.title });
    // One chart at a time: its SVG is a few kilobytes, kept only until the pdf is laid out.
    if (table.chart) blocks.push({ kind: 'chart', svg: await renderVegaLiteSvg(table.chart) });
    // The weekday × hour grid's 24 hour columns are headed by the hour alone ("09").
    const wide = table.columns.length > 8;
    blocks.push({
      kind: 'table',
      columns: table.columns.map((c) => (wide ? c.replace(/^(\d\d):00$/, '$1') : c)),
      rows: table.rows.map((row) => row.map(text)),
      numeric: table.columns.map((_, i) => table.rows.some((row) => typeof row[i] === 'number')),
    });
    if (!table.rows.length) blocks.push({ kind: 'note', text: '—' });
  }
  return textPdf({ title: `${doc.title} ${doc.period}`, rtl: doc.lng === 'ar' }, blocks);
}
