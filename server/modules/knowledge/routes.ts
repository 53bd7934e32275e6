/**
 * Knowledge routes (SPEC §7 Documents and uploads, issue 5). Permissions (SPEC §6), each also
 * checked per department in the services:
 *   POST /upload/docs, POST /upload/urls            Documents.ADD
 *   GET  /upload/uploaded/documents, GET /upload/documents/:id   Documents.LIST_VIEW
 *   PUT  /upload/update_soft_delete                 Documents.DELETE (moving to the recycle bin
 *        is deleting; restoring undoes a delete, so it takes the same right)
 *   POST /delete/documents/all, /delete/url/sitemap Documents.DELETE
 *   POST /upload/documents/:id/resync               Documents.UPDATE (re-reads an existing one)
 *   GET  /upload/documents/:id/download             Documents.VIEW
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes as paths } from '../../../contract/api-paths';
import {
  deleteDocumentsBodySchema,
  deleteDocumentsResponseSchema,
  deleteSitemapsBodySchema,
  documentIdParamsSchema as idParams,
  documentsPageSchema,
  documentsQuerySchema,
  knowledgeDocumentSchema,
  softDeleteBodySchema,
  softDeleteResponseSchema,
  uploadDocsResponseSchema,
  uploadUrlsBodySchema,
  uploadUrlsResponseSchema,
} from '../../../contract/knowledge';
import type { ActionName } from '../../../contract/permissions';
import { AppError } from '../../http/app-error';
import { parseInput, shape } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import type { Knowledge } from './knowledge-area';
import type { UploadPart } from './upload-service';

const needs = (action: ActionName) => ({
  config: { permission: { module: 'Documents' as const, action } },
});

async function* partsOf(request: FastifyRequest): AsyncGenerator<UploadPart> {
  for await (const part of request.parts()) {
    if (part.type === 'file')
      yield { kind: 'file', filename: part.filename, mimetype: part.mimetype, stream: part.file };
    else yield { kind: 'field', name: part.fieldname, value: String(part.value ?? '') };
  }
}

export function registerKnowledgeRoutes(
  api: FastifyInstance,
  { knowledge: k }: { knowledge: Knowledge },
) {
  const subjectOf = (request: FastifyRequest) => authOf(request).subject();

  // Multipart only here (encapsulated): the rest of the API stays JSON-only.
  void api.register(async (scope) => {
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
    scope.post(paths.uploadDocs, needs('ADD'), async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.');
      const auth = authOf(request);
      const result = await k.uploads.uploadFiles(auth.user, await auth.subject(), partsOf(request));
      // A refusal keeps its top-level message and code beside the items.
      const body = result.status < 300 ? shape(uploadDocsResponseSchema, result.body) : result.body;
      return reply.status(result.status).send(body);
    });
  });

  api.post(paths.uploadUrls, needs('ADD'), async (request, reply) => {
    const body = parseInput(uploadUrlsBodySchema, request.body);
    const auth = authOf(request);
    const result = await k.uploads.uploadUrls(auth.user, await auth.subject(), body);
    // As for files: shaped when any address was added; a refusal is sent as it is.
    const answer = result.status < 300 ? shape(uploadUrlsResponseSchema, result.body) : result.body;
    return reply.status(result.status).send(answer);
  });

  api.get(paths.documents, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(documentsQuerySchema, request.query, 'query');
    return shape(documentsPageSchema, await k.documents.list(await subjectOf(request), query));
  });

  api.get(paths.document, needs('LIST_VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(knowledgeDocumentSchema, await k.documents.get(await subjectOf(request), id));
  });

  api.put(paths.softDelete, needs('DELETE'), async (request) => {
    const { doc_ids } = parseInput(softDeleteBodySchema, request.body);
    const items = await k.documents.toggleSoftDelete(await subjectOf(request), doc_ids);
    return shape(softDeleteResponseSchema, { items });
  });

  api.post(paths.deleteDocuments, needs('DELETE'), async (request) => {
    const { ids } = parseInput(deleteDocumentsBodySchema, request.body);
    return shape(
      deleteDocumentsResponseSchema,
      await k.documents.delete(await subjectOf(request), ids),
    );
  });

  api.post(paths.deleteSitemaps, needs('DELETE'), async (request) => {
    const { urls } = parseInput(deleteSitemapsBodySchema, request.body);
    return shape(
      deleteDocumentsResponseSchema,
      await k.documents.deleteSitemaps(await subjectOf(request), urls),
    );
  });

  api.post(paths.resyncDocument, needs('UPDATE'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(knowledgeDocumentSchema, await k.documents.resync(await subjectOf(request), id));
  });

  api.get(paths.downloadDocument, needs('VIEW'), async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const file = await k.documents.download(await subjectOf(request), id);
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
  });
}
