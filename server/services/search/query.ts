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
