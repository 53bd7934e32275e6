/**
 * SOP documents, archive and lookups (SPEC §7 SOP; issue 15). Rights (SPEC §6, module Sop),
 * each also checked per department in the services:
 *   GET  /sop/documents, /sop/archived/documents, the lookups, the pdf views   LIST_VIEW
 *   POST /sop/documents, POST /sop/clients/{first_name}                       ADD
 *   PUT  /sop/documents/update/{id}, POST /sop/documents/reference,
 *        DELETE /sop/documents/references                                      UPDATE
 *   DELETE /sop/documents (archive, with comments), PUT /sop/archived/documents/{id},
 *        PUT …/unarchive/{id}, DELETE /sop/archived (permanently)              DELETE
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { messageResponseSchema } from '../../../contract/auth';
import type { ActionName } from '../../../contract/permissions';
import {
  archiveBodySchema,
  archiveManyBodySchema,
  clientNameParamsSchema,
  countriesQuerySchema,
  countryListSchema,
  documentIdsBodySchema,
  lookupListSchema,
  lookupSchema,
  namesListSchema,
  referenceIdsBodySchema,
  sopDocumentPageSchema,
  sopDocumentSchema,
  sopDocumentsQuerySchema,
  sopIdParamsSchema as idParams,
  sopViewQuerySchema as viewQuery,
  sopRoutes as paths,
  sopUploadResponseSchema,
} from '../../../contract/sop';
import type { Storage } from '../../services/storage';
import type { Sop } from './sop-area';
import { AppError } from '../../http/app-error';
import { parseInput, shape } from '../../http/validate';
import type { SopFileRow } from '../../db/schema';
import { textPdf } from '../../services/render/pdf';
import { sectionBlocks } from '../download/content';
import { actorOf } from '../identity/request-actor';
import type { SopSection } from '../../services/checklist/types';
import { sourcePosition } from '../../services/ingest/types';
import type { SopPart } from './sop-files';

export const needs = (action: ActionName) => ({
  config: { permission: { module: 'Sop' as const, action } },
});

async function* partsOf(request: FastifyRequest): AsyncGenerator<SopPart> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.');
  for await (const part of request.parts()) {
    if (part.type === 'file')
      yield {
        kind: 'file',
        field: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        stream: part.file,
      };
    else yield { kind: 'field', name: part.fieldname, value: String(part.value ?? '') };
  }
}

/** A stored SOP file as a pdf: a pdf as it is, a docx set as text by the pdf renderer. */
async function sendPdf(reply: FastifyReply, file: SopFileRow, pathOf: (p: string) => string) {
  const ascii = file.name
    .replace(/\.docx$/i, '.pdf')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${ascii}"`)
    .header('cache-control', 'private, no-store');
  if (file.type === 'pdf') return reply.send(createReadStream(pathOf(file.storage_path)));
  const sections = JSON.parse(file.sections_json ?? '[]') as SopSection[];
  const blocks = sectionBlocks(
    file.name,
    sections.map((s) => ({
      text: s.text,
      position: sourcePosition({ page: s.page, heading: s.heading }),
    })),
  );
  return reply.send(Buffer.from(await textPdf({ title: file.name }, blocks)));
}

export function registerSopRoutes(
  api: FastifyInstance,
  { sop, storage }: { sop: Sop; storage: Storage },
) {
  const pathOf = (p: string) => storage.pathOf(p);

  void api.register(async (scope) => {
    await scope.register(multipart, {
      preservePath: true,
      throwFileSizeLimit: false,
      limits: {
        fileSize: sop.maxUploadMb * 1024 * 1024 + 1,
        files: 100,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 150,
      },
    });
    scope.post(paths.documents, needs('ADD'), async (request, reply) => {
      const items = await sop.documents.upload(await actorOf(request), partsOf(request));
      return reply.code(201).send(shape(sopUploadResponseSchema, { items }));
    });
    scope.put(paths.documentUpdate, needs('UPDATE'), async (request) => {
      const { id } = parseInput(idParams, request.params, 'params');
      return shape(
        sopDocumentSchema,
        await sop.documents.replace(await actorOf(request), id, partsOf(request)),
      );
    });
    scope.post(paths.referenceAdd, needs('UPDATE'), async (request, reply) => {
      const doc = await sop.documents.addReferences(await actorOf(request), partsOf(request));
      return reply.code(201).send(shape(sopDocumentSchema, doc));
    });
  });

  api.get(paths.documents, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(sopDocumentsQuerySchema, request.query, 'query');
    return shape(sopDocumentPageSchema, await sop.documents.list(await actorOf(request), query));
  });
  api.get(paths.archived, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(
      sopDocumentsQuerySchema,
      { ...(request.query as object), search_type: 'archived' },
      'query',
    );
    return shape(sopDocumentPageSchema, await sop.documents.list(await actorOf(request), query));
  });
  api.get(paths.document, needs('LIST_VIEW'), async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const { version } = parseInput(viewQuery, request.query, 'query');
    return sendPdf(
      reply,
      await sop.documents.fileToView(await actorOf(request), { documentId: id, version }),
      pathOf,
    );
  });
  api.get(paths.reference, needs('LIST_VIEW'), async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return sendPdf(
      reply,
      await sop.documents.fileToView(await actorOf(request), { referenceId: id }),
      pathOf,
    );
  });
  api.delete(paths.references, needs('UPDATE'), async (request) => {
    const { reference_ids } = parseInput(referenceIdsBodySchema, request.body);
    return shape(
      messageResponseSchema,
      await sop.documents.removeReferences(await actorOf(request), reference_ids),
    );
  });
  api.delete(paths.documents, needs('DELETE'), async (request) => {
    const { document_ids, comments } = parseInput(archiveManyBodySchema, request.body);
    return shape(
      messageResponseSchema,
      await sop.archive.archive(await actorOf(request), document_ids, comments),
    );
  });
  api.put(paths.archive, needs('DELETE'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const { comments } = parseInput(archiveBodySchema, request.body ?? {});
    return shape(
      messageResponseSchema,
      await sop.archive.archive(await actorOf(request), [id], comments),
    );
  });
  api.put(paths.unarchive, needs('DELETE'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(sopDocumentSchema, await sop.archive.unarchive(await actorOf(request), id));
  });
  api.delete(paths.archivedDelete, needs('DELETE'), async (request) => {
    const { document_ids } = parseInput(documentIdsBodySchema, request.body);
    return shape(
      messageResponseSchema,
      await sop.archive.deleteArchived(await actorOf(request), document_ids),
    );
  });

  api.get(paths.countries, needs('LIST_VIEW'), async (request) => {
    const { lng } = parseInput(countriesQuerySchema, request.query, 'query');
    return shape(countryListSchema, { items: sop.lookups.countries(lng) });
  });
  api.get(paths.clients, needs('LIST_VIEW'), async () =>
    shape(lookupListSchema, { items: await sop.lookups.clients() }),
  );
  api.post(paths.clientAdd, needs('ADD'), async (request, reply) => {
    const { first_name } = parseInput(clientNameParamsSchema, request.params, 'params');
    const { created, client } = await sop.lookups.addClient(first_name);
    return reply.code(created ? 201 : 200).send(shape(lookupSchema, client));
  });
  api.get(paths.departments, needs('ADD'), async (request) => {
    const actor = await actorOf(request);
    return shape(lookupListSchema, { items: await sop.lookups.departments(actor.subject) });
  });
  api.get(paths.products, needs('LIST_VIEW'), async (request) => {
    const { subject } = await actorOf(request);
    return shape(namesListSchema, { items: await sop.lookups.products(subject) });
  });
  api.get(paths.industries, needs('LIST_VIEW'), async (request) => {
    const { subject } = await actorOf(request);
    return shape(namesListSchema, { items: await sop.lookups.industries(subject) });
  });
}
