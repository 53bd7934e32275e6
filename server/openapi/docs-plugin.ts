/**
 * The live API documentation (issue 17) at /api-docs: Swagger UI over the OpenAPI document of
 * every route (document.ts), which is built once the routes are registered. It lives beside
 * /api, not under it, so a browser reads it without the deployment's x-api-key; it tells
 * nothing a route does not already say to anyone who calls it.
 */
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, type RouteInfo } from './document';

export const API_DOCS_PATH = '/api-docs';
export const API_VERSION = '1.0.0';

export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method: String(method), url: route.url, config: route.config ?? {} });
  });
  // Filled in place when the app is ready: the swagger plugin keeps this very object.
  const document: Record<string, unknown> = {};
  app.addHook('onReady', async () => {
    Object.assign(document, openApiDocument(routes, version));
  });
  await app.register(swagger, {
    mode: 'static',
    // Filled at onReady (above); the plugin's type wants the whole document already here.
    specification: { document: document as unknown as StaticDocumentSpec['document'] },
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
