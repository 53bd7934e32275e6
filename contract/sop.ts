/**
 * SOP repository and checklists (SPEC §2 /sop-repository, §3 SOP upload, archive, client,
 * checklist filters and save/export, §4 archive, §7 SOP). SPEC shows no payloads
 * beyond field names; these shapes are ours.
 *
 * - An SOP document is one pdf or docx (its current file, earlier ones kept as its history)
 *   with reference files, in a department, for a client, industry and product type.
 * - `DELETE /sop/documents` moves documents to the archive (it needs `comments`, as archiving
 *   does); only `DELETE /sop/archived` removes them for good, with their files.
 * - A checklist is generated from an SOP for one shipment; its items cite the SOP page they come
 *   from, and what was left out for another mode or country is kept with the reason.
 */
import { z } from 'zod';
import { recordIdSchema } from './ids';
import { EXPORT_FORMATS, LIST_DEFAULT } from './constants';
import { pagedSchema } from './paging';
import { patterns } from './validation';

export const SHIPMENT_MODES = ['air', 'sea', 'road', 'rail'] as const;
export type ShipmentMode = (typeof SHIPMENT_MODES)[number];
export const CHECKLIST_STATUSES = ['draft', 'in_progress', 'complete'] as const;
type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];
export const SOP_UPLOAD_EXTENSIONS = ['pdf', 'docx'] as const;
const SOP_NAME_MAX = 200;

export { sopRoutes } from './sop-routes';

const id = recordIdSchema;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation:tooLong')
    .regex(patterns.plainText, 'validation:plainText');
const required = (max: number) => text(max).min(1, 'validation:required');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'sop:errors.date');
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'sop:errors.country')
  .transform((c) => c.toUpperCase());

export const sopFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  size_bytes: z.number(),
  page_count: z.number(),
  version: z.number(),
  uploaded_at: z.string(),
  uploaded_by: z.string(),
});
export type SopFile = z.infer<typeof sopFileSchema>;

export const sopDocumentSchema = z.object({
  id: z.number(),
  name: z.string(),
  department_id: z.number(),
  department_name: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  industry: z.string(),
  product_type: z.string(),
  archived: z.boolean(),
  archive_comment: z.string().nullable(),
  archived_at: z.string().nullable(),
  archived_by: z.string().nullable(),
  page_count: z.number(),
  requirement_count: z.number(),
  /** The current file first, then the replaced ones, newest first. */
  versions: z.array(sopFileSchema),
  references: z.array(sopFileSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SopDocument = z.infer<typeof sopDocumentSchema>;
export const sopDocumentPageSchema = pagedSchema(sopDocumentSchema);
/** POST /sop/documents: one document for each SOP file sent. */
export const sopUploadResponseSchema = z.object({ items: z.array(sopDocumentSchema) });

export const sopDocumentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(LIST_DEFAULT.page),
  size: z.coerce.number().int().min(1).max(500).default(LIST_DEFAULT.size),
  name: text(200).optional(),
  department_id: id.optional(),
  product_type: text(100).optional(),
  client_name: text(100).optional(),
  search_type: z.enum(['unarchived', 'archived']).default('unarchived'),
  document_id: id.optional(),
});
export type SopDocumentsQuery = z.infer<typeof sopDocumentsQuerySchema>;

/** The text fields of POST /sop/documents (multipart, beside `files` and `reference_files`). */
export const sopUploadFieldsSchema = z.object({
  department_id: id,
  client_id: id,
  industry: required(100),
  product_type: required(100),
});

/**
 * PUT /sop/documents/{id}/details (ours; SPEC has no call for it): what the upload form set,
 * and the SOP's name, checked as the upload checks them. All fields are sent, so the form and
 * the stored document never disagree about a field left out.
 */
export const sopDetailsSchema = sopUploadFieldsSchema.extend({ name: required(SOP_NAME_MAX) });
export type SopDetails = z.infer<typeof sopDetailsSchema>;

/** The text field of POST /sop/documents/reference (multipart, beside `reference_files`). */
export const sopReferenceFieldsSchema = z.object({ document_id: id });
/** `?lng=` of a checklist export: the language of its headings. */
export const exportLanguageQuerySchema = z.object({ lng: z.string().max(10).optional() });

export const archiveBodySchema = z.object({ comments: required(1000) });
export const documentIdsBodySchema = z.object({
  document_ids: z.array(id).min(1, 'validation:required').max(500),
});
export const archiveManyBodySchema = documentIdsBodySchema.extend({ comments: required(1000) });
export const referenceIdsBodySchema = z.object({
  reference_ids: z.array(id).min(1, 'validation:required').max(500),
});

export const lookupSchema = z.object({ id: z.number(), name: z.string() });
export const lookupListSchema = z.object({ items: z.array(lookupSchema) });
const countrySchema = z.object({ code: z.string(), name: z.string() });
export const countryListSchema = z.object({ items: z.array(countrySchema) });
export const namesListSchema = z.object({ items: z.array(z.string()) });
const clientNameField = z
  .string()
  .trim()
  .min(1, 'validation:required')
  .max(80, 'validation:tooLong')
  .regex(patterns.nameLike, 'validation:nameLike');

export const checklistItemSchema = z.object({
  id: z.string(),
  /** The SOP's own heading the item stands under (for a docx SOP, what locates it). */
  section: z.string(),
  text: z.string(),
  /**
   * The SOP page (1-based) the item stands on, and its page link. Null for a docx SOP: a docx
   * has no pages, so there is no page link; its section locates it.
   */
  page: z.number().nullable(),
  /** The SOP passage the item stands on, word for word. */
  source: z.string(),
  modes: z.array(z.enum(SHIPMENT_MODES)),
  countries: z.array(z.string()),
  done: z.boolean(),
  not_applicable: z.boolean(),
  note: z.string(),
  owner: z.string(),
  due_date: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const excludedItemSchema = z.object({
  section: z.string(),
  text: z.string(),
  page: z.number().nullable(),
  reason: z.enum(['mode', 'country']),
  /** The modes or country codes the requirement applies to. */
  applies_to: z.array(z.string()),
});
export type ExcludedItem = z.infer<typeof excludedItemSchema>;

export const checklistSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  sop_doc_id: z.number().nullable(),
  /**
   * The SOP file version the checklist was generated from: its page links open
   * GET /sop/documents/{sop_doc_id}?version={sop_version}. Null when unknown (the current file).
   */
  sop_version: z.number().nullable().optional(),
  sop_name: z.string(),
  client_name: z.string(),
  department_id: z.number(),
  from_location: z.string(),
  to_location: z.string(),
  shipment_mode: z.enum(SHIPMENT_MODES),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(CHECKLIST_STATUSES),
  item_count: z.number(),
  done_count: z.number(),
  version: z.number(),
  engine: z.enum(['builtin', 'llm']),
  created_by: z.string(),
  updated_at: z.string(),
});
export type ChecklistSummary = z.infer<typeof checklistSummarySchema>;
export const checklistPageSchema = pagedSchema(checklistSummarySchema);

export const checklistSchema = checklistSummarySchema.extend({
  items: z.array(checklistItemSchema),
  excluded: z.array(excludedItemSchema),
});
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(LIST_DEFAULT.page),
  size: z.coerce.number().int().min(1).max(500).default(LIST_DEFAULT.size),
  name: text(200).optional(),
  from_location: countryCode.optional(),
  to_location: countryCode.optional(),
  shipment_mode: z.enum(SHIPMENT_MODES).optional(),
  sop_doc_id: id.optional(),
  checklist_id: id.optional(),
  status: z.enum(CHECKLIST_STATUSES).optional(),
  /** Shipments that end on or after this day. */
  start_date: isoDate.optional(),
  /** Shipments that start on or before this day. */
  end_date: isoDate.optional(),
});
export type ChecklistsQuery = z.infer<typeof checklistsQuerySchema>;

export const generateChecklistSchema = z
  .object({
    sop_doc_id: id,
    name: required(SOP_NAME_MAX),
    from_location: countryCode,
    to_location: countryCode,
    shipment_mode: z.enum(SHIPMENT_MODES),
    start_date: isoDate,
    end_date: isoDate,
  })
  .refine((c) => c.end_date >= c.start_date, {
    path: ['end_date'],
    message: 'sop:errors.endBeforeStart',
  });
export type GenerateChecklist = z.infer<typeof generateChecklistSchema>;

/** What a person changes on an item; the SOP's wording and page never change. */
export const itemEditSchema = z.object({
  id: z.string().max(40),
  done: z.boolean().optional(),
  not_applicable: z.boolean().optional(),
  note: text(1000).optional(),
  owner: text(120).optional(),
  due_date: isoDate.nullable().optional(),
});
export type ItemEdit = z.infer<typeof itemEditSchema>;

export const checklistDataSchema = z.object({
  name: required(SOP_NAME_MAX).optional(),
  items: z.array(itemEditSchema).max(5000),
});
export type ChecklistData = z.infer<typeof checklistDataSchema>;

export const EXPORT_TYPES = EXPORT_FORMATS;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const saveChecklistSchema = z.object({
  checklist_id: id,
  checklist_data: checklistDataSchema,
  export_type: z.enum(EXPORT_TYPES).optional(),
});
export const exportChecklistSchema = z.object({
  checklist_id: id,
  checklist_data: checklistDataSchema.optional(),
  export_type: z.enum(EXPORT_TYPES).default('pdf'),
});

export const checklistVersionSchema = z.object({
  version: z.number(),
  changed_by: z.string(),
  changed_at: z.string(),
  changes: z.array(
    z.object({ item: z.string(), field: z.string(), old: z.string(), new: z.string() }),
  ),
});
export const checklistVersionsSchema = z.object({ items: z.array(checklistVersionSchema) });
export type ChecklistVersion = z.infer<typeof checklistVersionSchema>;

/** A checklist's status follows from its items. */
export function checklistStatus(
  items: readonly Pick<ChecklistItem, 'done' | 'not_applicable'>[],
): ChecklistStatus {
  const settled = items.filter((i) => i.done || i.not_applicable).length;
  if (settled === 0) return 'draft';
  return settled === items.length ? 'complete' : 'in_progress';
}

export { COUNTRY_CODES, countryName } from './countries';

/** The path of the routes about one SOP document, reference, archived SOP or checklist. */
export const sopIdParamsSchema = z.object({ id });
/** GET /sop/documents/{id}: which version's file to show (the current one without). */
export const sopViewQuerySchema = z.object({
  version: z.coerce.number().int().min(1).optional(),
  /** The reader's console language: the words a docx's layout adds (a page's heading) speak it. */
  lng: z.string().trim().max(35).optional(),
});
/** GET /sop/documents/reference/{id}: a reference file has no versions, only the language. */
export const sopReferenceViewQuerySchema = sopViewQuerySchema.pick({ lng: true });
/** GET /sop/countries: the language of the country names. */
export const countriesQuerySchema = z.object({ lng: z.string().max(10).optional() });
/** POST /sop/clients/{first_name}: the name, checked as a client's name. */
export const clientNameParamsSchema = z.object({ first_name: clientNameField });
/** GET /sop/checklists/references/{id}: the reference files of a checklist's SOP. */
export const sopFileListSchema = z.object({ items: z.array(sopFileSchema) });
