/** A pdf read back with pdf.js as a viewer would: its text, or its text pieces with positions. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

interface PdfItem {
  page: number;
  text: string;
  /** Left and right edge, baseline, in pdf points from the page's lower left corner. */
  left: number;
  right: number;
  y: number;
  pageWidth: number;
}

/** Every text piece of every page (empty ones too), in the order pdf.js reads them. */
async function readPieces(bytes: Buffer | Uint8Array): Promise<PdfItem[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
  }).promise;
  const pieces: PdfItem[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const pageWidth = page.getViewport({ scale: 1 }).width;
    for (const item of (await page.getTextContent()).items) {
      // A marked-content item holds no text; it is kept as an empty piece, as viewers space it.
      if (!('str' in item)) {
        pieces.push({ page: n, text: '', left: 0, right: 0, y: 0, pageWidth });
        continue;
      }
      const [, , , , x = 0, y = 0] = item.transform as number[];
      pieces.push({ page: n, text: item.str, left: x, right: x + item.width, y, pageWidth });
    }
  }
  await doc.destroy();
  return pieces;
}

/** The text of every page (pieces joined by " ", pages by "\n"). */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const pages: string[][] = [];
  for (const piece of await readPieces(bytes)) (pages[piece.page - 1] ??= []).push(piece.text);
  return Array.from(pages, (p) => (p ?? []).join(' ')).join('\n');
}

/** The pieces that hold text, with where they stand. */
export async function pdfItems(bytes: Buffer | Uint8Array): Promise<PdfItem[]> {
  return (await readPieces(bytes)).filter((piece) => piece.text.trim() !== '');
}
