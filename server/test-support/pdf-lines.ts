/** The text runs of a pdf with where they stand, read with pdf.js as a viewer would. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface PdfRun {
  page: number;
  text: string;
  /** Left and right edge of the run, in points from the page's left. */
  left: number;
  right: number;
  pageWidth: number;
}

export async function pdfRuns(bytes: Buffer | Uint8Array): Promise<PdfRun[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
  }).promise;
  const runs: PdfRun[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const pageWidth = page.getViewport({ scale: 1 }).width;
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const left = item.transform[4] as number;
      runs.push({ page: n, text: item.str, left, right: left + item.width, pageWidth });
    }
  }
  await doc.destroy();
  return runs;
}
