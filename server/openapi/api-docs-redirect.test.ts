import { expect, it } from 'vitest';
import { describeApi } from '../test-support/test-app';

/** The Swagger UI page of /api-docs, reached from its static index.html with any query. */
describeApi('the API documentation page', { admin: false }, (t) => {
  /** The answers met following redirects from `url`, as a browser does, at most 5. */
  async function follow(url: string) {
    const seen: { url: string; status: number; location?: string; body: string }[] = [];
    let next: string | undefined = url;
    while (next !== undefined && seen.length < 5) {
      const res = await t.app.inject({ method: 'GET', url: next });
      const location = res.headers.location as string | undefined;
      seen.push({ url: next, status: res.statusCode, location, body: res.body });
      const target: URL | undefined =
        location === undefined ? undefined : new URL(location, `http://atrium${next}`);
      next = target && `${target.pathname}${target.search}`;
    }
    return seen;
  }

  it('when static/index.html is opened with a query string, then one redirect leads to the page, which loads', async () => {
    for (const query of ['?anything', '?url=https://evil.example/x.json', '?a=1&b=%2F%2F']) {
      const seen = await follow(`/api-docs/static/index.html${query}`);
      expect(seen.map((s) => s.status)).toEqual([302, 200]);
      expect(seen[0].location).toBe('/api-docs/');
      expect(seen[1].body).toContain('swagger-ui');
    }
  });

  it('when static/index.html is opened without a query, then it still leads to the page', async () => {
    const seen = await follow('/api-docs/static/index.html');
    expect(seen.map((s) => s.status)).toEqual([302, 200]);
    expect(seen[1].body).toContain('swagger-ui');
  });
});
