/**
 * Per-term row counts and the index's row total, kept a short while per database. Counting a
 * frequent term ("project" in every passage) reads thousands of index entries, and one question
 * asks for the same terms twice (the search, then the retrieval's weighing) while a conversation
 * repeats them. Chunks written or removed by this process drop the counts at once; the lifetime
 * bounds what another process's writes leave stale (a count only weighs a term, never filters).
 */
import type { Database } from '../../db/database';

const LIFETIME_MS = 30_000;

/**
 * Rows a term is counted up to: above it a term is simply frequent. Well above the candidate
 * cap, since the answer weighs terms by these counts: "program" (1,400 passages) and
 * "generate" (1,100) must not weigh the same.
 */
export const DF_BOUND = 20_000;

interface Cache {
  terms: Map<string, { df: number; at: number }>;
  total: { rows: number; at: number } | null;
}

const caches = new WeakMap<Database, Cache>();

/** Drops the cached counts after this process changed the chunks. */
export function forgetTermCounts(database: Database): void {
  caches.delete(database);
}

export interface TermCounts {
  /** Rows in the index. */
  total: number;
  /** Rows holding each term. */
  df: Map<string, number>;
}

/** Each term's count and the total, from the cache or from `count` for what it lacks. */
export async function cachedTermCounts(
  database: Database,
  terms: readonly string[],
  count: (
    missing: string[],
    withTotal: boolean,
  ) => Promise<Partial<TermCounts> & Pick<TermCounts, 'df'>>,
): Promise<TermCounts> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = { terms: new Map(), total: null }));
  const now = Date.now();
  const fresh = (at: number | undefined) => (at ?? 0) > now - LIFETIME_MS;
  const missing = [...new Set(terms)].filter((t) => !fresh(cache.terms.get(t)?.at));
  const withTotal = !fresh(cache.total?.at);
  if (missing.length > 0 || withTotal) {
    // The total is counted only when it is due (a count of every row, on SQLite).
    const found = await count(missing, withTotal);
    for (const [term, df] of found.df) cache.terms.set(term, { df, at: now });
    if (found.total !== undefined) cache.total = { rows: found.total, at: now };
  }
  return {
    total: cache.total?.rows ?? 0,
    df: new Map(terms.map((t) => [t, cache.terms.get(t)?.df ?? 0])),
  };
}
