/**
 * A checklist as the pdf a warehouse prints and signs: a header with the client,
 * route, mode and dates; the items grouped under the SOP's sections, each with a tick box (ticked
 * when done, struck "N/A" when not applicable), its SOP page, note, owner and due date; and a
 * signature line. DejaVu Sans (services/render/pdf.ts) covers every console language; Arabic is
 * set right-aligned, its lines laid out right to left as report pdfs are (services/render/bidi.ts).
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Checklist } from '../../../../contract/sop';
import { forRtlLayout } from '../../../services/render/bidi';
import { embedFonts, encodable, wrap } from '../../../services/render/pdf';
import { bySection, headerRows, labelsFor } from './labels';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const BOX = 10;
const INK = rgb(0.1, 0.1, 0.1);
const GRAY = rgb(0.4, 0.4, 0.4);

/**
 * Lines of `text` that fit `width`, measuring each distinct word once: fontkit lays out every
 * measured string, and a 500-item checklist repeats the same words thousands of times. A word
 * wider than the line goes to the shared wrapper, which cuts it.
 */
function fastWrap(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  widths: Map<string, number>,
): string[] {
  const measure = (word: string) => {
    const key = `${size}|${word}`;
    let w = widths.get(key);
    if (w === undefined) {
      w = font.widthOfTextAtSize(word, size);
      widths.set(key, w);
    }
    return w;
  };
  const space = measure(' ');
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let used = 0;
    for (const word of paragraph.split(/ +/)) {
      const w = measure(word);
      if (w > width) return wrap(text, font, size, width);
      if (line && used + space + w > width) {
        lines.push(line);
        line = word;
        used = w;
      } else {
        used += line ? space + w : w;
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function checklistPdf(c: Checklist, language?: string): Promise<Uint8Array> {
  const { lng, t } = labelsFor(language);
  const rtl = lng === 'ar';
  const pdf = await PDFDocument.create();
  pdf.setTitle(c.name);
  pdf.setProducer('Atrium');
  const { regular, bold } = await embedFonts(pdf);
  const clean = encodable(regular);
  const widths = new Map<string, number>();
  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  /** Lines of text at `x` within `width`; right-aligned for Arabic. */
  const write = (
    text: string,
    opts: { x: number; width: number; size: number; font?: PDFFont; color?: typeof INK },
  ) => {
    const font = opts.font ?? regular;
    const lineHeight = opts.size * 1.35;
    for (const line of fastWrap(clean(text), font, opts.size, opts.width, widths)) {
      room(lineHeight);
      y -= lineHeight;
      const x = rtl ? A4.width - opts.x - font.widthOfTextAtSize(line, opts.size) : opts.x;
      // As report pdfs: an Arabic line's Latin words, digits and dates keep their reading order.
      page.drawText(forRtlLayout(line), { x, y, size: opts.size, font, color: opts.color ?? INK });
    }
  };

  write(c.name, { x: MARGIN, width: A4.width - 2 * MARGIN, size: 16, font: bold });
  y -= 6;
  for (const [label, value] of headerRows(c, lng, t).slice(1))
    write(`${label}: ${value}`, { x: MARGIN, width: A4.width - 2 * MARGIN, size: 10 });

  const textX = MARGIN + BOX + 10;
  const textWidth = A4.width - textX - MARGIN;
  for (const [section, items] of bySection(c.items)) {
    y -= 10;
    room(40);
    write(section, { x: MARGIN, width: A4.width - 2 * MARGIN, size: 12, font: bold });
    for (const item of items) {
      y -= 4;
      room(30);
      const top = y;
      const boxX = rtl ? A4.width - MARGIN - BOX : MARGIN;
      page.drawRectangle({
        x: boxX,
        y: top - BOX - 2,
        width: BOX,
        height: BOX,
        borderColor: INK,
        borderWidth: 0.8,
      });
      if (item.done)
        page.drawText('X', { x: boxX + 2, y: top - BOX, size: 9, font: bold, color: INK });
      write(item.not_applicable ? `${item.text} (${t('notApplicable')})` : item.text, {
        x: textX,
        width: textWidth,
        size: 10,
      });
      const meta = [
        item.page === null ? null : `${t('page')} ${item.page}`,
        item.owner ? `${t('owner')}: ${item.owner}` : null,
        item.due_date ? `${t('dueDate')}: ${item.due_date}` : null,
        item.note ? `${t('note')}: ${item.note}` : null,
      ].filter((m): m is string => m !== null);
      if (meta.length > 0)
        write(meta.join(' · '), { x: textX, width: textWidth, size: 8, color: GRAY });
    }
  }

  y -= 30;
  room(60);
  for (const label of [t('signature'), t('date')]) {
    y -= 28;
    const lineX = rtl ? MARGIN : MARGIN + 90;
    page.drawLine({
      start: { x: lineX, y },
      end: { x: lineX + 250, y },
      thickness: 0.8,
      color: INK,
    });
    const w = regular.widthOfTextAtSize(clean(label), 10);
    page.drawText(forRtlLayout(clean(label)), {
      x: rtl ? A4.width - MARGIN - w : MARGIN,
      y: y + 2,
      size: 10,
      font: regular,
      color: INK,
    });
  }
  return pdf.save();
}
