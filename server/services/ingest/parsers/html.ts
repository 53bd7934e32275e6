/**
 * Main text of a web page over jsdom (no scripts run, no sub-resources load; it runs in the
 * extraction worker, so jsdom's weight never sits in the server's own heap).
 *
 * Two readings are made: Mozilla Readability's article (the Firefox Reader View algorithm), and
 * the page's body without its boilerplate: scripts, forms, navigation, page-level header and
 * footer, and short link-dense blocks (a texinfo "Next: … Up: …" bar, gtk-doc's navigation
 * table, a breadcrumb). Readability keeps one best block, which on a blog is the article but on
 * a reference page is one code example out of eleven definitions; so its article is used only
 * when it holds most (70 %) of the cleaned body's text. Sections carry the heading they stand
 * under; text before the first heading stands under the page's title.
 */
import { readFile } from 'node:fs/promises';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { tidyText } from '../text';
import type { ExtractedDocument, ExtractedSection } from '../types';

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,dt,dd,figcaption,caption';
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Readability's article is used when it holds at least this share of the cleaned body. */
const ARTICLE_SHARE = 0.7;
const NEVER_CONTENT =
  'script,style,noscript,template,nav,aside,form,button,[role=navigation],[role=search],[role=complementary],[aria-hidden=true]';
/** Blocks that are navigation when most of their (short) text is link text. */
const LINK_BLOCKS = 'div,p,ul,ol,table,header,footer';
const MAX_LINK_BLOCK_CHARS = 500;
const LINK_DENSITY = 0.5;
const CONTENT_MARKS = 'h1,h2,h3,h4,h5,h6,pre,code,dl';

const flat = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Elements that flow inside a line of text; any other element ends the line before it. */
const INLINE = new Set(
  'a,abbr,b,bdi,bdo,cite,code,data,dfn,em,i,kbd,mark,q,s,samp,small,span,strong,sub,sup,time,tt,u,var,wbr,font'.split(
    ',',
  ),
);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** A block's text on one line; its inner blocks (two paragraphs of a definition) stay apart. */
function blockText(el: Element): string {
  let out = '';
  const visit = (node: Node) => {
    if (node.nodeType === TEXT_NODE) out += node.textContent ?? '';
    if (node.nodeType !== ELEMENT_NODE) return;
    const inline = INLINE.has((node as Element).tagName.toLowerCase());
    if (!inline) out += ' ';
    node.childNodes.forEach(visit);
    if (!inline) out += ' ';
  };
  visit(el);
  return flat(out);
}

const cellsOf = (row: Element) =>
  [...row.children].filter((c) => c.tagName === 'TH' || c.tagName === 'TD');

/** A row of two or more cells, all of them headers. */
const rowIsHeader = (row: Element) => {
  const cells = cellsOf(row);
  return cells.length >= 2 && cells.every((c) => c.tagName === 'TH');
};

/** The header cells' texts of a row's table, when its first row is all headers. */
function headerOf(row: Element): string[] | null {
  const first = row.closest('table')?.querySelector('tr');
  if (!first || first === row || !rowIsHeader(first)) return null;
  return cellsOf(first).map(blockText);
}

/**
 * A table row as one line: "Name: integer; Storage Size: 4 bytes; Range: -2147483648 to
 * +2147483647" under a header row, else its cells side by side. Cell by cell, a table read as
 * text runs every row into the next and no sentence says which value is which.
 */
function rowText(row: Element): string {
  const cells = cellsOf(row).map(blockText);
  const header = headerOf(row);
  if (header && header.length === cells.length)
    return cells
      .map((cell, i) => (cell && header[i] ? `${header[i]}: ${cell}` : cell))
      .filter(Boolean)
      .join('; ');
  return cells.filter(Boolean).join(cells[0]?.endsWith(':') ? ' ' : ' | ');
}

function sectionsOf(root: Element | DocumentFragment, title: string | null): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let heading: string | null = title;
  let lines: string[] = [];
  let bare = '';
  // A definition's term opens the line of its definition: "RESTART IDENTITY Automatically
  // restart sequences …", "shared_buffers (integer) Sets the amount of memory …".
  let term: string | null = null;
  const pushLine = (text: string) => {
    lines.push(term ? `${term} ${text}` : text);
    term = null;
  };
  const endLine = () => {
    const text = flat(bare);
    if (text) pushLine(text);
    bare = '';
  };
  const flush = () => {
    endLine();
    if (term) lines.push(term);
    term = null;
    const text = tidyText(lines.join('\n'));
    if (text)
      sections.push({
        text,
        position: { page: null, sheet: null, row_start: null, row_end: null, heading },
        hardLines: true,
      });
    lines = [];
  };
  // Document order: a block is read whole (a paragraph inside a list item, cell or definition
  // with its container); text standing bare in a <div> between blocks is a line of its own.
  const walk = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (child.nodeType === TEXT_NODE) bare += child.textContent ?? '';
      if (child.nodeType !== ELEMENT_NODE) continue;
      const el = child as Element;
      const tag = el.tagName.toLowerCase();
      if (tag === 'tr') {
        endLine();
        // The header row's names stand in every row below it (rowText).
        const namesRows = el.nextElementSibling !== null || el.parentElement?.tagName === 'THEAD';
        const isHeader = headerOf(el) === null && rowIsHeader(el) && namesRows;
        const text = rowText(el);
        if (text && !isHeader) pushLine(text);
      } else if (el.matches(BLOCKS)) {
        const text = blockText(el);
        if (!text) continue;
        if (HEADINGS.has(el.tagName)) {
          flush();
          heading = text;
        } else if (tag === 'dt') {
          endLine();
          if (term) lines.push(term); // a term with no definition of its own
          term = text;
        } else {
          endLine();
          pushLine(text);
        }
      } else if (INLINE.has(tag)) walk(el);
      else {
        endLine();
        walk(el);
        endLine();
      }
    }
  };
  walk(root);
  flush();
  return sections;
}

function linkDensity(el: Element): number {
  const text = flat(el.textContent).length;
  if (text === 0) return 0;
  const linked = [...el.querySelectorAll('a[href]')].reduce(
    (n, a) => n + flat(a.textContent).length,
    0,
  );
  return linked / text;
}

/**
 * Permalink and commit markers ("§", "¶", "#"): a symbol that only links somewhere. Left in,
 * release notes read "… (Tom Lane) § § Improve …" and quotes end in a stray "¶".
 */
function dropLinkMarkers(document: Document): void {
  document.querySelectorAll('a').forEach((a) => {
    if (/^[^\p{L}\p{N}]{1,2}$/u.test(flat(a.textContent))) a.remove();
  });
}

/** The body without what is never the page's content (see the module comment). */
function cleanedBody(document: Document): Element {
  const body = (document.body ?? document.documentElement).cloneNode(true) as Element;
  body.querySelectorAll(NEVER_CONTENT).forEach((el) => el.remove());
  // The page's own header and footer (not an article's): site name, menus, copyright.
  body.querySelectorAll('footer, header').forEach((el) => {
    if (el.closest('article, main')) return;
    if (el.tagName === 'FOOTER' || !el.querySelector('h1')) el.remove();
  });
  // Innermost first, so a navigation bar goes without the section around it.
  // A block holding a heading, code or definitions is content, whatever it links to.
  [...body.querySelectorAll(LINK_BLOCKS)].reverse().forEach((el) => {
    if (el.querySelector(CONTENT_MARKS)) return;
    const length = flat(el.textContent).length;
    if (length > 0 && length <= MAX_LINK_BLOCK_CHARS && linkDensity(el) >= LINK_DENSITY)
      el.remove();
  });
  return body;
}

function readabilityArticle(document: Document): { html: string; text: string } | null {
  const article = new Readability(document.cloneNode(true) as Document).parse();
  return article?.content ? { html: article.content, text: flat(article.textContent) } : null;
}

export async function extractHtml(filePath: string): Promise<ExtractedDocument> {
  // jsdom reports stylesheets it cannot parse (most real ones) on its console: not our concern.
  const virtualConsole = new VirtualConsole();
  // Bytes, not a string: jsdom sniffs the charset from the BOM and <meta charset>.
  const dom = new JSDOM(await readFile(filePath), { contentType: 'text/html', virtualConsole });
  try {
    const { document } = dom.window;
    const title = flat(document.title) || flat(document.querySelector('h1')?.textContent ?? '');
    dropLinkMarkers(document);
    const body = cleanedBody(document);
    const article = readabilityArticle(document);
    const bodyText = flat(body.textContent).length;
    const useArticle = article !== null && article.text.length >= bodyText * ARTICLE_SHARE;
    let sections =
      article && useArticle ? sectionsOf(JSDOM.fragment(article.html), title || null) : [];
    if (sections.length === 0) sections = sectionsOf(body, title || null);
    return { sections, tables: [], pageCount: 1, title: title || null };
  } finally {
    dom.window.close();
  }
}
