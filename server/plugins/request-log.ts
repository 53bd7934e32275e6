/**
 * One JSON line per request. API routes are logged by their pattern (`/api/verify/:token`),
 * other paths without their query, so tokens and e-mail addresses in URLs never reach the log.
 */
import type { FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';
import { isApiPath } from './api-key';

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
    const path = request.url.split('?')[0];
    const route = request.routeOptions.url;
    request.log.info(
      {
        method: request.method,
        url: isApiPath(path) && route?.startsWith('/api') ? route : path,
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      'request',
    );
  });
}
