/**
 * The widget visitors' per-minute limits, per widget and per address. They are counted in the
 * database (services/security/rate-windows.ts), so they hold however many server processes
 * share the load; the daily quota, which is about money, is counted apart (visitor-repo.ts).
 */
import type { WindowCounter } from '../../services/security/rate-windows';
import { widgetErrors } from './errors';

const WINDOW_MS = 60_000;

export function createRateWindows(counter: WindowCounter, windowMs = WINDOW_MS) {
  return {
    /** Counts one request on every key; 429 when any of them is over its limit. */
    async take(
      limits: readonly (readonly [key: string, max: number])[],
      now = Date.now(),
    ): Promise<void> {
      const counts = await counter.hit(
        limits.map(([key]) => key),
        windowMs,
        now,
      );
      const wait = Math.max(
        0,
        ...counts.map((c, i) =>
          c.count > limits[i][1] ? Math.max(1, Math.ceil((c.resetAt - now) / 1000)) : 0,
        ),
      );
      if (wait > 0) throw widgetErrors.rateLimited(wait);
    },
  };
}

export type RateWindows = ReturnType<typeof createRateWindows>;
