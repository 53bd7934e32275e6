/**
 * Request counts per key in fixed windows, kept in the database (`rate_windows`) so that every
 * server process counts the same requests: with WEB_CONCURRENCY processes, counts kept in
 * memory would let each process allow the whole limit. One statement counts all the keys of a
 * request (an upsert that starts a key's window over once it has ended), so a request costs
 * one short write however many limits it is under.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** A key's count in its current window and the epoch milliseconds when that window ends. */
interface WindowCount {
  count: number;
  resetAt: number;
}

const SWEEP_EVERY_MS = 60_000;
const DEFAULT_WINDOW_MS = 60_000;

export function createWindowCounter(database: Database) {
  const { db } = database;
  let sweepAt = 0;

  /** Deletes the windows that have ended (a missing row and an ended one count the same). */
  async function sweep(now: number) {
    if (now < sweepAt) return;
    sweepAt = now + SWEEP_EVERY_MS;
    await db.deleteFrom('rate_windows').where('reset_at', '<=', now).execute();
  }

  return {
    /** Counts one request on each key, in windows of `windowMs`; each key's count so far. */
    async hit(keys: readonly string[], windowMs: number, now = Date.now()): Promise<WindowCount[]> {
      if (keys.length === 0) return [];
      await sweep(now);
      const unique = [...new Set(keys)];
      const ended = sql<boolean>`rate_windows.reset_at <= ${now}`;
      const rows = await db
        .insertInto('rate_windows')
        .values(unique.map((key) => ({ key, reset_at: now + windowMs, count: 1 })))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${ended} then 1 else rate_windows.count + 1 end`,
            reset_at: sql<number>`case when ${ended} then excluded.reset_at else rate_windows.reset_at end`,
          }),
        )
        .returning(['key', 'count', 'reset_at'])
        .execute();
      const byKey = new Map(
        rows.map((r) => [r.key, { count: Number(r.count), resetAt: Number(r.reset_at) }]),
      );
      return keys.map((key) => byKey.get(key) ?? { count: 1, resetAt: now + windowMs });
    },

    /**
     * Counts `n` requests at once on one key (a batch counted in memory first, as API keys do);
     * the key's count so far.
     */
    async add(key: string, n: number, windowMs: number, now = Date.now()): Promise<WindowCount> {
      await sweep(now);
      const ended = sql<boolean>`rate_windows.reset_at <= ${now}`;
      const row = await db
        .insertInto('rate_windows')
        .values({ key, reset_at: now + windowMs, count: n })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${ended} then excluded.count else rate_windows.count + excluded.count end`,
            reset_at: sql<number>`case when ${ended} then excluded.reset_at else rate_windows.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
  };
}

export type WindowCounter = ReturnType<typeof createWindowCounter>;

/**
 * The same counts as @fastify/rate-limit's store (its `store` option takes a class): each
 * route's limit counts apart, as the plugin's own stores do.
 */
export function rateLimitStoreOf(counter: WindowCounter) {
  type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'route:',
    ) {}

    // The plugin passes the route's window (its typings leave that argument out).
    incr(key: string, done: Done, timeWindow = DEFAULT_WINDOW_MS): void {
      const now = Date.now();
      counter.hit([`${this.prefix}${key}`], timeWindow, now).then(
        ([w]) => done(null, { current: w.count, ttl: Math.max(0, w.resetAt - now) }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // At run time the plugin hands the route's merged limit options, `routeInfo` among them
    // (its typings name the route's options instead).
    child(routeOptions: object) {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      return new DatabaseRateLimitStore(
        undefined,
        `route:${routeInfo?.method ?? ''} ${routeInfo?.url ?? ''}:`,
      );
    }
  };
}
