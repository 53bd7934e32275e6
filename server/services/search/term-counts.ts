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
  total: { rows: number; avgLength: number; at: number } | null;
  /** Counts under way, so concurrent questions share one count instead of each running it. */
  counting: Map<string, Promise<unknown>>;
  countingTotal: Promise<unknown> | null;
}

const caches = new WeakMap<Database, Cache>();

/** Drops the cached counts after this process changed the chunks. */
export function forgetTermCounts(database: Database): void {
  caches.delete(database);
}

interface TermCounts {
  /** Rows in the index. */
  total: number;
  /** Their mean length in terms. */
  avgLength: number;
  /** Rows holding each term. */
  df: Map<string, number>;
}

type Count = (
  missing: string[],
  withTotal: boolean,
) => Promise<Partial<TermCounts> & Pick<TermCounts, 'df'>>;

/**
 * Each term's count and the total, from the cache or from `count` for what it lacks.
 *
 * A term never counted is waited for. A count past its lifetime is still used while one count
 * refreshes it in the background: when the lifetime ran out, every question in flight (25 per
 * process in bench:widget) used to recount "project" (1.4 ms) at once — the slowest answers of
 * the run came from that. Counts only weigh terms, so one a little older changes no result.
 */
export async function cachedTermCounts(
  database: Database,
  terms: readonly string[],
  count: Count,
): Promise<TermCounts> {
  let cache = caches.get(database);
  if (!cache) {
    cache = { terms: new Map(), total: null, counting: new Map(), countingTotal: null };
    caches.set(database, cache);
  }
  const c = cache;
  const now = Date.now();
  const stale = (at: number | undefined) => (at ?? 0) <= now - LIFETIME_MS;
  const unique = [...new Set(terms)];
  const due = unique.filter((t) => stale(c.terms.get(t)?.at) && !c.counting.has(t));
  // The total is counted only when it is due (a count of every row, on SQLite).
  const totalDue = stale(c.total?.at) && !c.countingTotal;
  if (due.length > 0 || totalDue) {
    const run = count(due, totalDue).then((found) => {
      for (const [term, df] of found.df) c.terms.set(term, { df, at: now });
      if (found.total !== undefined)
        c.total = { rows: found.total, avgLength: found.avgLength ?? 0, at: now };
    });
    const settled = run.finally(() => {
      for (const term of due) if (c.counting.get(term) === settled) c.counting.delete(term);
      if (c.countingTotal === settled) c.countingTotal = null;
    });
    // A background refresh that fails leaves the older count; a question waiting for it sees
    // the error below.
    settled.catch(() => undefined);
    for (const term of due) c.counting.set(term, settled);
    if (totalDue) c.countingTotal = settled;
  }
  const waits = unique.filter((t) => !c.terms.has(t)).map((t) => c.counting.get(t));
  if (!c.total) waits.push(c.countingTotal ?? undefined);
  await Promise.all(waits);
  return {
    total: c.total?.rows ?? 0,
    avgLength: c.total?.avgLength ?? 0,
    df: new Map(terms.map((t) => [t, c.terms.get(t)?.df ?? 0])),
  };
}
