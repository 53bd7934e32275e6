/**
 * A table in a text pdf (pdf.ts): a bold header row on a light band, columns as wide as their
 * widest cell (narrowed in turn when the page is too narrow, the cells then wrapping), numbers
 * aligned on the right, ruled lines under every row and between the columns, and the header
 * repeated on each new page. Right to left (Arabic), the first column stands at the right margin
 * and every cell is set from its right edge.
 */
import { type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { forRtlLayout } from './bidi';

export interface TableBlock {
  kind: 'table';
  columns: string[];
  rows: string[][];
  /** Columns set flush right (numbers, left to right). */
  numeric?: boolean[];
}

/** Where the next line goes; `next` starts a page (false once the page limit is reached). */
interface PageCursor {
  page: PDFPage;
  y: number;
  next(): boolean;
}

interface Frame {
  left: number;
  width: number;
  bottom: number;
  rtl: boolean;
}

const PAD_X = 3;
const PAD_Y = 2.5;
const RULE = rgb(0.55, 0.55, 0.55);
const BAND = rgb(0.92, 0.93, 0.95);
const INK = rgb(0.1, 0.1, 0.1);

/** Column widths: each as its widest cell, the widest narrowed first when they do not fit. */
function columnWidths(natural: readonly number[], width: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= width) return [...natural];
  const widths = [...natural];
  let fixed = 0;
  let open = widths.map((_, i) => i);
  // Columns narrower than an equal share of what is left keep their width; the others share.
  for (;;) {
    const share = (width - fixed) / open.length;
    const narrow = open.filter((i) => (widths[i] ?? 0) <= share);
    if (!narrow.length) {
      for (const i of open) widths[i] = share;
      return widths;
    }
    for (const i of narrow) fixed += widths[i] ?? 0;
    open = open.filter((i) => !narrow.includes(i));
    if (!open.length) return widths;
  }
}

/** Breaks `text` into lines of at most `width` (long words cut). */
function cellLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    let rest = word;
    while (rest.length > 1 && !fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    const next = line ? `${line} ${rest}` : rest;
    if (line && !fits(next)) {
      lines.push(line);
      line = rest;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/** Draws the table from the cursor down; false when it was cut at the page limit. */
export function drawTable(
  cursor: PageCursor,
  table: TableBlock,
  fonts: { regular: PDFFont; bold: PDFFont; clean: (text: string) => string },
  frame: Frame,
): boolean {
  const size = table.columns.length > 8 ? 6.5 : 9;
  const lineHeight = size * 1.3;
  const header = table.columns.map(fonts.clean);
  const body = table.rows.map((row) => table.columns.map((_, i) => fonts.clean(row[i] ?? '')));
  const natural = header.map(
    (h, i) =>
      Math.max(
        fonts.bold.widthOfTextAtSize(h, size),
        ...body.map((row) => fonts.regular.widthOfTextAtSize(row[i] ?? '', size)),
      ) +
      2 * PAD_X,
  );
  const widths = columnWidths(natural, frame.width);
  const tableWidth = widths.reduce((a, b) => a + b, 0);
  // Left edges of the columns, in reading order (mirrored right to left).
  const edges: number[] = [];
  let at = frame.rtl ? frame.left + frame.width : frame.left;
  for (const w of widths) {
    if (frame.rtl) at -= w;
    edges.push(at);
    if (!frame.rtl) at += w;
  }
  const tableLeft = frame.rtl ? frame.left + frame.width - tableWidth : frame.left;
  const line = (page: PDFPage, x1: number, y1: number, x2: number, y2: number, t = 0.4) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: t, color: RULE });

  const drawRow = (cells: string[], bold: boolean) => {
    const font = bold ? fonts.bold : fonts.regular;
    const lines = cells.map((c, i) => cellLines(c, font, size, (widths[i] ?? 0) - 2 * PAD_X));
    const height = Math.max(...lines.map((l) => l.length)) * lineHeight + 2 * PAD_Y;
    const top = cursor.y;
    const { page } = cursor;
    if (bold)
      page.drawRectangle({ x: tableLeft, y: top - height, width: tableWidth, height, color: BAND });
    lines.forEach((cellText, i) => {
      const left = edges[i] ?? 0;
      const w = widths[i] ?? 0;
      cellText.forEach((text, k) => {
        const textWidth = font.widthOfTextAtSize(text, size);
        const flushRight = frame.rtl || (!bold && table.numeric?.[i]);
        page.drawText(forRtlLayout(text), {
          x: flushRight ? left + w - PAD_X - textWidth : left + PAD_X,
          y: top - PAD_Y - (k + 1) * lineHeight + size * 0.28,
          size,
          font,
          color: INK,
        });
      });
    });
    line(page, tableLeft, top - height, tableLeft + tableWidth, top - height, bold ? 0.8 : 0.4);
    for (const x of [...edges, tableLeft + tableWidth]) line(page, x, top, x, top - height);
    cursor.y = top - height;
  };

  const rowHeight = (cells: string[], font: PDFFont) =>
    Math.max(
      ...cells.map((c, i) => cellLines(c, font, size, (widths[i] ?? 0) - 2 * PAD_X).length),
    ) *
      lineHeight +
    2 * PAD_Y;
  const start = () => {
    line(cursor.page, tableLeft, cursor.y, tableLeft + tableWidth, cursor.y, 0.8);
    return drawRow(header, true);
  };
  cursor.y -= 3;
  const headerHeight = rowHeight(header, fonts.bold);
  // The header and at least the first row together.
  const first = body[0] ? rowHeight(body[0], fonts.regular) : 0;
  if (cursor.y - headerHeight - first < frame.bottom && !cursor.next()) return false;
  start();
  for (const row of body) {
    if (cursor.y - rowHeight(row, fonts.regular) < frame.bottom) {
      if (!cursor.next()) return false;
      start();
    }
    drawRow(row, false);
  }
  cursor.y -= 4;
  return true;
}
