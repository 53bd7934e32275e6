/**
 * The shapes of the routes that take a multipart form or answer a file, checked by
 * api-docs-files.test.ts: the uploads of knowledge documents and SOP files (their text fields
 * as the handler parses them, their file fields), the downloads, the report export and the
 * checklist service (save, and export as pdf, csv or xlsx). A file answer lists the content
 * types the handler sends, from the same tables it sends them from.
 */
import * as knowledge from '../../contract/knowledge';
import { exportQuerySchema } from '../../contract/reports';
import * as sop from '../../contract/sop';
import { idParams } from '../modules/identity/params';
import { MIME as storedTypes } from '../modules/knowledge/service';
import { TYPES as reportTypes } from '../modules/reports/export/send';
import { CONTENT_TYPES as checklistTypes } from '../modules/sop/checklist-service';
import type { RouteSchemas } from './route-schemas';

const many = { many: true } as const;
const unique = (types: string[]) => [...new Set(types)];

export const fileRouteSchemas: Record<string, RouteSchemas> = {
  // 200 when any file was stored; each file's outcome is in `items`.
  'POST /api/upload/docs': {
    multipart: { fields: knowledge.uploadDocsFieldsSchema, files: { files: many } },
    response: knowledge.uploadDocsResponseSchema,
  },
  // Every file but `reference_files` is an SOP: one document each, with the references.
  'POST /api/sop/documents': {
    multipart: {
      fields: sop.sopUploadFieldsSchema,
      files: { files: many, reference_files: { many: true, optional: true } },
    },
    response: sop.sopUploadResponseSchema,
    status: 201,
  },
  // One file, the new current version (any field name is taken; the console sends `file`).
  'PUT /api/sop/documents/update/:id': {
    params: sop.sopIdParamsSchema,
    multipart: { files: { file: {} } },
    response: sop.sopDocumentSchema,
  },
  'POST /api/sop/documents/reference': {
    multipart: { fields: sop.sopReferenceFieldsSchema, files: { reference_files: many } },
    response: sop.sopDocumentSchema,
    status: 201,
  },
  // A document as a pdf (its text set as pages when it is not a pdf itself).
  'GET /api/download/:id': { params: idParams, file: ['application/pdf'] },
  // The original as it was uploaded; a fetched web page as bytes, never as HTML.
  'GET /api/upload/documents/:id/download': {
    params: knowledge.documentIdParamsSchema,
    file: unique([...Object.values(storedTypes), 'application/octet-stream']),
  },
  'GET /api/reports/analytics/export/': {
    query: exportQuerySchema,
    file: Object.values(reportTypes),
  },
  'POST /api/sop/save_checklist': { body: sop.saveChecklistSchema, response: sop.checklistSchema },
  'POST /api/sop/export_checklist': {
    body: sop.exportChecklistSchema,
    query: sop.exportLanguageQuerySchema,
    file: Object.values(checklistTypes),
  },
};
