/**
 * What a pdf draws besides text, read with pdf.js's operator lists: how many vector paths each
 * page paints and which fill colours (as #rrggbb) they use. Charts drawn as vectors show here.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export async function pdfDrawing(
  bytes: Buffer | Uint8Array,
): Promise<{ paths: number; images: number; fills: Set<string> }> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
  }).promise;
  const found = { paths: 0, images: 0, fills: new Set<string>() };
  for (let n = 1; n <= doc.numPages; n++) {
    const ops = await (await doc.getPage(n)).getOperatorList();
    ops.fnArray.forEach((fn, i) => {
      if (fn === OPS.constructPath) found.paths += 1;
      else if (fn === OPS.paintImageXObject) found.images += 1;
      else if (fn === OPS.setFillRGBColor) {
        const [colour] = ops.argsArray[i] as unknown[];
        if (typeof colour === 'string') found.fills.add(colour.toLowerCase());
      }
    });
  }
  await doc.destroy();
  return found;
}
