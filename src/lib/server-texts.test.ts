/**
 * Every code or seeded text the server can send a person has a real translation in every
 * language. The lists come from contract/ (the same constants the server sends from), so a
 * code added there without its texts fails here; no copy of them is kept in this file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerErrorCodes } from '@contract/chat';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '@contract/constants';
import { DB_SOURCE_TYPES } from '@contract/db-sources';
import { SYNC_FAILURES } from '@contract/email-agents';
import { ERROR_CODES } from '@contract/errors';
import { deliveryFailureCodes } from '@contract/helpdesk-api';
import {
  SEEDED_ROLE_DESCRIPTIONS,
  SOP_INDUSTRIES,
  SOP_PRODUCT_TYPES,
} from '@contract/seeded-texts';
import {
  COUNTED_SOURCE_NOTES,
  DOCUMENT_FAILURES,
  PLURAL_FORMS,
  SOURCE_NOTES,
  UPLOAD_REFUSALS,
} from '@contract/knowledge-texts';
import { FILE_TYPE_NAMES } from '@contract/knowledge';
import { ADDRESS_RANGES, WEB_ADDRESS_TEXTS } from '@contract/server-texts';

type Tree = { [key: string]: string | Tree };

const files = new Map<string, Tree>();
function load(lng: string, ns: string): Tree {
  const id = `${lng}/${ns}`;
  if (!files.has(id))
    files.set(
      id,
      JSON.parse(
        readFileSync(join(process.cwd(), 'public', 'locales', lng, `${ns}.json`), 'utf8'),
      ) as Tree,
    );
  return files.get(id) as Tree;
}

/** The text at `ns:a.b.c`, or undefined. */
function text(lng: string, key: string): string | undefined {
  const [ns, path] = key.split(':');
  let node: string | Tree | undefined = load(lng, ns);
  for (const part of path.split('.'))
    node = typeof node === 'object' ? (node as Tree)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const under = (prefix: string, codes: readonly (string | number)[]) =>
  codes.map((code) => `${prefix}.${code}`);

/** A counted text's keys: every plural form i18next may pick (Arabic needs all six). */
const counted = (prefix: string, codes: readonly string[]) =>
  codes.flatMap((code) => PLURAL_FORMS.map((form) => `${prefix}.${code}_${form}`));

const SITEMAP_SUMMARIES = ['sitemap_pages', 'sitemap_pages_unreadable'] as const;

/** Every key the console looks up for a server's code or seeded text. */
const SERVER_TEXT_KEYS: string[] = [
  ...under('errors:codes', ERROR_CODES),
  ...under('errors:webAddress', WEB_ADDRESS_TEXTS),
  ...under('errors:addressRanges', ADDRESS_RANGES),
  ...under('chat:providerErrors', providerErrorCodes),
  'chat:models.builtin',
  ...under(
    'chat:answerTexts',
    Object.keys((load(FALLBACK_LANGUAGE, 'chat').answerTexts ?? {}) as Tree),
  ),
  'helpdesk:answerTexts.handover',
  ...under('helpdesk:failure', deliveryFailureCodes),
  ...under('email-agent:connectionFailure', SYNC_FAILURES),
  ...under('db-sources:types', DB_SOURCE_TYPES),
  ...under('knowledge:uploadRefusals', UPLOAD_REFUSALS),
  ...under('knowledge:documentFailures', DOCUMENT_FAILURES),
  ...under('knowledge:fileTypes', FILE_TYPE_NAMES),
  ...counted('knowledge:sitemapSummary', SITEMAP_SUMMARIES),
  ...under(
    'chat:sourceNotes',
    SOURCE_NOTES.filter((code) => !COUNTED_SOURCE_NOTES.includes(code)),
  ),
  ...counted('chat:sourceNotes', COUNTED_SOURCE_NOTES),
  // The words the server's pdf layout adds to a shown document (a page's, a row's heading).
  ...under(
    'chat:sourceLayout',
    Object.keys((load(FALLBACK_LANGUAGE, 'chat').sourceLayout ?? {}) as Tree),
  ),
  'common:widgetWelcome',
  ...under(
    'common:seeded.roles',
    Object.values(SEEDED_ROLE_DESCRIPTIONS).map((r) => r.key),
  ),
  'common:seeded.sandbox',
  ...under('common:seeded.products', Object.keys(SOP_PRODUCT_TYPES)),
  ...under('common:seeded.industries', Object.keys(SOP_INDUSTRIES)),
];

/** A product's or protocol's name ("PostgreSQL", "NAT64") reads the same in every language. */
const isName = (english: string) => !/(^|[\s(/-])\p{Ll}/u.test(english);

describe('server texts in every language', () => {
  it('when the server can send a code or seeded text, then every language has a text for it', () => {
    const missing = SUPPORTED_LANGUAGES.flatMap((lng) =>
      SERVER_TEXT_KEYS.filter((key) => !text(lng, key)?.trim()).map((key) => `${lng} ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('when a language has such a text, then it is translated rather than English copied', () => {
    const copied = SUPPORTED_LANGUAGES.filter((lng) => lng !== FALLBACK_LANGUAGE).flatMap((lng) =>
      SERVER_TEXT_KEYS.filter((key) => {
        const english = text(FALLBACK_LANGUAGE, key);
        return english !== undefined && !isName(english) && text(lng, key) === english;
      }).map((key) => `${lng} ${key}`),
    );
    expect(copied).toEqual([]);
  });

  it('when a text has placeholders, then every language fills the same ones', () => {
    const placeholders = (value: string | undefined) =>
      [...(value ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const differing = SUPPORTED_LANGUAGES.flatMap((lng) =>
      SERVER_TEXT_KEYS.filter(
        (key) =>
          placeholders(text(lng, key)).join() !== placeholders(text(FALLBACK_LANGUAGE, key)).join(),
      ).map((key) => `${lng} ${key}`),
    );
    expect(differing).toEqual([]);
  });
});
