/**
 * A route carries its contract: `schema` holds the `contract/` zod schemas of its input (params,
 * querystring, body) and output (response by status), and its tags; `config` holds its right
 * through `needs(module, ...actions)`. Fastify validates the input with them before the handler
 * runs, shapes every answer with them, and /api-docs is written from them (openapi/route-docs.ts).
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import type { ActionName, ModuleName } from '../../contract/permissions';
import type { RouteRight } from '../deps';
import { AppError } from './app-error';

/**
 * Like fastify-type-provider-zod's ZodTypeProvider, but a handler answers the schema's input
 * (what a service returns, before defaults and transforms), as `shape` took it.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The `/api` scope as route modules see it: request and answer types come from the schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ContractTypeProvider
>;

/** The right a route needs (SPEC §6): one action, or several of which any one will do. */
export function needs(module: ModuleName, ...actions: [ActionName, ...ActionName[]]) {
  const rights: RouteRight[] = actions.map((action) => ({ module, action }));
  return { permission: rights.length === 1 ? rights[0] : rights };
}

/** The rights of several modules, any one of which will do. */
export function anyOf(...rights: { permission: RouteRight | readonly RouteRight[] }[]) {
  return { permission: rights.flatMap((right) => [right.permission].flat()) };
}

type Part = 'body' | 'query' | 'params';
const PARTS: Record<string, Part> = { body: 'body', querystring: 'query', params: 'params' };

/** The 400 of an input that does not match its schema: which fields, and why (an i18n key). */
export function invalidInput(part: Part, error: z.ZodError): AppError {
  const fields = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || part,
    message: issue.message,
  }));
  const where = [...new Set(fields.map((f) => f.path))].join(', ');
  return new AppError(400, 'VALIDATION_ERROR', `The request ${part} is not valid: ${where}.`, {
    fields,
  });
}

/**
 * Checks a request part against its zod schema. A missing body is checked as `undefined` and a
 * missing query or params as `{}` (Fastify hands over `null`), so optional bodies stay optional.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PARTS[httpPart ?? 'body'] ?? 'body';
  return (data) => {
    const result = schema.safeParse(data ?? (part === 'body' ? undefined : {}));
    return result.success ? { value: result.data } : { error: invalidInput(part, result.error) };
  };
};

/** An answer that does not match its own schema: the server's fault, never the client's. */
class AnswerShapeError extends Error {
  readonly statusCode = 500;
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} does not match its schema`);
    this.name = 'AnswerShapeError';
  }
}

/**
 * Shapes a JSON answer with its schema (parse: keys outside the schema are dropped, so nothing
 * else leaves the server), then writes it. A file or stream answer is never serialized.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({
  schema,
  method,
  url,
}) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new AnswerShapeError(`${method} ${url}`, result.error.issues);
    return JSON.stringify(result.data);
  };
};

/** A body that may be left out: checked as `{}` then (so its required fields still answer 400). */
export const orEmpty = <S extends z.ZodObject>(schema: S) => schema.prefault({} as never);

/**
 * A file answer, sent with one of `types` (a media range such as `image/*` for "its own type")
 * and named by its Content-Disposition header. Never serialized: a stream or a buffer.
 */
export function fileAnswer(types: readonly string[]) {
  const binary = z
    .custom<NodeJS.ReadableStream | Buffer | string>()
    .meta({ type: 'string', format: 'binary' });
  const mediaType = (type: string) => type.split(';')[0].trim().toLowerCase();
  return {
    description: 'The file, named by its Content-Disposition header',
    content: Object.fromEntries(
      [...new Set(types.map(mediaType))].map((t) => [t, { schema: binary }]),
    ),
  };
}

export const EVENT_STREAM = 'text/event-stream';

/**
 * A JSON answer that is also sent as server-sent events when the client accepts them (the
 * stream is written by the handler, never serialized).
 */
export function jsonOrEvents<S extends z.ZodType>(schema: S) {
  const events = z.custom<NodeJS.ReadableStream>().meta({
    type: 'string',
    description:
      'Server-sent events: `meta` (the conversation and message ids, as soon as they are known), ' +
      '`delta` ({"text": …}, the answer as it is written), then `done` (the whole answer, as the ' +
      'JSON answer of this route) or `error` ({"message", "code"}). A refusal before `meta` is an ' +
      'ordinary JSON error answer.',
  });
  return {
    description: 'Success',
    content: { 'application/json': { schema }, [EVENT_STREAM]: { schema: events } },
  };
}

/** A multipart/form-data request: its text fields (checked by the handler) and file fields. */
export interface MultipartForm {
  fields?: z.ZodType;
  /** Each file field: one file or several under the name; required unless `optional`. */
  files: Record<string, { many?: boolean; optional?: boolean }>;
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart form the handler reads as it streams (Fastify cannot check it ahead); the
     * documentation shows it as the request body.
     */
    multipart?: MultipartForm;
  }
}
