/**
 * How one route appears in the OpenAPI document, from its own declaration: the zod schemas of
 * its `schema` (through fastify-type-provider-zod's jsonSchemaTransform), the right of its
 * `config` (`x-required-right`, the one the permissions plugin enforces), who may call it
 * (`security`), a multipart form as the request body, and the error answer every route shares.
 */
import type { FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema } from '../../contract/errors';
import type { RouteRight } from '../deps';
import type { MultipartForm } from '../http/route-contract';
import { keyMayCall } from '../modules/api-keys/key-routes';
import { exampleOf } from './schema-example';

type Json = Record<string, unknown>;
type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0] & { route: RouteOptions };

const binary: Json = { type: 'string', format: 'binary' };
const inputJson = (schema: z.ZodType): Json =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Json;

/** The names of a multipart form's fields, text and files. */
export function formFieldNames(form: MultipartForm): string[] {
  const fields = form.fields ? inputJson(form.fields) : {};
  return [...Object.keys(fields.properties ?? {}), ...Object.keys(form.files)];
}

/** A multipart form as JSON Schema: its text fields as parsed, each file field as binary. */
export function multipartSchema(form: MultipartForm): Json {
  const fields = form.fields ? inputJson(form.fields) : {};
  const properties = { ...((fields.properties ?? {}) as Record<string, Json>) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const [name, file] of Object.entries(form.files)) {
    properties[name] = file.many ? { type: 'array', items: binary } : binary;
    if (!file.optional) required.push(name);
  }
  return { type: 'object', properties, required };
}

type RouteAccess = {
  public?: boolean;
  visitor?: boolean;
  admin?: boolean;
  permission?: RouteRight | readonly RouteRight[];
};

/** What the route needs, in words and as the extension field. */
export function requiredRight(config: RouteAccess): string {
  if (config.public) return 'none (public)';
  if (config.visitor) return 'a chat widget visitor token';
  if (config.admin) return 'the default administrator';
  const list = config.permission === undefined ? [] : [config.permission].flat();
  const rights = list.map((p) => `${p.module}.${p.action}`).join(' or ');
  return rights || 'any signed-in person';
}

function security(config: RouteAccess, keys: boolean): Json[] {
  if (config.public) return [{ apiKeyHeader: [] }];
  if (config.visitor) return [{ apiKeyHeader: [], visitorToken: [] }];
  if (!keys) return [{ apiKeyHeader: [], sessionToken: [] }];
  return [
    { apiKeyHeader: [], sessionToken: [] },
    { apiKeyHeader: [], integrationKey: [] },
  ];
}

/** The answer of every failure, with the one most clients meet first as its example. */
export const errorAnswer = {
  description: 'An error: { message, code }',
  content: {
    'application/json': {
      schema: z.toJSONSchema(apiErrorBodySchema, { io: 'output', target: 'openapi-3.0' }),
      example: {
        message: 'The request body is not valid: name.',
        code: 'VALIDATION_ERROR',
        fields: [{ path: 'name', message: 'validation:tooShort' }],
      },
    },
  },
};

/** A JSON schema with its example, which the document shows beside it (media `example`). */
function withExample(schema: Json | undefined): Json | undefined {
  return schema && { ...schema, examples: [exampleOf(schema)] };
}

/** Each path parameter with an example, so "Try it out" starts from a sound value. */
function withParamExamples(params: Json | undefined): Json | undefined {
  const properties = params?.properties as Record<string, Json> | undefined;
  if (!params || !properties) return params;
  const named = Object.entries(properties).map(([key, p]) => [
    key,
    { ...p, example: exampleOf(p, key) },
  ]);
  return { ...params, properties: Object.fromEntries(named) };
}

/** The success answers with an example of their JSON (a file or event stream has none). */
function answersWithExamples(response: Record<string, Json> | undefined) {
  if (!response) return undefined;
  const answers = Object.entries(response).map(([status, answer]) => {
    if (!/^2/.test(status)) return [status, answer];
    const content = answer.content as Record<string, Json> | undefined;
    // Swagger shows a plain schema's description as the answer's ("Default Response" else).
    const description = status === '201' ? 'Created' : 'Success';
    if (!content) return [status, { description, ...withExample(answer) }];
    const json = content['application/json'];
    if (!json) return [status, answer];
    const example = exampleOf(json.schema as Json);
    return [
      status,
      { ...answer, content: { ...content, 'application/json': { ...json, example } } },
    ];
  });
  return Object.fromEntries(answers) as Record<string, Json>;
}

/**
 * The swagger plugin's transform: routes outside /api (the SPA, /api-docs itself) are hidden;
 * each /api route is described by its schema and its config.
 */
export function routeDocs(input: TransformInput): { schema: Json; url: string } {
  const { url, route } = input;
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const { multipart, ...schema } = (input.schema ?? {}) as FastifySchema;
  const transformed = jsonSchemaTransform({ ...input, schema } as Parameters<Transform>[0])
    .schema as Json;
  const config = (route.config ?? {}) as RouteAccess;
  const right = requiredRight(config);
  // What the auth hook refuses an integration key: key management and one's own account.
  const keys = keyMayCall({ config, url } as FastifyRequest['routeOptions']);
  return {
    url,
    schema: {
      ...transformed,
      description: [
        transformed.description,
        `Needs: ${right}.${keys ? '' : ' Not with an integration key.'}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      'x-required-right': right,
      security: security(config, keys),
      params: withParamExamples(transformed.params as Json | undefined),
      body: multipart ? multipartSchema(multipart) : withExample(transformed.body as Json),
      ...(multipart && { consumes: ['multipart/form-data'] }),
      response: {
        ...answersWithExamples(transformed.response as Record<string, Json> | undefined),
        default: errorAnswer,
      },
    },
  };
}

export const API_DESCRIPTION =
  'Every call sends `x-api-key` (the deployment key). Signed-in people add `Authorization: Bearer <access token>`; other systems add `Authorization: Bearer atr_…`, an integration key made in the console (API access), which acts for its creator within its rights and departments.';

export const SECURITY_SCHEMES = {
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
  sessionToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  integrationKey: { type: 'http', scheme: 'bearer', bearerFormat: 'atr_<lookup>_<secret>' },
  visitorToken: { type: 'http', scheme: 'bearer', bearerFormat: 'visitor JWT' },
} as const;
