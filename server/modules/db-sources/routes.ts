/**
 * Database sources (SPEC §7 Database sources; issue 17). The screens are open routes in SPEC
 * §6, so the API decides: Documents rights (ADD, UPDATE, VIEW, LIST_VIEW, DELETE) in the
 * source's department, and Query.QUERY_DOCUMENT to run a query. `integration_id` travels in
 * the query string, as SPEC has it; GET with it answers that one source (VIEW), without it the
 * page of sources (LIST_VIEW).
 */
import { z } from 'zod';
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
import { type Api, needs, orEmpty } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { DbSourceService } from './service';

const tags = ['Database sources'];

export function registerDbSourceRoutes(api: Api, s: { dbSources: DbSourceService }) {
  api.get(
    dbSourceRoutes.dbSourceTypes,
    { schema: { tags, summary: 'List the kinds of database', response: { 200: dbTypesSchema } } },
    async () => s.dbSources.types(),
  );

  api.post(
    dbSourceRoutes.dbSources,
    {
      config: needs('Documents', 'ADD'),
      schema: {
        tags,
        summary: 'Add a database source',
        body: dbSourceInputSchema,
        response: { 201: dbSourceSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await s.dbSources.create(await actorOf(request), request.body)),
  );

  api.get(
    dbSourceRoutes.dbSources,
    {
      config: needs('Documents', 'LIST_VIEW', 'VIEW'),
      schema: {
        tags,
        summary: 'List database sources, or read one',
        querystring: dbSourcesQuerySchema,
        // With `integration_id` the answer is that one source instead of a page.
        response: { 200: z.union([dbSourcePageSchema, dbSourceSchema]) },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { query } = request;
      if (query.integration_id !== undefined) return s.dbSources.get(actor, query.integration_id);
      return s.dbSources.list(actor, query);
    },
  );

  api.put(
    dbSourceRoutes.dbSources,
    {
      config: needs('Documents', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a database source',
        querystring: integrationIdQuerySchema,
        body: orEmpty(dbSourceUpdateSchema),
        response: { 200: dbSourceSchema },
      },
    },
    async (request) =>
      s.dbSources.update(await actorOf(request), request.query.integration_id, request.body),
  );

  api.delete(
    dbSourceRoutes.dbSources,
    {
      config: needs('Documents', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete database sources',
        body: orEmpty(dbSourceDeleteSchema),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => s.dbSources.remove(await actorOf(request), request.body.integration_ids),
  );

  api.post(
    dbSourceRoutes.dbSourceTest,
    {
      config: needs('Documents', 'ADD', 'UPDATE'),
      schema: {
        tags,
        summary: 'Test a database connection',
        querystring: dbSourceTestQuerySchema,
        body: dbSourceInputSchema,
        response: { 200: dbTestResultSchema },
      },
    },
    async (request) =>
      s.dbSources.test(await actorOf(request), request.body, request.query.integration_id),
  );

  api.get(
    dbSourceRoutes.dbSourceTables,
    {
      config: needs('Documents', 'VIEW'),
      schema: {
        tags,
        summary: 'List a source’s tables and columns',
        querystring: integrationIdQuerySchema,
        response: { 200: dbTablesSchema },
      },
    },
    async (request) => s.dbSources.tables(await actorOf(request), request.query.integration_id),
  );

  api.post(
    dbSourceRoutes.dbSourceQuery,
    {
      config: needs('Query', 'QUERY_DOCUMENT'),
      schema: {
        tags,
        summary: 'Run a read-only query on a source',
        querystring: dbQueryOptionsSchema,
        body: dbQueryInputSchema,
        response: { 200: dbQueryResultSchema },
      },
    },
    async (request) => {
      const { integration_id, svg } = request.query;
      return s.dbSources.query(await actorOf(request), integration_id, request.body, svg);
    },
  );
}
