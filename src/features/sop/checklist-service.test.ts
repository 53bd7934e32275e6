import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '@/lib/http';
import { resetRuntimeConfigForTests } from '@/lib/runtime-config';
import { clearSessionCookies, saveSessionToken } from '@/lib/session/session-cookies';
import { checklistService, resetChecklistServiceForTests } from './checklist-service';

const config = { apiBaseUrl: '/api', apiKey: 'key-123' };
const app: HttpClient = { request: vi.fn(), upload: vi.fn() };

function serve(runtime: Record<string, unknown>) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      const href = String(url);
      calls.push({ url: href, headers: (init?.headers ?? {}) as Record<string, string> });
      const body = href.endsWith('/runtime-config.json') ? runtime : { id: 7 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('the checklist service client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetChecklistServiceForTests();
    clearSessionCookies();
  });

  it('when runtime-config names no other address, then the app client is used', async () => {
    resetRuntimeConfigForTests(config);
    serve({ ...config, sopServiceUrl: '/api' });
    expect(await checklistService(app)).toBe(app);
  });

  it('when runtime-config names the service elsewhere, then save goes there with the API key and the token', async () => {
    resetRuntimeConfigForTests(config);
    saveSessionToken('user', 'token-abc', new Date(Date.now() + 60_000));
    const calls = serve({ ...config, sopServiceUrl: 'http://checklists.test/v1' });
    const client = await checklistService(app);
    expect(client).not.toBe(app);
    await client.request('/sop/save_checklist', { method: 'POST', body: { checklist_id: 7 } });
    const save = calls.find((c) => c.url.includes('save_checklist'));
    expect(save?.url).toBe('http://checklists.test/v1/sop/save_checklist');
    expect(save?.headers['x-api-key']).toBe('key-123');
    expect(save?.headers.authorization).toBe('Bearer token-abc');
  });
});
