/**
 * What the server says about an upload or a document, in the reader's language: it sends a code
 * with parameters beside its English (contract/knowledge-texts.ts); the parameters are written
 * here the reader's way (numbers, sizes, file types) before the text is looked up. A server that
 * sends no code, or one this console does not know, leaves its own words.
 */
import type { DocumentFailureText, SourceNote, UploadRefusal } from '@contract/knowledge-texts';
import { WEB_ADDRESS_TEXTS, type WebAddressText } from '@contract/server-texts';
import type { Translate } from '@/lib/error-text';
import { formatNumber } from '@/lib/numbers';
import { webAddressText } from '@/lib/web-address-text';
import { formatBytes } from './format';

const NUMBERS = new Set([
  'max',
  'max_mb',
  'max_parts',
  'max_chars',
  'max_megapixels',
  'width',
  'height',
  'ratio',
  'mb',
  'page',
  'seconds',
  'unreadable',
  'pages',
  'entries',
  'sitemaps',
  'times',
]);
const BYTES = new Set(['size_bytes', 'max_bytes']);
const TYPES = new Set(['type', 'ext']);

/** The parameters as the text shows them; `count` stays a number for the plural forms. */
export function readableParams(
  t: Translate,
  params: Record<string, string> | undefined,
  language: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    const number = Number(value);
    if (key === 'count' && Number.isFinite(number)) out[key] = number;
    else if (NUMBERS.has(key) && Number.isFinite(number))
      out[key] = formatNumber(number, language, { maxDigits: 1 });
    else if (BYTES.has(key) && Number.isFinite(number)) out[key] = formatBytes(number, language);
    else if (TYPES.has(key))
      out[key] = t(`knowledge:fileTypes.${value}`, { defaultValue: value.toUpperCase() });
    else out[key] = value;
  }
  return out;
}

/** A known key's text, else the server's own words. */
function said(t: Translate, key: string, options: Record<string, unknown>, english: string) {
  return t(key, { ...options, defaultValue: english });
}

/** Why one file of an upload was refused. */
export function uploadRefusalText(
  t: Translate,
  language: string,
  item: { message: string; code?: UploadRefusal; params?: Record<string, string> },
): string {
  if (!item.code) return item.message;
  return said(
    t,
    `knowledge:uploadRefusals.${item.code}`,
    readableParams(t, item.params, language),
    item.message,
  );
}

/** Why a document could not be read; a web page's own fetch failure says what it met. */
export function documentFailureText(
  t: Translate,
  language: string,
  doc: { error: string | null; error_text?: DocumentFailureText | null },
): string {
  const english = doc.error ?? '';
  const text = doc.error_text;
  if (!text) return english;
  if (text.code === 'page_fetch') {
    const { web, ...params } = text.params;
    // The address text of a code this console knows; else the general one below.
    if ((WEB_ADDRESS_TEXTS as readonly string[]).includes(web))
      return webAddressText(t, { message: english, code: web as WebAddressText, params });
  }
  return said(
    t,
    `knowledge:documentFailures.${text.code}`,
    readableParams(t, text.params, language),
    english,
  );
}

/** A summary the server wrote itself (a sitemap's pages), else the summary as written. */
export function summaryText(
  t: Translate,
  language: string,
  doc: {
    summary: string | null;
    summary_text?: { code: SourceNote; params: Record<string, string> } | null;
  },
): string {
  const text = doc.summary_text;
  if (!text) return doc.summary ?? '';
  return said(
    t,
    `knowledge:sitemapSummary.${text.code}`,
    readableParams(t, text.params, language),
    doc.summary ?? '',
  );
}
