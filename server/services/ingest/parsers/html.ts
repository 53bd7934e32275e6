/**
 * Main text of a web page: Mozilla Readability (the Firefox Reader View algorithm, maintained)
 * over jsdom (the DOM Readability is tested against; no scripts run, no sub-resources load). It
 * runs in the extraction worker, so jsdom's weight never sits in the server's own heap. Pages
 * Readability cannot make sense of fall back to the body without navigation and scripts.
 */
import { readFile } from 'node:fs/promises';
import { Readability } from '@mozilla/readability';
import { JSDOM } from 'jsdom';
import { tidyText } from '../text';
import type { ExtractedDocument, ExtractedSection } from '../types';

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,dt,dd,figcaption,caption';
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Below this Readability probably missed the article (a list page, a short notice). */
const MIN_ARTICLE_CHARS = 200;

function sectionsOf(root: Element | DocumentFragment): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let heading: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    const text = tidyText(lines.join('\n'));
    if (text)
      sections.push({
        text,
        position: { page: null, sheet: null, row_start: null, row_end: null, heading },
      });
    lines = [];
  };
  const blocks = [...root.querySelectorAll(BLOCKS)];
  for (const el of blocks) {
    // A paragraph inside a list item or cell is read with its container.
    if (el.parentElement?.closest(BLOCKS)) continue;
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (HEADINGS.has(el.tagName)) {
      flush();
      heading = text;
    } else lines.push(text);
  }
  flush();
  // Text outside any block element (a bare <div> page) still counts.
  if (sections.length === 0) {
    const text = tidyText(root.textContent ?? '');
    if (text)
      sections.push({
        text,
        position: { page: null, sheet: null, row_start: null, row_end: null, heading: null },
      });
  }
  return sections;
}

export async function extractHtml(filePath: string): Promise<ExtractedDocument> {
  // Bytes, not a string: jsdom sniffs the charset from the BOM and <meta charset>.
  const dom = new JSDOM(await readFile(filePath), { contentType: 'text/html' });
  try {
    const { document } = dom.window;
    const title = document.title.trim() || null;
    const article = new Readability(document.cloneNode(true) as Document).parse();
    let sections: ExtractedSection[] = [];
    if (article?.content && (article.textContent ?? '').trim().length >= MIN_ARTICLE_CHARS)
      sections = sectionsOf(JSDOM.fragment(article.content));
    if (sections.length === 0) {
      document
        .querySelectorAll('script,style,noscript,template,nav,header,footer,aside,form')
        .forEach((el) => el.remove());
      sections = sectionsOf(document.body ?? document.documentElement);
    }
    return { sections, tables: [], pageCount: 1, title: title ?? article?.title?.trim() ?? null };
  } finally {
    dom.window.close();
  }
}
