/**
 * Word documents. docx: mammoth (maintained, reads the document model, keeps headings as h1-h6),
 * after the zip-bomb guard; its HTML is simple and regular, so a small splitter turns it into
 * one section per heading. doc (Word 97-2003): word-extractor, the maintained pure-JS reader of
 * the binary format; it has no headings, so the body is one section.
 */
import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { checkZipPackage } from '../zip-guard';
import { decodeEntities, tidyText } from '../text';
import {
  sourcePosition,
  type ExtractedDocument,
  type ExtractedSection,
  type ExtractSettings,
} from '../types';

/** HTML fragment -> plain text: blocks and rows on their own lines, cells separated. */
function htmlFragmentText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(td|th)>/gi, ' | ')
    .replace(/<\/(p|li|tr|h[1-6]|div|table|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return tidyText(
    decodeEntities(text)
      .split('\n')
      .map((line) => line.replace(/\s*\|\s*$/, ''))
      .join('\n'),
  );
}

/** Splits HTML at h1-h6 into sections that carry the nearest heading above them. */
function sectionsByHeading(html: string): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  const pattern = /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi;
  let heading: string | null = null;
  let from = 0;
  const flush = (until: number) => {
    const text = htmlFragmentText(html.slice(from, until));
    if (text) sections.push({ text, position: sourcePosition({ heading }), hardLines: true });
  };
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    flush(m.index);
    heading = htmlFragmentText(m[2]) || null;
    from = m.index + m[0].length;
  }
  flush(html.length);
  return sections;
}

export async function extractDocx(
  filePath: string,
  settings: ExtractSettings,
): Promise<ExtractedDocument> {
  await checkZipPackage(filePath, 'docx', settings);
  const { value: html } = await mammoth.convertToHtml(
    { path: filePath },
    // Images are not text; skip mammoth's base64 inlining of every picture.
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  return { sections: sectionsByHeading(html), tables: [], pageCount: 1, title: null };
}

export async function extractDoc(filePath: string): Promise<ExtractedDocument> {
  const document = await new WordExtractor().extract(filePath);
  const parts = [document.getBody(), document.getFootnotes(), document.getEndnotes()]
    .map((part) => tidyText(part ?? ''))
    .filter(Boolean);
  const sections = parts.map((text) => ({ text, position: sourcePosition() }));
  return { sections, tables: [], pageCount: 1, title: null };
}
