/**
 * Serves the built SPA from STATIC_DIR with a history fallback: any GET outside /api that is
 * not a file gets index.html, so the SPA's router decides what /some/route (or /404) shows.
 * Unknown /api paths answer JSON 404. Without a build, pages answer 503 saying how to make one.
 * Text files are sent as the brotli or gzip copy the build wrote beside them (whichever the
 * browser accepts, brotli first; `Vary: Accept-Encoding`): nothing is compressed per request.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errors } from '../http/app-error';
import { isApiPath } from './api-key';

export async function registerStaticSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = existsSync(join(staticDir, 'index.html'));
  if (hasBuild)
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathName) => !isApiPath(pathName),
      setHeaders: (res, path) => {
        // The same URL answers brotli, gzip or plain: caches must key on what was accepted.
        res.setHeader('vary', 'Accept-Encoding');
        // Hashed asset names never change content; index.html must be re-read after deploys.
        if (path.includes('/assets/'))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url))
      throw errors.notFound(`No API route ${request.method} ${request.url.split('?')[0]}.`);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw errors.notFound();
    if (!hasBuild)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The console has not been built yet. Run \`npm run build\` (or \`npm start\`), then reload.\n`,
        );
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
