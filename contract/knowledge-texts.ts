/**
 * What the knowledge area tells a person, as codes with parameters the console says in its
 * reader's language (knowledge.json `uploadRefusals`, `documentFailures`, `fileTypes`,
 * `sitemapSummary`; chat.json `sourceNotes`), while the English `message` (or `error`,
 * `summary`) beside each code stays for API clients. Parameters are strings: numbers as digits
 * (the console writes them in its locale), sizes in bytes, durations in seconds, file types as
 * their extension (`type`, `ext`: translated through `fileTypes`); names, addresses, sheet and
 * part names and `detail` (a library's own words about a damaged file) are shown as they are.
 * server-texts.test.ts reads these lists, so a code without a text in every locale fails.
 */
import { z } from 'zod';

/**
 * Why POST /upload/docs refused one file. Parameters: `name` always; `types` (the allowed
 * extensions), `declared` and `ext` (the content type sent and the extension), `max_mb`,
 * `max_parts`, `existing` (the name the same content is stored under).
 */
export const UPLOAD_REFUSALS = [
  'file_name',
  'type_not_allowed',
  'declared_type',
  'content_mismatch',
  'csv_binary',
  'too_large',
  'empty',
  'package_too_large',
  'duplicate',
  'duplicate_unnamed',
] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSALS)[number];

/**
 * Why a document could not be read (status failed). `page_fetch`: a web page could not be
 * fetched; its `web` parameter is the errors.json `webAddress` code, with that text's
 * parameters beside it.
 */
export const DOCUMENT_FAILURES = [
  'nothing_found',
  'file_missing',
  'empty',
  'type_unreadable',
  'unreadable',
  'damaged',
  'damaged_detail',
  'timeout',
  'cancelled',
  'no_answer',
  'out_of_memory',
  'extractor_stopped',
  'image_too_large',
  'image_no_pixels',
  'scanned_pages_limit',
  'not_pdf',
  'pdf_truncated',
  'pdf_password',
  'pdf_damaged',
  'pdf_pages_limit',
  'rows_limit',
  'text_limit',
  'ocr_missing',
  'renderer_missing',
  'ocr_language_missing',
  'ocr_no_languages',
  'ocr_timeout',
  'ocr_failed',
  'render_timeout',
  'render_failed',
  'office_damaged',
  'office_password',
  'office_part_damaged',
  'zip_bomb_entries',
  'zip_bomb_overlap',
  'zip_bomb_part',
  'zip_bomb_ratio',
  'zip_bomb_size',
  'zip_bomb_token',
  'zip_bomb_expands',
  'zip_bomb_part_expands',
  'zip_bomb_total',
  'sitemap_missing',
  'not_sitemap',
  'sitemap_empty',
  'sitemaps_unreadable',
  'page_fetch',
  'interrupted',
  'unexpected',
] as const;
export type DocumentFailure = (typeof DOCUMENT_FAILURES)[number];

/**
 * Notes the source viewer shows beside a document (GET /download/{id}/notes) and the summary
 * of a sitemap. `count` (pages, parts) takes the language's plural forms; `unreadable`: nested
 * sitemaps that could not be read.
 */
export const SOURCE_NOTES = [
  'no_text',
  'parts_truncated',
  'sitemap_pages',
  'sitemap_pages_unreadable',
] as const;
export type SourceNote = (typeof SOURCE_NOTES)[number];

/** Texts with a `count` whose keys carry i18next's plural suffixes (every form in every locale). */
export const COUNTED_SOURCE_NOTES: readonly SourceNote[] = [
  'parts_truncated',
  'sitemap_pages',
  'sitemap_pages_unreadable',
];
/** i18next's plural suffixes; Arabic uses all six, the other console languages fewer. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const textParams = z.record(z.string(), z.string());

export const uploadRefusalTextSchema = z.object({
  code: z.enum(UPLOAD_REFUSALS),
  params: textParams,
});
export const documentFailureTextSchema = z.object({
  code: z.enum(DOCUMENT_FAILURES),
  params: textParams,
});
export type DocumentFailureText = z.infer<typeof documentFailureTextSchema>;
export const sourceNoteTextSchema = z.object({ code: z.enum(SOURCE_NOTES), params: textParams });
export type SourceNoteText = z.infer<typeof sourceNoteTextSchema>;
