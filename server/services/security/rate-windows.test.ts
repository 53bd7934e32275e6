import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import {
  startTestApp,
  testDatabases,
  TEST_API_KEY,
  type TestApp,
} from '../../test-support/test-app';
import { createWindowCounter } from './rate-windows';

describe.each(testDatabases)('request-limit windows shared by server processes (%s)', (dialect) => {
  let t: TestApp;
  // A second connection to the same database: what another server process holds.
  let other: Database;

  beforeAll(async () => {
    t = await startTestApp(dialect, { AUTH_RATE_LIMIT: '3' });
    other = createDatabase(t.config);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('when two processes count the same key, then they add up to one count', async () => {
    const here = createWindowCounter(t.database);
    const there = createWindowCounter(other);
    const now = Date.now();
    expect((await here.hit(['shared'], 60_000, now))[0].count).toBe(1);
    expect((await there.hit(['shared'], 60_000, now + 1))[0].count).toBe(2);
    const [third] = await here.hit(['shared'], 60_000, now + 2);
    expect(third).toEqual({ count: 3, resetAt: now + 60_000 });
  });

  it('when a window has ended, then the count starts over with a new window', async () => {
    const counter = createWindowCounter(t.database);
    const now = Date.now();
    await counter.hit(['restart'], 1_000, now);
    await counter.hit(['restart'], 1_000, now + 10);
    expect(await counter.hit(['restart'], 1_000, now + 1_000)).toEqual([
      { count: 1, resetAt: now + 2_000 },
    ]);
  });

  it('when one request counts several keys, then each key keeps its own count', async () => {
    const counter = createWindowCounter(t.database);
    const now = Date.now();
    await counter.hit(['key-a', 'key-b'], 60_000, now);
    const counts = await counter.hit(['key-b', 'key-a', 'key-b'], 60_000, now + 1);
    expect(counts.map((c) => c.count)).toEqual([2, 2, 2]);
    expect((await counter.hit(['key-a'], 60_000, now + 2))[0].count).toBe(3);
  });

  it('when sign-in calls alternate between two server processes, then AUTH_RATE_LIMIT holds for them together', async () => {
    const second = await buildApp(t.config, { database: other, logger: pino({ level: 'silent' }) });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const app = i % 2 === 0 ? t.app : second;
        const res = await app.inject({
          method: 'POST',
          url: '/api/users/login',
          headers: { 'x-api-key': TEST_API_KEY },
          payload: { email: 'nobody@atrium.test', password: 'Wrong-Pass-123' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await second.close();
    }
  });
});
