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

function sectionsOf(root: Element | DocumentFragment, title: string | null): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let heading: string | null = title;
  let lines: string[] = [];
  let bare = '';
  const endLine = () => {
    const text = flat(bare);
    if (text) lines.push(text);
    bare = '';
  };
  const flush = () => {
    endLine();
    const text = tidyText(lines.join('\n'));
    if (text)
      sections.push({
        text,
        position: { page: null, sheet: null, row_start: null, row_end: null, heading },
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
      if (el.matches(BLOCKS)) {
        const text = flat(el.textContent);
        if (!text) continue;
        if (HEADINGS.has(el.tagName)) {
          flush();
          heading = text;
        } else {
          endLine();
          lines.push(text);
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

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

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
