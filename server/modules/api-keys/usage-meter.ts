/**
 * Per-key request counting without a write per request. Each process counts a key's requests in
 * memory and, at most once every `flushMs`, adds them in one batch to the database: to the key's
 * rate window (`rate_windows`, shared by every process) and to its `request_count` and
 * `last_used_at`. The limit is checked against the shared count of the last batch plus the
 * requests counted here since, so one process is exact and N processes can overshoot by at most
 * what the others counted in their last `flushMs`.
 */
import { AppError } from '../../http/app-error';
import type { WindowCounter } from '../../services/security/rate-windows';
import type { ApiKeysRepo } from './repo';

const WINDOW_MS = 60_000;

interface KeyWindow {
  /** The shared count of the window as of the last batch. */
  shared: number;
  resetAt: number;
  /** Requests counted here and not yet written. */
  pending: number;
  /** When the key was last used (ms), written as ISO text only with the batch. */
  lastUsedAt: number;
}

interface UsageMeterOptions {
  repo: Pick<ApiKeysRepo, 'addUsage'>;
  counter: Pick<WindowCounter, 'add'>;
  limitPerMinute: number;
  flushMs?: number;
  onError?: (error: unknown) => void;
}

export function createUsageMeter({
  repo,
  counter,
  limitPerMinute,
  flushMs = 2000,
  onError,
}: UsageMeterOptions) {
  const windows = new Map<number, KeyWindow>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function writeBatch() {
    const batch = [...windows.entries()].filter(([, w]) => w.pending > 0);
    if (batch.length === 0) return;
    const written = batch.map(([id, w]) => ({
      id,
      count: w.pending,
      lastUsedAt: new Date(w.lastUsedAt).toISOString(),
    }));
    for (const [, w] of batch) w.pending = 0;
    const now = Date.now();
    for (const { id, count } of written) {
      const shared = await counter.add(`api-key:${id}`, count, WINDOW_MS, now);
      const w = windows.get(id);
      if (w) Object.assign(w, { shared: shared.count, resetAt: shared.resetAt });
    }
    await repo.addUsage(written);
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(writeBatch).catch((error: unknown) => onError?.(error));
    return flushing;
  }

  return {
    /** Counts one request of the key; 429 when its minute is used up. */
    hit(keyId: number, now = Date.now()) {
      let w = windows.get(keyId);
      if (!w || w.resetAt <= now) {
        w = { shared: 0, resetAt: now + WINDOW_MS, pending: w?.pending ?? 0, lastUsedAt: 0 };
        windows.set(keyId, w);
      }
      if (w.shared + w.pending >= limitPerMinute)
        throw new AppError(
          429,
          'RATE_LIMITED',
          'Too many requests with this API key. Please wait a minute and try again.',
          { retry_after: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) },
        );
      w.pending += 1;
      w.lastUsedAt = now;
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    /** Writes what is counted now (before a list is read, and when the server stops). */
    flush,
  };
}

export type UsageMeter = ReturnType<typeof createUsageMeter>;
