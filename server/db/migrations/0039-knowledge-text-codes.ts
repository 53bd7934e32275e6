/**
 * Why a document failed, and a sitemap's summary, as codes the console translates
 * (contract/knowledge-texts.ts), beside the English sentences kept for API clients.
 *
 * - `documents.error_code`, `error_params`: the failure as a code and its parameters (JSON);
 *   `summary_code`, `summary_params`: a summary the server wrote itself (a sitemap's pages).
 * - Rows written before carry English only. The sentences the server wrote until now that a
 *   person meets most are recognised here and get their code; any other stays as it was, and
 *   the console shows its words as they are. The list is frozen: it describes what older
 *   servers wrote, not what the server writes now.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

type Params = Record<string, string>;
type Known = [RegExp, string, (m: RegExpExecArray) => Params];

const none = () => ({});
/** '50 ms' or '120 s' as seconds. */
const seconds = (value: string, unit: string) =>
  String(unit === 'ms' ? Number(value) / 1000 : Number(value));

const FAILURES: Known[] = [
  [/^No text was found in the file\.$/, 'nothing_found', none],
  [/^The file is empty\.$/, 'empty', none],
  [/^The (stored file|file of this document) is missing\.$/, 'file_missing', none],
  [/^Extraction was cancelled\.$/, 'cancelled', none],
  [/^The file is not a PDF\.$/, 'not_pdf', none],
  [/^The PDF is truncated or damaged \(its end is missing\)/, 'pdf_truncated', none],
  [/^The PDF is password-protected/, 'pdf_password', none],
  [
    /^Extraction took longer than (\d+) (s|ms) and was stopped\.$/,
    'timeout',
    (m) => ({ seconds: seconds(m[1], m[2]) }),
  ],
  [
    /^OCR took longer than (\d+) (s|ms) and was stopped\.$/,
    'ocr_timeout',
    (m) => ({ seconds: seconds(m[1], m[2]) }),
  ],
  [
    /^The PDF has (\d+) pages; at most (\d+) pages are read per document\.$/,
    'pdf_pages_limit',
    (m) => ({ pages: m[1], max: m[2] }),
  ],
  [
    /^The PDF has (\d+) scanned pages; at most (\d+) pages are read with OCR per document\.$/,
    'scanned_pages_limit',
    (m) => ({ pages: m[1], max: m[2] }),
  ],
  [
    /^Ingestion was interrupted (\d+) times without finishing/,
    'interrupted',
    (m) => ({ times: m[1] }),
  ],
  [/^OCR engine \(tesseract\) is not installed$/, 'ocr_missing', none],
  [/^PDF page renderer \(pdftoppm from poppler-utils\) is not installed/, 'renderer_missing', none],
  [/^The sitemap was never fetched\.$/, 'sitemap_missing', none],
  [/^This is not a sitemap: /, 'not_sitemap', none],
  [/^The sitemap lists no pages\.$/, 'sitemap_empty', none],
  [
    /^None of the (\d+) sitemaps listed could be read\.$/,
    'sitemaps_unreadable',
    (m) => ({ sitemaps: m[1] }),
  ],
];

const SITEMAP_SUMMARY = /^Sitemap with (\d+) pages?(?: \((\d+) nested sitemaps unreadable\))?\.$/;

function recognise(known: Known[], text: string) {
  for (const [pattern, code, params] of known) {
    const m = pattern.exec(text);
    if (m) return { code, params: JSON.stringify(params(m)) };
  }
  return undefined;
}

export function knowledgeTextCodes(): Migration {
  return {
    async up(db: AnyDb) {
      for (const column of ['error_code', 'summary_code'])
        await db.schema.alterTable('documents').addColumn(column, 'varchar(32)').execute();
      for (const column of ['error_params', 'summary_params'])
        await db.schema.alterTable('documents').addColumn(column, 'text').execute();

      const failed = (await db
        .selectFrom('documents')
        .select(['id', 'error'])
        .where('error', 'is not', null)
        .execute()) as { id: number; error: string }[];
      for (const row of failed) {
        const text = recognise(FAILURES, row.error);
        if (text)
          await db
            .updateTable('documents')
            .set({ error_code: text.code, error_params: text.params })
            .where('id', '=', row.id)
            .execute();
      }

      const sitemaps = (await db
        .selectFrom('documents')
        .select(['id', 'summary'])
        .where('type', '=', 'sitemap')
        .where('summary', 'is not', null)
        .execute()) as { id: number; summary: string }[];
      for (const row of sitemaps) {
        const m = SITEMAP_SUMMARY.exec(row.summary);
        if (!m) continue;
        await db
          .updateTable('documents')
          .set(
            m[2]
              ? {
                  summary_code: 'sitemap_pages_unreadable',
                  summary_params: JSON.stringify({ count: m[1], unreadable: m[2] }),
                }
              : { summary_code: 'sitemap_pages', summary_params: JSON.stringify({ count: m[1] }) },
          )
          .where('id', '=', row.id)
          .execute();
      }
    },
    async down(db: AnyDb) {
      for (const column of ['summary_params', 'summary_code', 'error_params', 'error_code'])
        await db.schema.alterTable('documents').dropColumn(column).execute();
    },
  };
}
