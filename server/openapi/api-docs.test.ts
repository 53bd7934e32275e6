import { expect, it } from 'vitest';
import { modules } from '../container';
import type { Api } from '../http/route-contract';
import { keyBody } from '../test-support/api-keys';
import { letters } from '../test-support/identity';
import { describeApi, TEST_ADMIN } from '../test-support/test-app';
import { widgetBody } from '../test-support/widgets';
import { expectDocumented, readDocument, toPath, validationRecorder } from './docs-check';
import { baseRouteSchemas, routeSchemas } from './route-schemas';

/**
 * Every route the route modules register, read by registering them on a recorder instead of
 * Fastify: a second list, made apart from the documentation's own onRoute hook.
 */
async function registeredRoutes(): Promise<{ method: string; url: string }[]> {
  const found: { method: string; url: string }[] = [];
  const scopes: Promise<unknown>[] = [];
  const record =
    (method: string) =>
    (url: string): void =>
      void found.push({ method, url: `/api${url}` });
  const api: Api = new Proxy({} as Api, {
    get: (_t, name) => {
      if (['get', 'post', 'put', 'delete', 'patch'].includes(String(name)))
        return record(String(name).toUpperCase());
      // Routes inside a child scope (multipart uploads) register on it the same way; plugins
      // of others (fastify-plugin ones, such as multipart) are left out.
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

describeApi('live API documentation', (t) => {
  const document = () => readDocument(t);

  it('when the document is read, then every registered route is in it with the right it needs', async () => {
    const doc = await document();
    const routes = await registeredRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/upload/docs' });
    const missing = routes.filter((r) => !doc.paths[toPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    const create = doc.paths['/api/api-keys'].post;
    expect(create['x-required-right']).toBe('Roles.ADD');
    expect(doc.paths['/api/departments'].get['x-required-right']).toBe('the default administrator');
    expect(doc.paths['/api/users/login'].post['x-required-right']).toBe('none (public)');
  });

  it('when the document is read, then every registered route has its shapes declared, and each declared route is registered', async () => {
    const doc = await document();
    const routes = (await registeredRoutes()).map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((key) => !routeSchemas[key])).toEqual([]);
    expect(Object.keys(routeSchemas).filter((key) => !routes.includes(key))).toEqual([]);
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-shapes-declared'] === false)
        .map(([method]) => `${method} ${path}`),
    );
    expect(marked).toEqual([]);
  });

  it('when each documented route is called, then it validates exactly the documented shapes', async () => {
    const doc = await document();
    const { call, seen } = validationRecorder(t);
    await call('POST', '/api/api-keys', '/api/api-keys', keyBody());
    const id = (await t.api('GET', '/api/api-keys', { token: t.admin })).body.items[0].id;
    await call('GET', '/api/api-keys', '/api/api-keys');
    await call('GET', `/api/api-keys/${id}`, '/api/api-keys/:id');
    await call('DELETE', `/api/api-keys/${id}`, '/api/api-keys/:id');
    await call('GET', '/api/departments', '/api/departments');
    const department = { name: `Docs ${letters()}`, description: '' };
    await call('POST', '/api/departments', '/api/departments', department);
    await call('GET', '/api/departments/1', '/api/departments/:id');
    await call('PUT', '/api/departments/1', '/api/departments/:id', { name: 'General' });
    await call('GET', '/api/roles', '/api/roles');
    const role = { name: `Docs ${letters()}`, department_id: 1, permission_set: [1] };
    await call('POST', '/api/roles', '/api/roles', role);
    const roleId = (await t.api('GET', '/api/roles?search=Docs', { token: t.admin })).body.items[0]
      .id;
    await call('GET', `/api/roles/${roleId}`, '/api/roles/:id');
    await call('PUT', `/api/roles/${roleId}`, '/api/roles/:id', { ...role, description: 'Edited' });
    await call('GET', '/api/users', '/api/users');
    await call('POST', '/api/users/login', '/api/users/login', {
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
    });
    await call('GET', '/api/chat/models', '/api/chat/models');
    await call('GET', '/api/service-agent', '/api/service-agent');
    await call('POST', '/api/service-agent', '/api/service-agent', widgetBody());
    await call('GET', '/api/reports/sentiments/products', '/api/reports/sentiments/products');
    const userId = (await t.api('GET', '/api/users', { token: t.admin })).body.items[0].id;
    await call('GET', `/api/user/${userId}`, '/api/user/:id');
    await call('GET', `/api/users/history/${userId}`, '/api/users/history/:id');
    await call('GET', `/api/roles/${roleId}/history`, '/api/roles/:id/history');
    const byAction = '/api/roles/types/:type/action/:action';
    await call('GET', '/api/roles/types/Users/action/VIEW', byAction);
    for (const report of [
      'analytics/overview',
      'analytics/peak_hours',
      'analytics/response_time',
      'analytics/customer_satisfaction',
      'sentiments/dashboard',
      'sentiments/average_conversation_summary',
      'sentiments/conversations',
    ])
      await call('GET', `/api/reports/${report}`, `/api/reports/${report}`);
    await call('GET', '/api/reports/dashboard', '/api/reports/dashboard');
    for (const list of [
      '/api/email-agent',
      '/api/upload/uploaded/documents',
      '/api/sop/checklists',
      '/api/sop/products',
      '/api/sop/industries',
    ])
      await call('GET', list, list);
    await call('PUT', '/api/reports/sentiments/products', '/api/reports/sentiments/products', {
      names: ['Docs product'],
    });

    expectDocumented(doc, baseRouteSchemas, seen);
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
