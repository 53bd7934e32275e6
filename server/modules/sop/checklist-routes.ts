/**
 * Checklists (SPEC §7 GET and POST /sop/checklists, DELETE /sop/checklists, GET
 * /sop/checklists/{id}, /sop/checklists/references/{id}) and their versions. Rights: reading
 * LIST_VIEW, generating ADD, deleting DELETE (module Sop, per department).
 */
import { messageResponseSchema } from '../../../contract/auth';
import {
  checklistPageSchema,
  checklistSchema,
  checklistsQuerySchema,
  checklistVersionsSchema,
  documentIdsBodySchema,
  generateChecklistSchema,
  sopFileListSchema,
  sopIdParamsSchema as idParams,
  sopRoutes as paths,
} from '../../../contract/sop';
import type { Sop } from './sop-area';
import { type Api, needs } from '../../http/route-contract';
import { actorOf } from '../identity/public';

const tags = ['SOP'];

export function registerChecklistRoutes(api: Api, { sop }: { sop: Sop }) {
  const { checklists } = sop;

  api.get(
    paths.checklists,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List checklists',
        querystring: checklistsQuerySchema,
        response: { 200: checklistPageSchema },
      },
    },
    async (request) => checklists.list(await actorOf(request), request.query),
  );
  api.post(
    paths.checklists,
    {
      config: needs('Sop', 'ADD'),
      schema: {
        tags,
        summary: 'Generate a checklist from an SOP',
        body: generateChecklistSchema,
        response: { 201: checklistSchema },
      },
    },
    async (request, reply) => {
      const created = await checklists.generate(await actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
  api.delete(
    paths.checklists,
    {
      config: needs('Sop', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete checklists',
        body: documentIdsBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => checklists.remove(await actorOf(request), request.body.document_ids),
  );
  api.get(
    paths.checklist,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'Read a checklist',
        params: idParams,
        response: { 200: checklistSchema },
      },
    },
    async (request) => checklists.get(await actorOf(request), request.params.id),
  );
  api.get(
    paths.checklistVersions,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List a checklist’s versions',
        params: idParams,
        response: { 200: checklistVersionsSchema },
      },
    },
    async (request) => ({
      items: await checklists.versions(await actorOf(request), request.params.id),
    }),
  );
  // The reference files of a checklist's SOP; who uploaded them is not told here.
  api.get(
    paths.checklistReferences,
    {
      config: needs('Sop', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List a checklist’s reference files',
        params: idParams,
        response: { 200: sopFileListSchema },
      },
    },
    async (request) => {
      const files = await checklists.references(await actorOf(request), request.params.id);
      return { items: files.map((f) => ({ ...f, uploaded_by: '' })) };
    },
  );
}
