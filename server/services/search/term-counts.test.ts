import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { cachedTermCounts, forgetTermCounts } from './term-counts';

/** A count that records what it was asked and answers when released. */
function countSpy() {
  const asked: { missing: string[]; withTotal: boolean }[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((r) => (release = r));
  const count = async (missing: string[], withTotal: boolean) => {
    asked.push({ missing, withTotal });
    await gate;
    return {
      total: withTotal ? 100 + asked.length : undefined,
      df: new Map(missing.map((t) => [t, t.length * 10 + asked.length])),
    };
  };
  return {
    asked,
    count,
    open: () => release(),
    close: () => (gate = new Promise<void>((r) => (release = r))),
  };
}

describe('cached term counts', () => {
  const database = {} as Database;
  afterEach(() => {
    forgetTermCounts(database);
    vi.useRealTimers();
  });

  it('when many questions ask at once for terms not yet counted, then they share one count', async () => {
    const spy = countSpy();
    const answers = Array.from({ length: 20 }, () =>
      cachedTermCounts(database, ['project', 'lead'], spy.count),
    );
    spy.open();
    const results = await Promise.all(answers);
    expect(spy.asked).toEqual([{ missing: ['project', 'lead'], withTotal: true }]);
    for (const r of results) {
      expect(r.total).toBe(101);
      expect(r.df.get('project')).toBe(71);
    }
  });

  it('when a count is past its lifetime, then the old count answers at once while one count refreshes it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
    const spy = countSpy();
    spy.open();
    await cachedTermCounts(database, ['project'], spy.count);
    vi.setSystemTime(new Date('2026-11-26T10:01:00Z'));
    spy.close();
    const during = await Promise.all(
      Array.from({ length: 10 }, () => cachedTermCounts(database, ['project'], spy.count)),
    );
    // Answered from the old count although the refresh has not finished.
    expect(during.map((r) => r.df.get('project'))).toEqual(Array(10).fill(71));
    expect(spy.asked).toHaveLength(2);
    spy.open();
    await vi.waitFor(async () =>
      expect((await cachedTermCounts(database, ['project'], spy.count)).df.get('project')).toBe(72),
    );
    expect(spy.asked).toHaveLength(2);
  });

  it('when the first count of a term fails, then the questions waiting for it see the error and the next one counts again', async () => {
    const failing = () => Promise.reject(new Error('database gone'));
    await expect(cachedTermCounts(database, ['okapi'], failing)).rejects.toThrow('database gone');
    const spy = countSpy();
    spy.open();
    expect((await cachedTermCounts(database, ['okapi'], spy.count)).df.get('okapi')).toBe(51);
  });
});
