/**
 * The documentation tests' tools: call a route as the administrator while recording the schemas
 * it validates, then check a table of route-schemas entries against those calls and against the
 * document's JSON Schemas. Each area's test (api-docs*.test.ts) checks its own table.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { observeValidation } from '../http/validate';
import type { SuiteApp, TestApp } from '../test-support/test-app';
import type { RouteSchemas } from './route-schemas';

export type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

export const toPath = (url: string) => url.replace(/:(\w+)\??/g, '{$1}');

export async function readDocument(t: TestApp): Promise<Doc> {
  const res = await t.api('GET', '/api-docs/json', { apiKey: null });
  expect(res.status).toBe(200);
  return res.body as Doc;
}

/** Calls routes as the administrator, recording what each validated under its route pattern. */
export function validationRecorder(t: SuiteApp) {
  const seen = new Map<string, Map<string, z.ZodType>>();
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    pattern: string,
    body?: unknown,
  ) => {
    const parts = new Map<string, z.ZodType>();
    observeValidation((part, schema) => void (parts.has(part) || parts.set(part, schema)));
    try {
      const res = await t.api(method, url, { token: t.admin, body });
      expect(res.status, res.raw).toBeLessThan(300);
      return res;
    } finally {
      observeValidation(undefined);
      seen.set(`${method} ${pattern}`, parts);
    }
  };
  return { call, seen };
}

/** Each entry was exercised, validated exactly its parts, and is documented with their schemas. */
export function expectDocumented(
  doc: Doc,
  table: Record<string, RouteSchemas>,
  seen: Map<string, Map<string, z.ZodType>>,
): void {
  for (const [key, documented] of Object.entries(table)) {
    const parts = seen.get(key);
    expect(parts, `${key} was not exercised`).toBeDefined();
    for (const part of ['body', 'query', 'params', 'response'] as const)
      expect(parts?.get(part), `${key} ${part}`).toBe(documented[part]);
    const [method, url] = key.split(' ');
    const op = doc.paths[toPath(url)][method.toLowerCase()] as {
      requestBody?: { content: { 'application/json': { schema: unknown } } };
      responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>;
    };
    if (documented.body)
      expect(op.requestBody?.content['application/json'].schema).toEqual(
        z.toJSONSchema(documented.body, { io: 'input', unrepresentable: 'any' }),
      );
    if (documented.response)
      expect(
        op.responses[String(documented.status ?? 200)].content?.['application/json'].schema,
      ).toEqual(z.toJSONSchema(documented.response, { io: 'output', unrepresentable: 'any' }));
  }
}
