/**
 * Small PDFs built with pdf-lib (pure JS): a text document made of headings, paragraphs, table
 * rows and charts (SVG drawn as vectors by svg-pdf.ts), laid out on A4 pages with wrapping; or one image fitted on a page. Text is set in
 * DejaVu Sans (npm package dejavu-fonts-ttf, embedded as a subset through fontkit), which covers
 * Latin, Greek, Cyrillic, Hebrew and Arabic (shaped, right to left within a line, Latin words and
 * numbers in it left to right: bidi.ts); characters it
 * lacks (CJK, for one) are folded to a base letter where Unicode allows it, else shown as '?'.
 * Should the font files be missing, the standard Helvetica (Windows-1252 only) stands in.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { forRtlLayout } from './bidi';
import { drawTable, type TableBlock } from './pdf-table';
import { drawSvg, svgSize } from './svg-pdf';

type TextBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'row'; text: string }
  | { kind: 'note'; text: string };

/** A chart as SVG (vega-svg.ts), drawn as vectors at most the text's width; a ruled table. */
export type PdfBlock = TextBlock | { kind: 'chart'; svg: string } | TableBlock;

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
const STYLE: Record<
  TextBlock['kind'],
  { size: number; bold: boolean; before: number; gray: boolean }
> = {
  title: { size: 16, bold: true, before: 0, gray: false },
  heading: { size: 12.5, bold: true, before: 10, gray: false },
  text: { size: 10.5, bold: false, before: 4, gray: false },
  row: { size: 9, bold: false, before: 1, gray: false },
  note: { size: 9, bold: false, before: 6, gray: true },
};

/** Pages a rendered document may have; the rest is cut with a note (the original has it all). */
const PDF_MAX_PAGES = 300;

export function encodable(font: PDFFont): (text: string) => string {
  const allowed = new Set(font.getCharacterSet());
  return (text) => {
    let out = '';
    for (const ch of text.replace(/\t/g, '    ')) {
      const code = ch.codePointAt(0) ?? 63;
      // Line breaks are kept for wrapping; other control characters (\r, \f from OCR) are spaces.
      if (ch === '\n') out += ch;
      else if (code < 32 || code === 127) out += ' ';
      else if (allowed.has(code)) out += ch;
      else {
        const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
        out += base && [...base].every((c) => allowed.has(c.codePointAt(0) ?? 0)) ? base : '?';
      }
    }
    return out;
  };
}

/** Breaks a paragraph into lines that fit `width`; very long words are cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = Math.max(
          1,
          Math.floor((rest.length * width) / font.widthOfTextAtSize(rest, size)),
        );
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        if (line) lines.push(line);
        lines.push(rest.slice(0, cut));
        line = '';
        rest = rest.slice(cut);
      }
      const next = line ? `${line} ${rest}` : rest;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = rest;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

interface UnicodeFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

let unicodeFonts: Promise<UnicodeFonts | null> | null = null;

/** The DejaVu Sans files, read once per process; null when the package is not installed. */
function loadUnicodeFonts(): Promise<UnicodeFonts | null> {
  unicodeFonts ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      const [regular, bold] = await Promise.all(
        ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) =>
          readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
        ),
      );
      return { regular, bold };
    } catch {
      return null;
    }
  })();
  return unicodeFonts;
}

export async function embedFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const files = await loadUnicodeFonts();
  if (!files)
    return {
      regular: await pdf.embedFont(StandardFonts.Helvetica),
      bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    };
  pdf.registerFontkit(fontkit);
  return {
    regular: await pdf.embedFont(files.regular, { subset: true }),
    bold: await pdf.embedFont(files.bold, { subset: true }),
  };
}

export async function textPdf(
  info: { title: string; /** Lines set from the right margin (Arabic). */ rtl?: boolean },
  blocks: readonly PdfBlock[],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(info.title);
  pdf.setProducer('Atrium');
  const { regular, bold } = await embedFonts(pdf);
  const clean = encodable(regular);
  const width = A4.width - 2 * MARGIN;
  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  let truncated = false;

  const newPage = () => {
    if (pdf.getPageCount() >= PDF_MAX_PAGES) return false;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
    return true;
  };

  outer: for (const block of blocks) {
    if (block.kind === 'chart') {
      const size = svgSize(block.svg);
      if (!size.width || !size.height) continue;
      const scale = Math.min(1, width / size.width);
      const height = size.height * scale;
      if (y - height - 8 < MARGIN && !newPage()) {
        truncated = true;
        break;
      }
      drawSvg(page, block.svg, { x: MARGIN, top: y - 4, scale }, { regular, bold, clean });
      y -= height + 8;
      continue;
    }
    if (block.kind === 'table') {
      const cursor = {
        page,
        y,
        next: () => {
          if (!newPage()) return false;
          cursor.page = page;
          cursor.y = y;
          return true;
        },
      };
      const frame = { left: MARGIN, width, bottom: MARGIN, rtl: info.rtl ?? false };
      const complete = drawTable(cursor, block, { regular, bold, clean }, frame);
      ({ page, y } = cursor);
      if (!complete) {
        truncated = true;
        break;
      }
      continue;
    }
    const style = STYLE[block.kind];
    const font = style.bold ? bold : regular;
    const lineHeight = style.size * 1.35;
    y -= style.before;
    // A heading never sits alone at the bottom of a page.
    if (block.kind === 'heading' && y - lineHeight * 3 < MARGIN && !newPage()) {
      truncated = true;
      break;
    }
    for (const line of wrap(clean(block.text), font, style.size, width)) {
      if (y - lineHeight < MARGIN && !newPage()) {
        truncated = true;
        break outer;
      }
      y -= lineHeight;
      page.drawText(forRtlLayout(line), {
        x: info.rtl ? A4.width - MARGIN - font.widthOfTextAtSize(line, style.size) : MARGIN,
        y,
        size: style.size,
        font,
        color: style.gray ? rgb(0.4, 0.4, 0.4) : rgb(0.1, 0.1, 0.1),
      });
    }
  }
  if (truncated) {
    const note = `Shortened to ${PDF_MAX_PAGES} pages; the original file holds the rest.`;
    page.drawText(note, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: rgb(0.6, 0, 0),
    });
  }
  return pdf.save();
}

/** One page per image, the image scaled down (never up) to fit inside the margins. */
export async function imagePdf(
  info: { title: string },
  bytes: Uint8Array,
  format: 'png' | 'jpg',
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(info.title);
  pdf.setProducer('Atrium');
  const image = format === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  const landscape = image.width > image.height;
  const size: [number, number] = landscape ? [A4.height, A4.width] : [A4.width, A4.height];
  const page = pdf.addPage(size);
  const scale = Math.min(
    1,
    (size[0] - 2 * MARGIN) / image.width,
    (size[1] - 2 * MARGIN) / image.height,
  );
  const w = image.width * scale;
  const h = image.height * scale;
  page.drawImage(image, { x: (size[0] - w) / 2, y: (size[1] - h) / 2, width: w, height: h });
  return pdf.save();
}
