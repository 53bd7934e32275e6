import { expect, it } from 'vitest';
import { createKey } from '../../test-support/api-keys';
import { describeApi } from '../../test-support/test-app';
import { createWindowCounter } from '../../services/security/rate-windows';
import { createApiKeysRepo } from './repo';
import { createUsageMeter } from './usage-meter';

/** Usage of keys is written in batches, and the limit holds across server processes. */
describeApi('API key usage meter', (t) => {
  /** One server process's meter over the real database, counting its writes. */
  function processMeter(limitPerMinute: number) {
    const repo = createApiKeysRepo(t.database.db);
    const counter = createWindowCounter(t.database);
    const writes = { usage: 0, windows: 0 };
    const meter = createUsageMeter({
      limitPerMinute,
      flushMs: 60_000,
      repo: { addUsage: (u) => ((writes.usage += 1), repo.addUsage(u)) },
      counter: { add: (...args) => ((writes.windows += 1), counter.add(...args)) },
    });
    return { meter, writes };
  }
  const countOf = async (id: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('api_keys')
          .select('request_count')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).request_count,
    );

  it('when a key makes 200 requests between two batches, then they are written in one batch', async () => {
    const key = await createKey(t, t.admin);
    const { meter, writes } = processMeter(1000);
    for (let i = 0; i < 200; i += 1) meter.hit(key.id);
    expect(writes).toEqual({ usage: 0, windows: 0 });
    expect(await countOf(key.id)).toBe(0);
    await meter.flush();
    expect(writes).toEqual({ usage: 1, windows: 1 });
    expect(await countOf(key.id)).toBe(200);
    await meter.flush();
    expect(writes).toEqual({ usage: 1, windows: 1 });
  });

  it('when two processes count one key, then the limit holds for both together after a batch', async () => {
    const key = await createKey(t, t.admin);
    const a = processMeter(5).meter;
    const b = processMeter(5).meter;
    for (let i = 0; i < 4; i += 1) a.hit(key.id);
    await a.flush();
    b.hit(key.id);
    await b.flush();
    expect(() => b.hit(key.id)).toThrow(/Too many requests/);
    expect(await countOf(key.id)).toBe(5);
  });
});
