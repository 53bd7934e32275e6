/**
 * A document that is not a pdf, as pdf blocks: its text re-read from the stored file by the
 * same extractor that indexed it (sections in order, each page, sheet or heading starting with a
 * heading, spreadsheet rows with their row numbers as citations name them), a sitemap as the
 * list of its pages. What the viewer says about them (no text, parts left out, pages counted)
 * is not written into the pdf, whose words nobody could translate: it travels as codes
 * (`sectionNotes`, `sitemapNotes`) the viewer says in its reader's language.
 */
import type { SourcePosition } from '../../../contract/knowledge';
import type { SourceNoteText } from '../../../contract/knowledge-texts';
import type { ExtractedSection } from '../../services/ingest/types';
import type { PdfBlock } from '../../services/render/pdf';
import { localeLabels } from '../../services/text/locale-labels';

/**
 * The words the layout itself adds (a page's heading, a sheet's, a row's number, a sitemap
 * page's state), in the reader's console language: chat.json `sourceLayout`, as the viewer's
 * own texts, English when the language is not one of the console's.
 */
export interface LayoutWords {
  page(page: number): string;
  sheet(sheet: string): string;
  row(row: number): string;
  status(status: string): string;
}

export function layoutWords(language?: string): LayoutWords {
  const { t } = localeLabels('chat', 'sourceLayout', language);
  return {
    page: (page) => t('page', { page }),
    sheet: (sheet) => t('sheet', { sheet }),
    row: (row) => t('row', { row }),
    status: (status) => t(status),
  };
}

/** Text blocks per row of a sheet kept at most (a pdf of 200,000 rows helps nobody). */
const MAX_SECTION_BLOCKS = 20_000;

function headingOf(
  position: SourcePosition,
  isSheetRow: boolean,
  words: LayoutWords,
): string | null {
  if (position.page !== null) return words.page(position.page);
  if (position.sheet !== null && isSheetRow)
    return position.sheet === 'csv' ? null : words.sheet(position.sheet);
  return position.heading;
}

export function sectionBlocks(
  title: string,
  sections: readonly ExtractedSection[],
  words: LayoutWords = layoutWords(),
): PdfBlock[] {
  const blocks: PdfBlock[] = [{ kind: 'title', text: title }];
  let lastHeading: string | null = null;
  let shown = 0;
  for (const section of sections) {
    const { position } = section;
    const isRow = position.sheet !== null && position.row_start !== null;
    const heading = headingOf(position, isRow, words);
    if (heading && heading !== lastHeading) blocks.push({ kind: 'heading', text: heading });
    lastHeading = heading ?? lastHeading;
    if (isRow)
      blocks.push({
        kind: 'row',
        text: `${words.row(position.row_start as number)}  ${section.text}`,
      });
    else blocks.push({ kind: 'text', text: section.text });
    shown += 1;
    if (shown >= MAX_SECTION_BLOCKS) break;
  }
  return blocks;
}

/**
 * The notes beside a document laid out by `sectionBlocks`. English for API clients reading
 * them: "No text was found in this document.", "Only the first 20000 parts are shown; the
 * original file holds the rest."
 */
export function sectionNotes(sections: readonly ExtractedSection[]): SourceNoteText[] {
  if (sections.length === 0) return [{ code: 'no_text', params: {} }];
  if (sections.length > MAX_SECTION_BLOCKS)
    return [{ code: 'parts_truncated', params: { count: String(MAX_SECTION_BLOCKS) } }];
  return [];
}

/** The note beside a sitemap's pages ("Sitemap with 12 pages."). */
export function sitemapNotes(pages: readonly unknown[]): SourceNoteText[] {
  return [{ code: 'sitemap_pages', params: { count: String(pages.length) } }];
}

export function sitemapBlocks(
  title: string,
  pages: readonly { name: string; status: string }[],
  words: LayoutWords = layoutWords(),
): PdfBlock[] {
  return [
    { kind: 'title', text: title },
    ...pages.map((p): PdfBlock => ({
      kind: 'row',
      text: `${p.name}${p.status === 'ready' ? '' : `  (${words.status(p.status)})`}`,
    })),
  ];
}

/**
 * The file name a browser shows and saves: the document's name with .pdf, reduced to safe
 * characters for the plain `filename` and UTF-8 encoded for `filename*` (RFC 6266).
 */
export function contentDisposition(doc: {
  name: string;
  is_url: number;
  url: string | null;
}): string {
  let base: string;
  if (doc.is_url) {
    try {
      const url = new URL(doc.url ?? doc.name);
      base = `${url.hostname}${url.pathname}`.replace(/\/+$/, '');
    } catch {
      base = doc.name;
    }
  } else base = doc.name.replace(/\.[a-z0-9]{1,5}$/i, '');
  const unicode =
    [...base]
      .map((ch) => ((ch.codePointAt(0) ?? 0) < 32 || ch === '\u007f' ? ' ' : ch))
      .join('')
      .replace(/["\\/:*?<>|]+/g, '_')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s_]+|[.\s_]+$/g, '')
      .slice(0, 150) || 'document';
  const ascii = unicode
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/%/g, '_');
  return `inline; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${unicode}.pdf`)}`;
}
