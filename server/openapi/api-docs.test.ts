/**
 * The live API documentation is written from the routes' own declarations: every route is in
 * it, with the contract it declares.
 */
import { expect, it } from 'vitest';
import { declaredRoutes, readDocument, toPath } from '../test-support/declared-routes';
import { describeApi } from '../test-support/test-app';

describeApi('live API documentation', (t) => {
  it('when the document is read, then it holds every declared route and no other', async () => {
    const doc = await readDocument(t);
    const routes = await declaredRoutes();
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

  it('when a browser opens /api-docs, then the interactive page answers without the deployment key', async () => {
    const page = await t.api('GET', '/api-docs/', { apiKey: null });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.raw).toContain('swagger');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.raw).not.toMatch(/<script>(?!\s*<\/script>)[^<]+<\/script>/);
  });
});
