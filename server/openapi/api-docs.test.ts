/**
 * The live API documentation is written from the routes' own declarations: every route under
 * /api is in it, grouped under one of the console's areas, with a summary in words, its path
 * parameters and its success answer. A route declared without them fails here.
 */
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type DeclaredRoute,
  declaredRoutes,
  type Doc,
  operationOf,
  readDocument,
  successAnswer,
  toPath,
} from '../test-support/declared-routes';
import { describeApi } from '../test-support/test-app';
import { API_TAGS } from './api-tags';

let routes: DeclaredRoute[];
beforeAll(async () => {
  routes = await declaredRoutes();
});
const keyOf = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

describeApi('live API documentation', (t) => {
  let doc: Doc;
  beforeAll(async () => {
    doc = await readDocument(t);
  });

  it('when the document is read, then it holds every declared route and no other', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/upload/docs' }),
    );
    const declared = routes.map((r) => `${r.method.toLowerCase()} ${toPath(r.url)}`).sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(declared);
  });

  it('when the document is read, then its areas are the console’s, in order, each described and used', () => {
    expect(doc.tags).toEqual(API_TAGS.map((tag) => ({ ...tag })));
    for (const tag of API_TAGS) {
      expect(tag.description, tag.name).toMatch(/^[A-Z].{10,99}$/);
      const used = routes.filter((r) => r.schema.tags?.[0] === tag.name);
      expect(used.length, `routes under ${tag.name}`).toBeGreaterThan(0);
    }
  });

  it('when any route is declared, then it names one area, a summary in words, its path parameters and its success answer', () => {
    const areas: readonly string[] = API_TAGS.map((tag) => tag.name);
    const problems: string[] = [];
    const summaries = new Map<string, string>();
    for (const route of routes) {
      const key = keyOf(route);
      const op = operationOf(doc, route);
      const { tags, summary, params } = route.schema;
      if (tags?.length !== 1 || !areas.includes(tags[0])) problems.push(`${key}: tags ${tags}`);
      expect(op.tags, key).toEqual(tags);
      // A summary says what the call does; the path is already on the line above it.
      if (typeof summary !== 'string' || !/^[A-Z][^\n/]{3,70}$/.test(summary))
        problems.push(`${key}: summary ${JSON.stringify(summary)}`);
      else if (summaries.has(summary))
        problems.push(`${key}: summary "${summary}" is also ${summaries.get(summary)}'s`);
      else summaries.set(summary, key);
      expect(op.summary, key).toBe(summary);

      const names = pathParams(route.url);
      const declared = params instanceof z.ZodObject ? Object.keys(params.shape) : [];
      if (names.length > 0 && declared.sort().join() !== [...names].sort().join())
        problems.push(`${key}: params ${declared.join()} for ${names.join()}`);
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path' && p.required);
      expect(inPath.map((p) => p.name).sort(), key).toEqual([...names].sort());

      const answer = successAnswer(route);
      if (!answer) problems.push(`${key}: no success answer`);
      else expect(op.responses[String(answer.status)]?.content, key).toBeDefined();
      expect(op.description, key).toContain(`Needs: ${op['x-required-right']}.`);
    }
    expect(problems).toEqual([]);
  });

  it('when a browser opens /api-docs, then the interactive page answers without the deployment key', async () => {
    const page = await t.api('GET', '/api-docs/', { apiKey: null });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.raw).toContain('swagger');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.raw).not.toMatch(/<script>(?!\s*<\/script>)[^<]+<\/script>/);
  });
});
