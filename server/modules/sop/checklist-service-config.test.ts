import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';

/** The checklist service's address: the console's own API unless configured. */
describe('the checklist service address', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('when SOP_SERVICE_URL is unset, then the console calls its own API; when set, that address', async () => {
    const own = await startTestApp('sqlite');
    apps.push(own);
    expect(
      (await own.api('GET', '/runtime-config.json', { apiKey: null })).body.sopServiceUrl,
    ).toBe('/api');
    const elsewhere = await startTestApp('sqlite', {
      SOP_SERVICE_URL: 'https://checklists.example.com/v1/',
    });
    apps.push(elsewhere);
    const config = await elsewhere.api('GET', '/runtime-config.json', { apiKey: null });
    expect(config.body.sopServiceUrl).toBe('https://checklists.example.com/v1');
    await expect(startTestApp('sqlite', { SOP_SERVICE_URL: 'ftp://nope' })).rejects.toThrow(
      /SOP_SERVICE_URL/,
    );
  });
});
