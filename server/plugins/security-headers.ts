/**
 * Security headers. The CSP is what the built Vite SPA needs: its own scripts only; inline
 * styles are allowed because CoreUI components set style attributes; images may be data: URIs
 * (CoreUI icons). `upgrade-insecure-requests` is left out so plain-http local runs work.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The chat shows a cited pdf (an object URL of GET /download/{id}) in a frame.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The helpdesk opens in a new tab with the token in its URL; keep referrers to our origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
