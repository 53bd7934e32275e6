/**
 * One JSON line per request. API routes are logged by their pattern (`/api/verify/:token`), API
 * paths that match no route by a fixed text, other paths without their query: tokens and e-mail
 * addresses in URLs never reach the log, however the path is spelled (`/%61pi/verify/…`).
 */
import type { FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';
import { reachesApi } from './api-key';

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'headers.authorization',
        'headers["x-api-key"]',
        'headers.cookie',
        '*.password',
        '*.old_password',
        '*.new_password',
        '*.access_token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    let url = request.url.split('?')[0];
    if (reachesApi(request.url, route)) url = route?.startsWith('/api') ? route : '/api (no route)';
    request.log.info(
      {
        method: request.method,
        url,
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      'request',
    );
  });
}
