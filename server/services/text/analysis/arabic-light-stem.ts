/**
 * Arabic light stemming (Larkey, Ballesteros and Connell's "light10", the usual baseline of
 * Arabic search): the conjunction "wa-", then the article with the prepositions joined to it,
 * then one of the common suffixes, each only when enough of the word is left. Input is already
 * normalised (analyse.ts: one alef, teh marbuta as heh, alef maksura as yeh, no diacritics).
 * It does not reach roots, by design: a light stem keeps "مكتب" (office, library) apart from
 * "كتاب" (book), which share a root.
 */

const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
// light10's list with teh marbuta already read as heh ("ية" is "يه", "ة" is "ه").
const SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];

export function arabicLightStem(word: string): string {
  let w = word;
  if (w.startsWith('و') && w.length - 1 >= 3) w = w.slice(1);
  for (const article of ARTICLES)
    if (w.startsWith(article) && w.length - article.length >= 2) {
      w = w.slice(article.length);
      break;
    }
  for (const suffix of SUFFIXES)
    if (w.endsWith(suffix) && w.length - suffix.length >= 2) w = w.slice(0, -suffix.length);
  return w;
}
