/**
 * The documentation tests' tools: call a route as the administrator while recording every
 * schema it validates and the content type it answers, then check a table of route-schemas
 * entries against those calls and against the document. Each area's test (api-docs*.test.ts)
 * checks its own table.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import { observeValidation } from '../http/validate';
import { multipart, type FilePart } from '../test-support/knowledge';
import type { SuiteApp, TestApp } from '../test-support/test-app';
import { EVENT_STREAM } from '../http/route-contract';
import { formFieldNames } from './route-docs';
import { routeSchemas, type RouteSchemas } from './route-schemas';

export type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };
type Part = 'body' | 'query' | 'params' | 'response';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** What the calls of one route did: each schema of each part (in order), each answer's type. */
export interface Seen {
  parts: Map<Part, z.ZodType[]>;
  types: Set<string>;
}
type Media = { schema: Record<string, unknown> };

/** `text/csv; charset=utf-8` -> `text/csv`. */
const mediaType = (contentType: unknown): string =>
  String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

export const toPath = (url: string) => url.replace(/:(\w+)\??/g, '{$1}');

export async function readDocument(t: TestApp): Promise<Doc> {
  const res = await t.api('GET', '/api-docs/json', { apiKey: null });
  expect(res.status).toBe(200);
  return res.body as Doc;
}

/**
 * Calls routes as the administrator (`t.admin`), recording under the route pattern every schema
 * each call validated (all calls of a pattern together) and the content type it answered.
 * `upload` sends a multipart form, and only with the field names the table declares.
 */
export function validationRecorder(t: SuiteApp) {
  const seen = new Map<string, Seen>();
  const call = async (
    method: Method,
    url: string,
    pattern: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const key = `${method} ${pattern}`;
    const entry = seen.get(key) ?? { parts: new Map(), types: new Set() };
    seen.set(key, entry);
    observeValidation((part, schema) => {
      const list = entry.parts.get(part) ?? [];
      if (!list.includes(schema)) entry.parts.set(part, [...list, schema]);
    });
    try {
      const res = await t.api(method, url, { token: t.admin, body, headers });
      expect(res.status, res.raw).toBeLessThan(300);
      entry.types.add(mediaType(res.headers['content-type']));
      return res;
    } finally {
      observeValidation(undefined);
    }
  };
  const upload = async (
    method: Method,
    url: string,
    pattern: string,
    form: { fields: Record<string, string>; files: FilePart[] },
  ) => {
    const declared = routeSchemas[`${method} ${pattern}`]?.multipart;
    if (!declared) throw new Error(`${method} ${pattern} declares no multipart form`);
    const sent = new Set([
      ...Object.keys(form.fields),
      ...form.files.map((f) => f.field ?? 'files'),
    ]);
    expect([...sent].sort(), `${pattern}: the declared fields, all of them`).toEqual(
      formFieldNames(declared).sort(),
    );
    const { body, headers } = multipart(form.fields, form.files);
    return call(method, url, pattern, body, headers);
  };
  return { call, upload, seen };
}

const schemasOf = (value: z.ZodType | readonly z.ZodType[] | undefined): z.ZodType[] =>
  value === undefined ? [] : [value].flat();
const matches = (range: string, type: string) => {
  const [want, got] = [mediaType(range).split('/'), type.split('/')];
  return (want[0] === '*' || want[0] === got[0]) && (want[1] === '*' || want[1] === got[1]);
};

/**
 * Each entry was exercised; its calls validated exactly the schemas it names, part by part (one
 * it parses and does not name fails, and so does one it names and never parses); they answered
 * JSON, or for a file answer only the content types it names; the document shows them.
 */
export function expectDocumented(
  doc: Doc,
  table: Record<string, RouteSchemas>,
  seen: Map<string, Seen>,
): void {
  for (const [key, documented] of Object.entries(table)) {
    const entry = seen.get(key);
    if (!entry) throw new Error(`${key} was not exercised`);
    const named: Record<Part, z.ZodType[]> = {
      body: schemasOf(documented.body ?? documented.multipart?.fields),
      query: schemasOf(documented.query),
      params: schemasOf(documented.params),
      response: schemasOf(documented.response),
    };
    const [method, url] = key.split(' ');
    const op = doc.paths[toPath(url)][method.toLowerCase()] as Operation;
    // A route declaring its schemas is checked by Fastify itself, before the handler.
    const onRoute = (op as { 'x-declared-on-route'?: boolean })['x-declared-on-route'] === true;
    for (const [part, want] of onRoute ? [] : (Object.entries(named) as [Part, z.ZodType[]][])) {
      const parsed = entry.parts.get(part) ?? [];
      const same = parsed.length === want.length && parsed.every((s) => want.includes(s));
      expect(same, `${key} ${part}: parsed ${parsed.length} schema(s), named ${want.length}`).toBe(
        true,
      );
    }
    const answer = op.responses[String(documented.status ?? 200)].content ?? {};
    if (documented.file) {
      for (const type of entry.types)
        expect(
          documented.file.some((range) => matches(range, type)),
          `${key}: ${type}`,
        ).toBe(true);
      expect(Object.keys(answer)).toEqual(documented.file.map(mediaType));
      for (const media of Object.values(answer))
        expect(media.schema).toEqual({ type: 'string', format: 'binary' });
    } else if (documented.stream) {
      // Both kinds were asked for and answered: JSON, and the declared event stream.
      expect([...entry.types].sort(), `${key} answers JSON and events`).toEqual([
        'application/json',
        EVENT_STREAM,
      ]);
      expect(answer[EVENT_STREAM].schema).toMatchObject({ type: 'string' });
    } else expect([...entry.types], `${key} answers JSON`).toEqual(['application/json']);
    if (documented.response) expect(answer['application/json'].schema).toBeDefined();
    if (documented.body) expect(op.requestBody?.content['application/json'].schema).toBeDefined();
    if (documented.multipart) {
      const form = op.requestBody?.content['multipart/form-data'].schema as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(form.properties).sort()).toEqual(
        formFieldNames(documented.multipart).sort(),
      );
      for (const [name, file] of Object.entries(documented.multipart.files))
        expect(form.properties[name], `${key} field ${name}`).toEqual(
          file.many
            ? { type: 'array', items: { type: 'string', format: 'binary' } }
            : { type: 'string', format: 'binary' },
        );
    }
  }
}
