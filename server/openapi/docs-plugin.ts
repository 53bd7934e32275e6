/**
 * The live API documentation at /api-docs: Swagger UI over the OpenAPI document that
 * @fastify/swagger writes from every route's own declaration (route-docs.ts). It lives beside
 * /api, not under it, so a browser reads it without the deployment's x-api-key; it tells
 * nothing a route does not already say to anyone who calls it.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_TAGS } from './api-tags';
import { API_DESCRIPTION, routeDocs, SECURITY_SCHEMES } from './route-docs';

export const API_DOCS_PATH = '/api-docs';
export const API_VERSION = '1.0.0';

export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Atrium API', version, description: API_DESCRIPTION },
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: routeDocs,
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
