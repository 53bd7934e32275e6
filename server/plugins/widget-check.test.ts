import { beforeAll, expect, it } from 'vitest';
import { widgetCheckSchema } from '../../contract/service-agent';
import { describeApi } from '../test-support/test-app';
import { createWidget, HOST_PAGE } from '../test-support/widgets';

/**
 * GET /widget-check?key=K, asked by the embed script before it draws its launcher: yes on the
 * widget's allowed hosts (switched off or not, as its frame is), no anywhere else, readable by
 * any page without the deployment's x-api-key.
 */
describeApi('the embed check of a chat widget', (t) => {
  let widget: { id: number; client_id: string };

  const check = (key: string, headers: Record<string, string>) =>
    t.api('GET', `/widget-check?key=${encodeURIComponent(key)}`, { apiKey: null, headers });

  beforeAll(async () => {
    widget = await createWidget(t, t.admin, { allowed_hosts: ['127.0.0.2:4173', '*.example.com'] });
  });

  it('when a page on an allowed host asks, then it may show the widget and can read the answer', async () => {
    for (const origin of [HOST_PAGE, 'https://shop.example.com']) {
      const res = await check(widget.client_id, { origin });
      expect(res.status, origin).toBe(200);
      expect(widgetCheckSchema.parse(res.body), origin).toEqual({ allowed: true });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('when a page elsewhere asks, or for a key that is no widget, then the answer is no', async () => {
    for (const [key, origin] of [
      [widget.client_id, 'http://127.0.0.3:4173'],
      [widget.client_id, 'https://example.com'],
      [widget.client_id, 'null'],
      ['unknownkeyunknownkeyunknownkey12', HOST_PAGE],
    ]) {
      const res = await check(key, { origin });
      expect(res.status, `${key} ${origin}`).toBe(200);
      expect(res.body, `${key} ${origin}`).toEqual({ allowed: false });
    }
    // Nothing says where the page is: no.
    expect((await check(widget.client_id, {})).body).toEqual({ allowed: false });
  });

  it('when the widget is switched off, then its hosts may still show it (its chat says it is off)', async () => {
    await t.api('PUT', `/api/service-agent/${widget.id}`, {
      token: t.admin,
      body: { status: false },
    });
    expect((await check(widget.client_id, { origin: HOST_PAGE })).body).toEqual({ allowed: true });
  });

  it('when the key is missing or too long, then 400 says so, still readable by the page', async () => {
    const res = await t.api('GET', '/widget-check', {
      apiKey: null,
      headers: { origin: HOST_PAGE },
    });
    expect(res.status).toBe(400);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect((await check('k'.repeat(65), { origin: HOST_PAGE })).status).toBe(400);
  });
});
