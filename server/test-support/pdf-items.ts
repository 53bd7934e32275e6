/** The text pieces of a pdf's pages with where they stand (pdf.js, as a viewer reads them). */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface PdfItem {
  page: number;
  text: string;
  /** Left and right edge, baseline, in pdf points from the page's lower left corner. */
  left: number;
  right: number;
  y: number;
}

export async function pdfItems(bytes: Buffer | Uint8Array): Promise<PdfItem[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
  }).promise;
  const items: PdfItem[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items)
      if ('str' in item && item.str.trim()) {
        const [, , , , x = 0, y = 0] = item.transform as number[];
        items.push({ page: n, text: item.str, left: x, right: x + item.width, y });
      }
  }
  await doc.destroy();
  return items;
}
