/**
 * The API routes as the route modules declare them, and the OpenAPI document written from them:
 * what the documentation tests compare.
 */
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { modules } from '../container';
import type { Api } from '../http/route-contract';
import type { TestApp } from './test-app';

export interface DeclaredRoute {
  method: string;
  /** As Fastify registers it, `/api/users/:id`. */
  url: string;
  schema: FastifySchema;
  config: FastifyContextConfig;
}

type Media = { schema?: Record<string, unknown>; example?: unknown };
export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  'x-required-right'?: string;
  parameters?: {
    in: string;
    name: string;
    required?: boolean;
    example?: unknown;
    schema?: { example?: unknown };
  }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
export interface Doc {
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** `/api/users/:id` -> `/api/users/{id}`, as the document names paths. */
export const toPath = (url: string) => url.replace(/:(\w+)\??/g, '{$1}');

export async function readDocument(t: TestApp): Promise<Doc> {
  const res = await t.api('GET', '/api-docs/json', { apiKey: null });
  expect(res.status).toBe(200);
  return res.body as Doc;
}

/** The document's operation of a declared route. */
export function operationOf(doc: Doc, route: Pick<DeclaredRoute, 'method' | 'url'>): Operation {
  const op = doc.paths[toPath(route.url)]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`${route.method} ${route.url} is not in the document`);
  return op;
}

/**
 * Every route the route modules declare, read by registering them on a recorder instead of
 * Fastify: a list made apart from the documentation's own onRoute hook, with each route's own
 * `schema` (the zod schemas themselves) and `config`.
 */
export async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const found: DeclaredRoute[] = [];
  const scopes: Promise<unknown>[] = [];
  const record =
    (method: string) =>
    (url: string, options: { schema?: FastifySchema; config?: FastifyContextConfig }): void =>
      void found.push({
        method,
        url: `/api${url}`,
        schema: options.schema ?? {},
        config: options.config ?? {},
      });
  const api: Api = new Proxy({} as Api, {
    get: (_t, name) => {
      if (['get', 'post', 'put', 'delete', 'patch'].includes(String(name)))
        return record(String(name).toUpperCase());
      // Routes inside a child scope (multipart uploads, the checklist service) register on it
      // the same way; plugins of others (fastify-plugin ones, such as multipart) are left out.
      if (name === 'register')
        return (
          plugin: ((scope: Api, options: unknown) => unknown) & Record<symbol, unknown>,
          options: unknown = {},
        ) => {
          if (plugin[Symbol.for('skip-override')]) return Promise.resolve();
          const done = Promise.resolve(plugin(api, options));
          scopes.push(done);
          return done;
        };
      return () => undefined;
    },
  });
  const services = new Proxy({}, { get: () => ({}) }) as never;
  for (const module of modules) module.routes?.(api, services);
  await Promise.all(scopes);
  return found;
}

/** What a route answers on success: its status, its JSON schema, its declared content types. */
export interface SuccessAnswer {
  status: number;
  /** The zod schema of a JSON answer (also the `done` event of an event stream). */
  json?: z.ZodType;
  /** Every content type declared: `application/json`, `text/event-stream`, a file's types. */
  types: string[];
}

export function successAnswer(route: DeclaredRoute): SuccessAnswer | undefined {
  const response = (route.schema.response ?? {}) as Record<string, unknown>;
  const status = Object.keys(response).find((code) => /^2\d\d$/.test(code));
  if (!status) return undefined;
  const answer = response[status];
  if (answer instanceof z.ZodType)
    return { status: Number(status), json: answer, types: ['application/json'] };
  const content = (answer as { content: Record<string, { schema: unknown }> }).content;
  const json = content['application/json']?.schema;
  return {
    status: Number(status),
    json: json instanceof z.ZodType ? json : undefined,
    types: Object.keys(content),
  };
}

/** `text/csv; charset=utf-8` -> `text/csv`. */
export const mediaType = (contentType: unknown): string =>
  String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
