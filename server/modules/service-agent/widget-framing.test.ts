import { beforeAll, expect, it } from 'vitest';
import { EMBED_SCRIPT_PATH } from '../../../contract/service-agent';
import { describeApi } from '../../test-support/test-app';
import { createWidget } from '../../test-support/widgets';

/**
 * A widget's pages may be framed by its allowed hosts, and nothing else anywhere
 * (`frame-ancestors` of the Content-Security-Policy; X-Frame-Options elsewhere).
 */
describeApi('framing of the widget pages', (t) => {
  let active: { id: number; client_id: string };
  let inactive: { id: number; client_id: string };

  const page = (url: string) => t.api('GET', url, { apiKey: null });
  const frameAncestors = (headers: Record<string, unknown>) =>
    /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];

  beforeAll(async () => {
    active = await createWidget(t, t.admin, {
      allowed_hosts: ['127.0.0.2:4173', '*.example.com', 'shop.test'],
    });
    inactive = await createWidget(t, t.admin, { status: false });
  });

  it("when /chat is opened with an active widget's key, then only its hosts (and Atrium) may frame it", async () => {
    for (const path of ['/chat', '/login']) {
      const res = await page(`${path}?key=${active.client_id}&host=http%3A%2F%2F127.0.0.2%3A4173`);
      expect(frameAncestors(res.headers), path).toBe(
        "'self' https://127.0.0.2:4173 http://127.0.0.2:4173 https://*.example.com http://*.example.com https://shop.test http://shop.test",
      );
      expect(res.headers['x-frame-options'], path).toBeUndefined();
      // The rest of the policy stays as it is.
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('when any other page, key or widget is asked for, then framing stays refused', async () => {
    for (const url of [
      '/chat',
      '/chat?key=unknownkeyunknownkeyunknownkey12',
      `/dashboard?key=${active.client_id}`,
      `/chat/extra?key=${active.client_id}`,
      '/login',
    ]) {
      const res = await page(url);
      expect(frameAncestors(res.headers), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const api = await t.api('GET', `/api/service-agent/${active.id}?key=${active.client_id}`, {
      token: t.admin,
    });
    expect(frameAncestors(api.headers)).toBe("'none'");
  });

  it('when a widget is switched off, then its own hosts still frame it (to say it is off), nobody else', async () => {
    const widget = await createWidget(t, t.admin, { allowed_hosts: ['shop.test'] });
    await t.api('PUT', `/api/service-agent/${widget.id}`, {
      token: t.admin,
      body: { status: false },
    });
    for (const path of ['/chat', '/login']) {
      const res = await page(`${path}?key=${widget.client_id}`);
      expect(frameAncestors(res.headers), path).toBe("'self' https://shop.test http://shop.test");
    }
    const created = await page(`/chat?key=${inactive.client_id}`);
    expect(frameAncestors(created.headers)).toBe(
      "'self' https://127.0.0.2:4173 http://127.0.0.2:4173 https://*.example.com http://*.example.com",
    );
  });

  it('when another site loads the embed script, then its answer allows that', async () => {
    const res = await page(EMBED_SCRIPT_PATH);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const other = await page('/chat');
    expect(other.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
