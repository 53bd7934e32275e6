/**
 * Request counts per key in fixed one-minute windows, kept in this process (as
 * @fastify/rate-limit keeps its counts): the visitors' limits per widget and per address. They
 * stop a flood quickly and cheaply; the daily quota, which is about money, is counted in the
 * database instead (see visitor-repo.ts), so it holds across server processes.
 */
import { widgetErrors } from './errors';

const WINDOW_MS = 60_000;

export function createRateWindows(windowMs = WINDOW_MS) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = 0;

  /** Counts one request on `key`; the seconds to wait when that is over `max`, else 0. */
  function hit(key: string, max: number, now: number): number {
    if (now >= sweepAt) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      sweepAt = now + windowMs;
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > max ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0;
  }

  return {
    /** Counts one request on every key; 429 when any of them is over its limit. */
    take(limits: readonly (readonly [key: string, max: number])[], now = Date.now()): void {
      const wait = Math.max(0, ...limits.map(([key, max]) => hit(key, max, now)));
      if (wait > 0) throw widgetErrors.rateLimited(wait);
    },
  };
}

export type RateWindows = ReturnType<typeof createRateWindows>;
