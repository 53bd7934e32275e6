/**
 * One central error handler: every failure answers `{ message, code }` (plus `fields` or
 * `retry_after` where they apply) with the right status, and never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody, ErrorCode } from '../../contract/errors';
import { AppError } from '../http/app-error';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
};

const MESSAGE_BY_CODE: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: 'The request is not valid.',
  UNAUTHORIZED: 'Authentication required.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'The request conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported here.',
  RATE_LIMITED: 'Too many requests. Please wait a minute and try again.',
};

/** Fastify's own 400s worth explaining in words a client developer understands. */
const FASTIFY_400: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export function toErrorBody(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError)
    return {
      status: error.statusCode,
      body: { message: error.message, code: error.code, ...definedOnly(error.extra) },
    };
  if (error instanceof ZodError)
    return {
      status: 400,
      body: {
        message: 'The request is not valid.',
        code: 'VALIDATION_ERROR',
        fields: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      },
    };
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    const known = fastifyError.code ? FASTIFY_400[fastifyError.code] : undefined;
    return { status, body: { message: known ?? MESSAGE_BY_CODE[code] ?? 'Bad request.', code } };
  }
  return { status: 500, body: { message: 'Internal server error.', code: 'INTERNAL_ERROR' } };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (body.retry_after !== undefined) void reply.header('retry-after', String(body.retry_after));
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
