/**
 * SOP documents, archive and lookups (SPEC §7 SOP). Rights (SPEC §6, module Sop), each also
 * checked per department in the services:
 *   GET  /sop/documents, /sop/archived/documents, the lookups, the pdf views   LIST_VIEW
 *   POST /sop/documents, POST /sop/clients/{first_name}                       ADD
 *   PUT  /sop/documents/update/{id}, PUT /sop/documents/{id}/details,
 *        POST /sop/documents/reference, DELETE /sop/documents/references       UPDATE
 *   DELETE /sop/documents (archive, with comments), PUT /sop/archived/documents/{id},
 *        PUT …/unarchive/{id}, DELETE /sop/archived (permanently)              DELETE
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messageResponseSchema } from '../../../contract/auth';
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
  sopDetailsSchema,
  sopDocumentSchema,
  sopDocumentsQuerySchema,
  sopIdParamsSchema as idParams,
  sopReferenceFieldsSchema,
  sopUploadFieldsSchema,
  sopReferenceViewQuerySchema as referenceViewQuery,
  sopViewQuerySchema as viewQuery,
  sopRoutes as paths,
  sopUploadResponseSchema,
} from '../../../contract/sop';
import { isMissingFile, type Storage } from '../../services/storage';
import type { Sop } from './sop-area';
import { AppError, errors } from '../../http/app-error';
import { type Api, fileAnswer, needs, orEmpty } from '../../http/route-contract';
import type { SopFileRow } from '../../db/schema';
import { textPdf } from '../../services/render/pdf';
import { layoutWords, type LayoutWords, sectionBlocks } from '../download/public';
import { languageOf } from '../../services/text/locale-labels';
import { actorOf } from '../identity/public';
import type { SopSection } from '../../services/checklist/types';
import { sourcePosition } from '../../services/ingest/types';
import type { SopPart } from './sop-files';

const tags = ['SOP'];
const message = { 200: messageResponseSchema };
const document = { 200: sopDocumentSchema };
const pdfAnswer = { 200: fileAnswer(['application/pdf']) };
/** The archive's list: `search_type` is the route's own, whatever the query says. */
const archivedQuery = sopDocumentsQuerySchema.omit({ search_type: true });

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

/**
 * A stored SOP file as a pdf: a pdf as it is, a docx set as text by the pdf renderer. Sets the
 * answer's headers and gives its body.
 */
async function pdfOf(
  reply: { header(key: string, value: string): unknown },
  file: SopFileRow,
  openRead: (p: string) => Promise<NodeJS.ReadableStream>,
  words: LayoutWords,
): Promise<NodeJS.ReadableStream | Buffer> {
  const ascii = file.name
    .replace(/\.docx$/i, '.pdf')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `inline; filename="${ascii}"`);
  reply.header('cache-control', 'private, no-store');
  if (file.type === 'pdf') return openRead(file.storage_path);
  const sections = JSON.parse(file.sections_json ?? '[]') as SopSection[];
  const blocks = sectionBlocks(
    file.name,
    sections.map((s) => ({
      text: s.text,
      position: sourcePosition({ page: s.page, heading: s.heading }),
    })),
    words,
  );
  return Buffer.from(await textPdf({ title: file.name }, blocks));
}

export function registerSopRoutes(api: Api, { sop, storage }: { sop: Sop; storage: Storage }) {
  // A row whose file is gone (removed by hand, a restore without files) is a missing file, as
  // on the knowledge downloads; a store that does not answer stays its own 503.
  const openRead = (p: string) =>
    storage.openRead(p).catch((error: unknown) => {
      if (isMissingFile(error)) throw errors.notFound('The file of this SOP is missing.');
      throw error;
    });

  // The uploads stream their parts: the services check the text fields and the files as
  // they come (sop-files.ts), so the forms are declared for the documentation only.
  void api.register(async (scope: Api) => {
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
    // Every file but `reference_files` is an SOP: one document each, with the references.
    scope.post(
      paths.documents,
      {
        config: needs('Sop', 'ADD'),
        schema: {
          tags,
          summary: 'Upload SOPs',
          multipart: {
            fields: sopUploadFieldsSchema,
            files: { files: { many: true }, reference_files: { many: true, optional: true } },
          },
          response: { 201: sopUploadResponseSchema },
        },
      },
      async (request, reply) => {
        const items = await sop.documents.upload(await actorOf(request), partsOf(request));
        return reply.code(201).send({ items });
      },
    );
    // One file, the new current version (any field name is taken; the console sends `file`).
    scope.put(
      paths.documentUpdate,
      {
        config: needs('Sop', 'UPDATE'),
        schema: {
          tags,
          summary: 'Upload a new version of an SOP',
          params: idParams,
          multipart: { files: { file: {} } },
          response: document,
        },
      },
      async (request) =>
        sop.documents.replace(await actorOf(request), request.params.id, partsOf(request)),
    );
    scope.post(
      paths.referenceAdd,
      {
        config: needs('Sop', 'UPDATE'),
        schema: {
          tags,
          summary: 'Add reference files to an SOP',
          multipart: {
            fields: sopReferenceFieldsSchema,
            files: { reference_files: { many: true } },
          },
          response: { 201: sopDocumentSchema },
        },
      },
      async (request, reply) => {
        const doc = await sop.documents.addReferences(await actorOf(request), partsOf(request));
        return reply.code(201).send(doc);
      },
    );
  });

  api.get(
    paths.documents,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List SOPs',
        querystring: sopDocumentsQuerySchema,
        response: { 200: sopDocumentPageSchema },
      },
    },
    async (request) => sop.documents.list(await actorOf(request), request.query),
  );
  api.get(
    paths.archived,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List archived SOPs',
        querystring: archivedQuery,
        response: { 200: sopDocumentPageSchema },
      },
    },
    async (request) =>
      sop.documents.list(await actorOf(request), { ...request.query, search_type: 'archived' }),
  );
  // A docx is shown as a pdf too.
  api.get(
    paths.document,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'View an SOP as PDF',
        params: idParams,
        querystring: viewQuery,
        response: pdfAnswer,
      },
    },
    async (request, reply) =>
      pdfOf(
        reply,
        await sop.documents.fileToView(await actorOf(request), {
          documentId: request.params.id,
          version: request.query.version,
        }),
        openRead,
        layoutWords(languageOf(request.query.lng, request.headers['accept-language'])),
      ),
  );
  api.get(
    paths.reference,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'View a reference file as PDF',
        params: idParams,
        querystring: referenceViewQuery,
        response: pdfAnswer,
      },
    },
    async (request, reply) =>
      pdfOf(
        reply,
        await sop.documents.fileToView(await actorOf(request), { referenceId: request.params.id }),
        openRead,
        layoutWords(languageOf(request.query.lng, request.headers['accept-language'])),
      ),
  );
  api.put(
    paths.documentDetails,
    {
      config: needs('Sop', 'UPDATE'),
      schema: {
        tags,
        summary: "Change an SOP's name, department, client, industry and product type",
        params: idParams,
        body: sopDetailsSchema,
        response: document,
      },
    },
    async (request) => sop.details.edit(await actorOf(request), request.params.id, request.body),
  );
  api.delete(
    paths.references,
    {
      config: needs('Sop', 'UPDATE'),
      schema: {
        tags,
        summary: 'Remove reference files',
        body: referenceIdsBodySchema,
        response: message,
      },
    },
    async (request) =>
      sop.documents.removeReferences(await actorOf(request), request.body.reference_ids),
  );
  api.delete(
    paths.documents,
    {
      config: needs('Sop', 'DELETE'),
      schema: { tags, summary: 'Archive SOPs', body: archiveManyBodySchema, response: message },
    },
    async (request) => {
      const { document_ids, comments } = request.body;
      return sop.archive.archive(await actorOf(request), document_ids, comments);
    },
  );
  api.put(
    paths.archive,
    {
      config: needs('Sop', 'DELETE'),
      schema: {
        tags,
        summary: 'Archive an SOP',
        params: idParams,
        body: orEmpty(archiveBodySchema),
        response: message,
      },
    },
    async (request) =>
      sop.archive.archive(await actorOf(request), [request.params.id], request.body.comments),
  );
  api.put(
    paths.unarchive,
    {
      config: needs('Sop', 'DELETE'),
      schema: { tags, summary: 'Restore an archived SOP', params: idParams, response: document },
    },
    async (request) => sop.archive.unarchive(await actorOf(request), request.params.id),
  );
  api.delete(
    paths.archivedDelete,
    {
      config: needs('Sop', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete archived SOPs for good',
        body: documentIdsBodySchema,
        response: message,
      },
    },
    async (request) =>
      sop.archive.deleteArchived(await actorOf(request), request.body.document_ids),
  );

  api.get(
    paths.countries,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List countries',
        querystring: countriesQuerySchema,
        response: { 200: countryListSchema },
      },
    },
    async (request) => ({ items: sop.lookups.countries(request.query.lng) }),
  );
  api.get(
    paths.clients,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: { tags, summary: 'List clients', response: { 200: lookupListSchema } },
    },
    async () => ({ items: await sop.lookups.clients() }),
  );
  // 201 when the client is new, 200 with the one that exists.
  api.post(
    paths.clientAdd,
    {
      config: needs('Sop', 'ADD'),
      schema: {
        tags,
        summary: 'Add a client',
        params: clientNameParamsSchema,
        response: { 200: lookupSchema, 201: lookupSchema },
      },
    },
    async (request, reply) => {
      const { created, client } = await sop.lookups.addClient(request.params.first_name);
      return reply.code(created ? 201 : 200).send(client);
    },
  );
  api.get(
    paths.departments,
    {
      config: needs('Sop', 'ADD'),
      schema: {
        tags,
        summary: 'List the departments you may add SOPs to',
        response: { 200: lookupListSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      return { items: await sop.lookups.departments(actor.subject) };
    },
  );
  api.get(
    paths.products,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: { tags, summary: 'List product types', response: { 200: namesListSchema } },
    },
    async (request) => {
      const { subject } = await actorOf(request);
      return { items: await sop.lookups.products(subject) };
    },
  );
  api.get(
    paths.industries,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: { tags, summary: 'List industries', response: { 200: namesListSchema } },
    },
    async (request) => {
      const { subject } = await actorOf(request);
      return { items: await sop.lookups.industries(subject) };
    },
  );
}
