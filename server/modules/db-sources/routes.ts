/**
 * Database sources (SPEC §7 Database sources; issue 17). The screens are open routes in SPEC
 * §6, so the API decides: Documents rights (ADD, UPDATE, VIEW, LIST_VIEW, DELETE) in the
 * source's department, and Query.QUERY_DOCUMENT to run a query. `integration_id` travels in
 * the query string, as SPEC has it; GET with it answers that one source (VIEW), without it the
 * page of sources (LIST_VIEW).
 */
import type { FastifyInstance } from 'fastify';
import { messageResponseSchema } from '../../../contract/auth';
import {
  dbQueryInputSchema,
  dbSourceRoutes,
  dbQueryOptionsSchema,
  dbQueryResultSchema,
  dbSourceDeleteSchema,
  dbSourceInputSchema,
  dbSourcePageSchema,
  dbSourceSchema,
  dbSourceTestQuerySchema,
  dbSourcesQuerySchema,
  dbSourceUpdateSchema,
  dbTablesSchema,
  dbTestResultSchema,
  dbTypesSchema,
  integrationIdQuerySchema,
} from '../../../contract/db-sources';
import type { ActionName } from '../../../contract/permissions';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';

const needs = (...actions: ActionName[]) => ({
  config: {
    permission: actions.map((action) => ({ module: 'Documents', action }) as const),
  },
});

export function registerDbSourceRoutes(api: FastifyInstance, s: Pick<Services, 'dbSources'>) {
  const idOf = (query: unknown) =>
    parseInput(integrationIdQuerySchema, query, 'query').integration_id;

  api.get(dbSourceRoutes.dbSourceTypes, async () => shape(dbTypesSchema, s.dbSources.types()));

  api.post(dbSourceRoutes.dbSources, needs('ADD'), async (request, reply) => {
    const body = parseInput(dbSourceInputSchema, request.body);
    const created = await s.dbSources.create(await actorOf(request), body);
    return reply.code(201).send(shape(dbSourceSchema, created));
  });

  api.get(dbSourceRoutes.dbSources, needs('LIST_VIEW', 'VIEW'), async (request) => {
    const query = parseInput(dbSourcesQuerySchema, request.query, 'query');
    const actor = await actorOf(request);
    if (query.integration_id !== undefined)
      return shape(dbSourceSchema, await s.dbSources.get(actor, query.integration_id));
    return shape(dbSourcePageSchema, await s.dbSources.list(actor, query));
  });

  api.put(dbSourceRoutes.dbSources, needs('UPDATE'), async (request) => {
    const id = idOf(request.query);
    const body = parseInput(dbSourceUpdateSchema, request.body ?? {});
    return shape(dbSourceSchema, await s.dbSources.update(await actorOf(request), id, body));
  });

  api.delete(dbSourceRoutes.dbSources, needs('DELETE'), async (request) => {
    const { integration_ids } = parseInput(dbSourceDeleteSchema, request.body ?? {});
    const answer = await s.dbSources.remove(await actorOf(request), integration_ids);
    return shape(messageResponseSchema, answer);
  });

  api.post(dbSourceRoutes.dbSourceTest, needs('ADD', 'UPDATE'), async (request) => {
    const { integration_id } = parseInput(dbSourceTestQuerySchema, request.query, 'query');
    const body = parseInput(dbSourceInputSchema, request.body);
    const result = await s.dbSources.test(await actorOf(request), body, integration_id);
    return shape(dbTestResultSchema, result);
  });

  api.get(dbSourceRoutes.dbSourceTables, needs('VIEW'), async (request) => {
    const id = idOf(request.query);
    return shape(dbTablesSchema, await s.dbSources.tables(await actorOf(request), id));
  });

  api.post(
    dbSourceRoutes.dbSourceQuery,
    { config: { permission: { module: 'Query', action: 'QUERY_DOCUMENT' } } },
    async (request) => {
      const options = parseInput(dbQueryOptionsSchema, request.query, 'query');
      const body = parseInput(dbQueryInputSchema, request.body);
      const actor = await actorOf(request);
      const result = await s.dbSources.query(actor, options.integration_id, body, options.svg);
      return shape(dbQueryResultSchema, result);
    },
  );
}
