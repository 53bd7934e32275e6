/**
 * The live API documentation at /api-docs: Swagger UI over the OpenAPI document that
 * @fastify/swagger writes from every route's own declaration (route-docs.ts). It lives beside
 * /api, not under it, so a browser reads it without the deployment's x-api-key; it tells
 * nothing a route does not already say to anyone who calls it.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { fileAnswer, jsonOrEvents } from '../http/route-contract';
import { API_DESCRIPTION, routeDocs, SECURITY_SCHEMES } from './route-docs';
import { routeSchemas, type RouteSchemas } from './route-schemas';

export const API_DOCS_PATH = '/api-docs';
export const API_VERSION = '1.0.0';

/** A route not yet declaring its schema, described from the table that names its shapes. */
function tableSchema(entry: RouteSchemas | undefined): FastifySchema | undefined {
  if (!entry) return undefined;
  const params = [entry.params ?? []]
    .flat()
    .reduce<z.ZodObject | undefined>(
      (all, one) => z.object({ ...all?.shape, ...(one as z.ZodObject).shape }),
      undefined,
    );
  const answer = entry.file
    ? fileAnswer(entry.file)
    : entry.stream && entry.response
      ? jsonOrEvents(entry.response)
      : entry.response;
  return {
    params,
    querystring: entry.query,
    body: entry.body,
    multipart: entry.multipart,
    response: answer ? { [entry.status ?? 200]: answer } : undefined,
  };
}

export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Atrium API', version, description: API_DESCRIPTION },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const table = tableSchema(routeSchemas[`${String(input.route.method)} ${input.url}`]);
      const docs = routeDocs({
        ...input,
        schema: input.schema ?? table ?? {},
      } as Parameters<typeof routeDocs>[0]);
      // Until every route declares its schema, the table's test knows which ones do.
      if (input.schema) docs.schema['x-declared-on-route'] = true;
      return docs;
    },
  });
  const indexAlias = `${API_DOCS_PATH}/static/index.html`;
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: false,
    uiHooks: {
      // The plugin sends its index.html to the page by rewriting the path's end, which a
      // query string keeps from matching: the page then redirected to itself for ever. The
      // page has one fixed address, and the query means nothing to it.
      onRequest: async (request, reply) => {
        if (request.routeOptions.url === indexAlias) return reply.redirect(`${API_DOCS_PATH}/`);
      },
    },
  });
}
