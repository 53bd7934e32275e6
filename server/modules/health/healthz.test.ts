import { expect, it } from 'vitest';
import { describeApi } from '../../test-support/test-app';

describeApi('the load balancer health check', (t) => {
  it('when /healthz is asked without an API key, then it answers 200 while the database answers, and tells nothing else', async () => {
    const res = await t.api('GET', '/healthz', { apiKey: null });
    expect(res.status).toBe(200);
    expect(res.raw).toBe('ok');
    expect(res.headers['cache-control']).toBe('no-store');
    // The API itself still wants its key.
    expect((await t.api('GET', '/api/health', { apiKey: null })).status).toBe(401);
  });

  it('when the database no longer answers, then /healthz answers 503', async () => {
    await t.database.close();
    const res = await t.api('GET', '/healthz', { apiKey: null });
    expect(res.status).toBe(503);
    expect(res.raw).toBe('unavailable');
  });
});
