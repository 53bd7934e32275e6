/**
 * Knowledge routes (SPEC §7 Documents and uploads). Permissions (SPEC §6), each also checked per
 * department in the services:
 *   POST /upload/docs, POST /upload/urls            Documents.ADD
 *   GET  /upload/uploaded/documents, GET /upload/documents/:id   Documents.LIST_VIEW
 *   PUT  /upload/update_soft_delete                 Documents.DELETE (moving to the recycle bin
 *        is deleting; restoring undoes a delete, so it takes the same right)
 *   POST /delete/documents/all, /delete/url/sitemap Documents.DELETE
 *   POST /upload/documents/:id/resync               Documents.UPDATE (re-reads an existing one)
 *   GET  /upload/documents/:id/download             Documents.VIEW
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes as paths } from '../../../contract/api-paths';
import {
  deleteDocumentsBodySchema,
  deleteDocumentsResponseSchema,
  deleteSitemapsBodySchema,
  documentIdParamsSchema as params,
  documentsPageSchema,
  documentsQuerySchema,
  knowledgeDocumentSchema,
  softDeleteBodySchema,
  softDeleteResponseSchema,
  uploadDocsFieldsSchema,
  uploadDocsResponseSchema,
  uploadUrlsBodySchema,
  uploadUrlsResponseSchema,
} from '../../../contract/knowledge';
import { AppError } from '../../http/app-error';
import { type Api, fileAnswer, needs } from '../../http/route-contract';
import { authOf } from '../../plugins/auth';
import type { Knowledge } from './knowledge-area';
import { MIME } from './service';
import type { UploadAnswer } from './upload-common';
import type { UploadPart } from './upload-service';

const tags = ['Knowledge sources'];
const document = { 200: knowledgeDocumentSchema };
const deleted = { 200: deleteDocumentsResponseSchema };
/** What a download is sent as: the stored type, or bytes (a fetched web page is never HTML). */
const DOWNLOAD_TYPES = [...new Set([...Object.values(MIME), 'application/octet-stream'])];

/**
 * An upload's answer: 200 (shaped by the route's schema) when any item was stored; else the
 * first refusal's status with its message and code beside the items, sent as it is (no schema
 * answers that status, so this reply is the untyped one).
 */
function sendUpload<T>(reply: FastifyReply, result: UploadAnswer<T>) {
  return reply.status(result.status).send(result.body);
}

async function* partsOf(request: FastifyRequest): AsyncGenerator<UploadPart> {
  for await (const part of request.parts()) {
    if (part.type === 'file')
      yield { kind: 'file', filename: part.filename, mimetype: part.mimetype, stream: part.file };
    else yield { kind: 'field', name: part.fieldname, value: String(part.value ?? '') };
  }
}

export function registerKnowledgeRoutes(api: Api, { knowledge: k }: { knowledge: Knowledge }) {
  const subjectOf = (request: FastifyRequest) => authOf(request).subject();

  // Multipart only here (encapsulated): the rest of the API stays JSON-only.
  void api.register(async (scope: Api) => {
    await scope.register(multipart, {
      // The name as sent, directories included, so a traversal attempt is refused, not trimmed.
      preservePath: true,
      throwFileSizeLimit: false,
      limits: {
        // One byte over the cap lets storage see the overflow and answer 413 for that file.
        fileSize: k.maxUploadMb * 1024 * 1024 + 1,
        files: 100,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 150,
      },
    });
    // 200 when any file was stored, each file's outcome in `items`; a refusal of them all
    // answers the first one's status and keeps its top-level message and code beside the items.
    scope.post(
      paths.uploadDocs,
      {
        config: needs('Documents', 'ADD'),
        schema: {
          tags,
          summary: 'Upload documents',
          multipart: { fields: uploadDocsFieldsSchema, files: { files: { many: true } } },
          response: { 200: uploadDocsResponseSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the files as multipart/form-data.',
          );
        const auth = authOf(request);
        const result = await k.uploads.uploadFiles(
          auth.user,
          await auth.subject(),
          partsOf(request),
        );
        return sendUpload(reply, result);
      },
    );
  });

  // As for files: 200 when any address was added; a refusal of them all is sent as it is.
  api.post(
    paths.uploadUrls,
    {
      config: needs('Documents', 'ADD'),
      schema: {
        tags,
        summary: 'Add web pages or a sitemap',
        body: uploadUrlsBodySchema,
        response: { 200: uploadUrlsResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const result = await k.uploads.uploadUrls(auth.user, await auth.subject(), request.body);
      return sendUpload(reply, result);
    },
  );

  api.get(
    paths.documents,
    {
      config: needs('Documents', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List documents',
        querystring: documentsQuerySchema,
        response: { 200: documentsPageSchema },
      },
    },
    async (request) => k.documents.list(await subjectOf(request), request.query),
  );

  api.get(
    paths.document,
    {
      config: needs('Documents', 'LIST_VIEW'),
      schema: { tags, summary: 'Read a document', params, response: document },
    },
    async (request) => k.documents.get(await subjectOf(request), request.params.id),
  );

  api.put(
    paths.softDelete,
    {
      config: needs('Documents', 'DELETE'),
      schema: {
        tags,
        summary: 'Move documents to or from the recycle bin',
        body: softDeleteBodySchema,
        response: { 200: softDeleteResponseSchema },
      },
    },
    async (request) => ({
      items: await k.documents.toggleSoftDelete(
        await subjectOf(request),
        request.body.doc_ids,
        authOf(request).user.id,
      ),
    }),
  );

  api.post(
    paths.deleteDocuments,
    {
      config: needs('Documents', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete documents for good',
        body: deleteDocumentsBodySchema,
        response: deleted,
      },
    },
    async (request) => k.documents.delete(await subjectOf(request), request.body.ids),
  );

  api.post(
    paths.deleteSitemaps,
    {
      config: needs('Documents', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete a sitemap’s pages',
        body: deleteSitemapsBodySchema,
        response: deleted,
      },
    },
    async (request) => k.documents.deleteSitemaps(await subjectOf(request), request.body.urls),
  );

  api.post(
    paths.resyncDocument,
    {
      config: needs('Documents', 'UPDATE'),
      schema: { tags, summary: 'Fetch a web page again', params, response: document },
    },
    async (request) => k.documents.resync(await subjectOf(request), request.params.id),
  );

  api.get(
    paths.downloadDocument,
    {
      config: needs('Documents', 'VIEW'),
      schema: {
        tags,
        summary: 'Download a document’s original file',
        params,
        response: { 200: fileAnswer(DOWNLOAD_TYPES) },
      },
    },
    async (request, reply) => {
      const file = await k.documents.download(await subjectOf(request), request.params.id);
      const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
