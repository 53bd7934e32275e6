/**
 * Checklists (SPEC §7 GET and POST /sop/checklists, DELETE /sop/checklists, GET
 * /sop/checklists/{id}, /sop/checklists/references/{id}; issue 15) and their versions. Rights:
 * reading LIST_VIEW, generating ADD, deleting DELETE (module Sop, per department).
 */
import type { FastifyInstance } from 'fastify';
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
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';
import { needs } from './routes';

export function registerChecklistRoutes(api: FastifyInstance, { sop }: { sop: Sop }) {
  const { checklists } = sop;

  api.get(paths.checklists, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(checklistsQuerySchema, request.query, 'query');
    return shape(checklistPageSchema, await checklists.list(await actorOf(request), query));
  });
  api.post(paths.checklists, needs('ADD'), async (request, reply) => {
    const body = parseInput(generateChecklistSchema, request.body);
    const created = await checklists.generate(await actorOf(request), body);
    return reply.code(201).send(shape(checklistSchema, created));
  });
  api.delete(paths.checklists, needs('DELETE'), async (request) => {
    const { document_ids } = parseInput(documentIdsBodySchema, request.body);
    return shape(
      messageResponseSchema,
      await checklists.remove(await actorOf(request), document_ids),
    );
  });
  api.get(paths.checklist, needs('LIST_VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(checklistSchema, await checklists.get(await actorOf(request), id));
  });
  api.get(paths.checklistVersions, needs('LIST_VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(checklistVersionsSchema, {
      items: await checklists.versions(await actorOf(request), id),
    });
  });
  api.get(paths.checklistReferences, needs('LIST_VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const files = await checklists.references(await actorOf(request), id);
    return shape(sopFileListSchema, { items: files.map((f) => ({ ...f, uploaded_by: '' })) });
  });
}
