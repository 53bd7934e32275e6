/**
 * Knowledge uploads and the repository (SPEC §2 /upload /repository, §3 Document / Upload, §4,
 * §5, §7 Documents and uploads, §8). Payload shapes are ours where SPEC says "not shown".
 */
import { z } from 'zod';
import { DOCUMENTS_DEFAULT_SIZE } from './constants';
import { sortField } from './paging';
import {
  documentFailureTextSchema,
  sourceNoteTextSchema,
  UPLOAD_REFUSALS,
} from './knowledge-texts';
import { WEB_ADDRESS_TEXTS } from './server-texts';

/** SPEC §5 extension list; the server also checks the content (magic bytes). */
export const UPLOAD_EXTENSIONS = [
  'jpg',
  'jpeg',
  'gif',
  'png',
  'bmp',
  'doc',
  'docx',
  'pdf',
  'csv',
  'xls',
  'xlsx',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/**
 * File types a refusal's or failure's `type` or `ext` parameter names (knowledge-texts.ts), each
 * with its name in knowledge.json `fileTypes`: the upload extensions, web pages and sitemaps.
 */
export const FILE_TYPE_NAMES = [...UPLOAD_EXTENSIONS, 'html', 'sitemap'] as const;

/** The picker's `accept` attribute. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedUploadName(fileName: string): boolean {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/**
 * SPEC §5 web addresses: split on commas, trim, drop empties, add https:// where the entry has
 * neither http:// nor https://.
 */
export function parseUrlList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => (/^https?:\/\//i.test(s) ? s : `https://${s}`));
}

export const documentStatusSchema = z.enum(['queued', 'processing', 'ready', 'failed']);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

export const documentProgressSchema = z.object({
  phase: z.enum(['ocr']),
  done: z.number().int(),
  total: z.number().int(),
});
export type DocumentProgress = z.infer<typeof documentProgressSchema>;

export const knowledgeDocumentSchema = z.object({
  id: z.number().int(),
  /** File name, or the address for web entries (SPEC §3). */
  name: z.string(),
  is_url: z.boolean(),
  /** Extension for files ('pdf', 'xlsx', …); 'html' or 'sitemap' for addresses. */
  type: z.string(),
  size_bytes: z.number().int(),
  department_id: z.number().int(),
  department_name: z.string(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  uploaded_at: z.string(),
  /**
   * Our addition: who moved it to the recycle bin and when; null outside the bin, and for
   * documents binned before this was recorded (nobody knows). A server without it leaves it out.
   */
  deleted_by: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  deleted_at: z.string().nullable().optional(),
  status: documentStatusSchema,
  /** Readable reason when status is failed, in English. */
  error: z.string().nullable(),
  /**
   * Our addition: `error` as a code with parameters the console says in its reader's language;
   * null when the server has only the English (documents that failed before it kept codes). A
   * server without it leaves it out.
   */
  error_text: documentFailureTextSchema.nullable().optional(),
  soft_delete: z.boolean(),
  advanced_training: z.boolean(),
  need_summary: z.boolean(),
  summary: z.string().nullable(),
  /**
   * Our addition: a summary the server wrote itself (a sitemap's "Sitemap with 12 pages.") as a
   * code with parameters; null for a written summary. A server without it leaves it out.
   */
  summary_text: sourceNoteTextSchema.nullable().optional(),
  /** Pages, sheets or parts extracted; null until ready. */
  page_count: z.number().int().nullable(),
  chunk_count: z.number().int(),
  /** For pages listed by a sitemap: the sitemap document's id. */
  parent_id: z.number().int().nullable(),
  last_fetched_at: z.string().nullable(),
  /**
   * Our addition: what a queued or processing document is doing while it takes long — 'ocr':
   * reading scanned pages (or an image), `done` of `total` read. Null otherwise; a server
   * without it leaves it out.
   */
  progress: documentProgressSchema.nullable().optional(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

/**
 * Columns the knowledge list sorts by (`sort`, our addition); uploaded is the upload time,
 * deleted the time it went to the recycle bin.
 */
export const DOCUMENT_SORTS = ['name', 'type', 'size', 'uploaded', 'status', 'deleted'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const documentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(DOCUMENTS_DEFAULT_SIZE),
  search: z.string().trim().max(200).optional(),
  department_id: z.coerce.number().int().optional(),
  /** 'true' web addresses only, 'false' files only, absent both. */
  is_url: z.enum(['true', 'false']).optional(),
  /** Our addition: 'true' lists the recycle bin (soft-deleted documents) instead. */
  soft_delete: z.enum(['true', 'false']).optional(),
  /**
   * Our addition: the pages of this sitemap. Without it and without a search, the list holds
   * top-level documents only: a sitemap stands for its pages (page_count says how many).
   */
  parent_id: z.coerce.number().int().optional(),
  sort: sortField(DOCUMENT_SORTS),
});
export type DocumentsQuery = z.input<typeof documentsQuerySchema>;

/** One entry per file of POST /upload/docs, in the order sent. */
export const uploadItemResultSchema = z.object({
  file_name: z.string(),
  /** 201 stored, 400 bad request/too many, 409 duplicate, 413 too large, 415 wrong type. */
  status_code: z.number().int(),
  /** In English, for API clients; the console says `code` with `params` in its language. */
  message: z.string(),
  /** Why the file was refused (absent when it was stored). */
  code: z.enum(UPLOAD_REFUSALS).optional(),
  params: z.record(z.string(), z.string()).optional(),
  document_id: z.number().int().nullable(),
});
export type UploadItemResult = z.infer<typeof uploadItemResultSchema>;

export const uploadDocsResponseSchema = z.object({ items: z.array(uploadItemResultSchema) });
export type UploadDocsResponse = z.infer<typeof uploadDocsResponseSchema>;

/**
 * The text fields of POST /upload/docs (multipart, beside its `files`). Sent as text: the
 * department is checked by the upload itself (its own messages), a switch is on for true, 1, on
 * or yes.
 */
export const uploadDocsFieldsSchema = z.object({
  department_id: z.string().describe('The id of the department the files go to.'),
  advanced_training: z.string().optional().describe('Read tables and images too (true/false).'),
  need_summary: z.string().optional().describe('Write a summary of each file (true/false).'),
});
export type UploadDocsFields = z.infer<typeof uploadDocsFieldsSchema>;

export const uploadUrlsBodySchema = z.object({
  urls: z.array(z.string().trim().min(1).max(2048)).min(1).max(100),
  advanced_training: z.boolean().default(false),
  /** Department id (SPEC §7 names the field `department`). */
  department: z.coerce.number().int(),
});
export type UploadUrlsBody = z.input<typeof uploadUrlsBodySchema>;

export const uploadUrlsResponseSchema = z.object({
  items: z.array(
    z.object({
      url: z.string(),
      status_code: z.number().int(),
      /** In English, for API clients; the console says `code` with `params` in its language. */
      message: z.string(),
      code: z.enum(WEB_ADDRESS_TEXTS).optional(),
      params: z.record(z.string(), z.string()).optional(),
      document_id: z.number().int().nullable(),
    }),
  ),
});
export type UploadUrlsResponse = z.infer<typeof uploadUrlsResponseSchema>;

export const softDeleteBodySchema = z.object({
  doc_ids: z.array(z.number().int()).min(1).max(1000),
});
export const deleteDocumentsBodySchema = z.object({
  ids: z.array(z.number().int()).min(1).max(1000),
});

/** Where a chunk came from inside its document. */
export const sourcePositionSchema = z.object({
  page: z.number().int().nullable(),
  sheet: z.string().nullable(),
  row_start: z.number().int().nullable(),
  row_end: z.number().int().nullable(),
  heading: z.string().nullable(),
});
export type SourcePosition = z.infer<typeof sourcePositionSchema>;

/** POST /delete/url/sitemap: the sitemaps' addresses (as added). */
export const deleteSitemapsBodySchema = z.object({
  urls: z.array(z.string().trim().min(1).max(2048)).min(1).max(100),
});

/** PUT /upload/update_soft_delete answers the documents as they are now. */
export const softDeleteResponseSchema = z.object({ items: z.array(knowledgeDocumentSchema) });

/** POST /delete/documents/all and /delete/url/sitemap: rows removed (a sitemap's pages count). */
export const deleteDocumentsResponseSchema = z.object({ deleted: z.number().int() });

export const documentsPageSchema = z.object({
  items: z.array(knowledgeDocumentSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/**
 * GET /download/{id}: the reader's console language, which the words the pdf's layout adds
 * speak (a page's, a sheet's, a row's heading); Accept-Language, then English, without it.
 */
export const downloadQuerySchema = z.object({ lng: z.string().trim().max(35).optional() });

/** GET /download/{id}/notes: what the source viewer says beside the document's pdf. */
export const sourceNotesSchema = z.object({ notes: z.array(sourceNoteTextSchema) });
export type SourceNotes = z.infer<typeof sourceNotesSchema>;

/** The path of the routes about one document (GET, resync, download). */
export const documentIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
