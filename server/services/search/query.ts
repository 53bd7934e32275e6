/**
 * Query text -> search terms. Users type questions, not query syntax: words are taken as
 * letters and digits only (quotes, operators, parentheses, column filters and NEAR never reach
 * the engine), lower-cased, stripped of diacritics and of common English function words, and
 * combined with OR so bm25 / ts_rank_cd rank passages by how many rare terms they share.
 */

/** Frequent words that match nearly every chunk and carry no meaning for retrieval. */
const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in ' +
    'into is it its me my of on or our so than that the their them then there these they this ' +
    'those to us was we were what when where which who whom why will with would you your'
  ).split(' '),
);

export const MAX_TERMS = 32;

/** Lower case without diacritics (café -> cafe), the same folding the index applies. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function searchTerms(text: string): string[] {
  const words = foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  // A question made only of function words still searches for them.
  const chosen = meaningful.length > 0 ? meaningful : words;
  return [...new Set(chosen)].slice(0, MAX_TERMS);
}

/** FTS5 MATCH expression: every term a quoted string, so nothing in it is syntax. */
export function fts5Query(terms: readonly string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** websearch_to_tsquery input: plain words joined by its OR keyword; it never raises. */
export function websearchQuery(terms: readonly string[]): string {
  return terms.filter((t) => t !== 'or').join(' or ');
}

/**
 * Ranking reads every row an OR query matches, thousands for a question with one frequent word.
 * When the terms match more than CANDIDATE_CAP rows together, only rows holding one of the
 * rarer terms (those that decide the order) are ranked, still scored on every term; if that
 * leaves fewer hits than asked for, the full ranking runs after all.
 */
export const CANDIDATE_CAP = 1000;

/** The rarest terms whose rows together stay under the cap (at least one), or null: rank all. */
export function rareTerms(terms: string[], frequencies: number[]): string[] | null {
  const total = frequencies.reduce((a, b) => a + b, 0);
  if (total <= CANDIDATE_CAP || terms.length < 2) return null;
  const order = terms.map((t, i) => [t, frequencies[i]] as const).sort((a, b) => a[1] - b[1]);
  const rare: string[] = [];
  let sum = 0;
  for (const [term, df] of order) {
    if (rare.length > 0 && sum + df > CANDIDATE_CAP) break;
    rare.push(term);
    sum += df;
  }
  return rare.length < terms.length ? rare : null;
}

/**
 * Ranks the rarer terms' rows first (rareTerms) and falls back to ranking every row when that
 * leaves fewer hits than the limit. `rank(null)` ranks every row.
 */
export async function rankRareFirst<T>(
  terms: string[],
  frequencies: number[],
  limit: number,
  rank: (candidates: string[] | null) => Promise<T[]>,
): Promise<T[]> {
  const candidates = rareTerms(terms, frequencies);
  if (candidates) {
    const hits = await rank(candidates);
    if (hits.length >= limit) return hits;
  }
  return rank(null);
}
