/**
 * The OpenAPI 3 document of every registered route (issue 17): path, method, path parameters,
 * the right it needs (`x-required-right`, from the route's own `config`, the same one the
 * permissions plugin enforces), who may call it (`security`), and its request and answer shapes
 * from the contract schemas of route-schemas.ts, as JSON Schema (zod's toJSONSchema): a JSON
 * body, or a multipart form (its text fields and its files, `format: binary`); a JSON answer, or
 * a file (`format: binary` under each content type it is sent with).
 */
import { z } from 'zod';
import { apiErrorBodySchema } from '../../contract/errors';
import type { RouteRight } from '../deps';
import { routeSchemas, type MultipartForm, type RouteSchemas } from './route-schemas';

export interface RouteInfo {
  method: string;
  url: string;
  config: {
    public?: boolean;
    visitor?: boolean;
    admin?: boolean;
    sessionOnly?: boolean;
    permission?: RouteRight | readonly RouteRight[];
  };
}

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;

const binary: Json = { type: 'string', format: 'binary' };
export const EVENT_STREAM = 'text/event-stream';
/** What a streamed answer sends, asked for with `Accept: text/event-stream`. */
export const eventStream: Json = {
  type: 'string',
  description:
    'Server-sent events: `meta` (the conversation and message ids, as soon as they are known), ' +
    '`delta` ({"text": …}, the answer as it is written), then `done` (the whole answer, as the ' +
    'JSON answer of this route) or `error` ({"message", "code"}). A refusal before `meta` is an ' +
    'ordinary JSON error answer.',
};

/** `text/csv; charset=utf-8` -> `text/csv`. */
export const mediaType = (contentType: unknown): string =>
  String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** The names of a multipart form's fields, text and files. */
export function formFieldNames(form: MultipartForm): string[] {
  const fields = form.fields ? jsonSchema(form.fields, 'input') : {};
  return [...Object.keys(fields.properties ?? {}), ...Object.keys(form.files)];
}

/** A multipart form as JSON Schema: its text fields as parsed, each file field as binary. */
export function multipartSchema(form: MultipartForm): Json {
  const fields = form.fields ? jsonSchema(form.fields, 'input') : {};
  const properties = { ...((fields.properties ?? {}) as Record<string, Json>) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const [name, file] of Object.entries(form.files)) {
    properties[name] = file.many ? { type: 'array', items: binary } : binary;
    if (!file.optional) required.push(name);
  }
  return { type: 'object', properties, required };
}

/** `/users/:id` -> `/users/{id}` and its parameter names. */
export function openApiPath(url: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = url.replace(/:(\w+)\??/g, (_, name: string) => (names.push(name), `{${name}}`));
  return { path, names };
}

/** What the route needs, in words and as the extension field. */
export function requiredRight(config: RouteInfo['config']): string {
  if (config.public) return 'none (public)';
  if (config.visitor) return 'a chat widget visitor token';
  if (config.admin) return 'the default administrator';
  const list =
    config.permission === undefined
      ? []
      : Array.isArray(config.permission)
        ? config.permission
        : [config.permission as RouteRight];
  const rights = list.map((p) => `${p.module}.${p.action}`).join(' or ');
  return rights || 'any signed-in person';
}

function parameters(schemas: RouteSchemas, names: string[]): Json[] {
  const list: Json[] = [];
  // A route may check its path in parts (a mailbox message, then its account).
  const paramProps: Record<string, Json> = {};
  for (const params of [schemas.params ?? []].flat())
    Object.assign(paramProps, jsonSchema(params, 'input').properties);
  for (const name of names)
    list.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  if (schemas.query) {
    const query = jsonSchema(schemas.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>))
      list.push({ name, in: 'query', required: required.has(name), schema });
  }
  return list;
}

function requestBody(schemas: RouteSchemas): Json {
  if (schemas.multipart)
    return {
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: multipartSchema(schemas.multipart) } },
      },
    };
  if (!schemas.body) return {};
  return {
    requestBody: {
      required: true,
      content: { 'application/json': { schema: jsonSchema(schemas.body, 'input') } },
    },
  };
}

function success(schemas: RouteSchemas): Json {
  if (schemas.file)
    return {
      description: 'The file, named by its Content-Disposition header',
      content: Object.fromEntries(
        schemas.file.map((type) => [mediaType(type), { schema: binary }]),
      ),
    };
  if (!schemas.response) return { description: 'Success' };
  return {
    description: 'Success',
    content: {
      'application/json': { schema: jsonSchema(schemas.response, 'output') },
      ...(schemas.stream && { [EVENT_STREAM]: { schema: eventStream } }),
    },
  };
}

function operation(route: RouteInfo, names: string[]): Json {
  const key = `${route.method} ${route.url}`;
  const schemas = routeSchemas[key];
  const right = requiredRight(route.config);
  const security = route.config.public
    ? [{ apiKeyHeader: [] }]
    : route.config.visitor
      ? [{ apiKeyHeader: [], visitorToken: [] }]
      : route.config.sessionOnly
        ? [{ apiKeyHeader: [], sessionToken: [] }]
        : [
            { apiKeyHeader: [], sessionToken: [] },
            { apiKeyHeader: [], integrationKey: [] },
          ];
  const error = {
    content: { 'application/json': { schema: jsonSchema(apiErrorBodySchema, 'output') } },
  };
  const status = String(schemas?.status ?? 200);
  return {
    summary: `${route.method} ${route.url.replace(/^\/api/, '')}`,
    description: `Needs: ${right}.${route.config.sessionOnly ? ' Not with an integration key.' : ''}${schemas ? '' : ' Its request and answer shapes are checked in the handler and not yet declared here.'}`,
    'x-required-right': right,
    // Only a route missing from route-schemas.ts carries it; the documentation test fails on it.
    ...(schemas ? {} : { 'x-shapes-declared': false }),
    security,
    parameters: parameters(schemas ?? {}, names),
    ...requestBody(schemas ?? {}),
    responses: {
      [status]: success(schemas ?? {}),
      default: { description: 'An error: { message, code }', ...error },
    },
  };
}

/** The document of the API's routes as Fastify registered them (HEAD and /api-docs left out). */
export function openApiDocument(routes: readonly RouteInfo[], version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
    const { path, names } = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, names);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Atrium API',
      version,
      description:
        'Every call sends `x-api-key` (the deployment key). Signed-in people add `Authorization: Bearer <access token>`; other systems add `Authorization: Bearer atr_…`, an integration key made in the console (API access), which acts for its creator within its rights and departments.',
    },
    components: {
      securitySchemes: {
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        sessionToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        integrationKey: { type: 'http', scheme: 'bearer', bearerFormat: 'atr_<lookup>_<secret>' },
        visitorToken: { type: 'http', scheme: 'bearer', bearerFormat: 'visitor JWT' },
      },
    },
    paths,
  };
}
