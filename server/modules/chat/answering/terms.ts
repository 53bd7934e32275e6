/**
 * Word-level tools of the built-in engine: terms, a light stemmer, sentences, identifiers.
 * Deliberately small and language-light (English stop words; other languages still work on
 * exact terms): the engine must stay fast (bench p95 < 150 ms) and predictable.
 */

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing done down during each either ' +
    'else ever every few for from further get gets give given go had has have having he her here ' +
    'hers herself him himself his how however i if in into is it its itself just know let like me ' +
    'might mine more most much must my myself need no nor not now of off on once one only or other ' +
    'ought our ours ourselves out over own please same say says shall she should so some such ' +
    'tell than that the their theirs them themselves then there these they this those through to ' +
    'too under until up upon us very was we were what whats when where whether which while who ' +
    'whom whose why will with within without would yes yet you your yours yourself yourselves ' +
    'many way ways thing things anything something show explain describe mean means ' +
    'summarise summarize outline'
  ).split(' '),
);

/** Pronouns that point back to something said before (v2 follow-ups, v3 parts). */
export const PRONOUNS = new Set([
  'it',
  'its',
  'they',
  'them',
  'their',
  'theirs',
  'this',
  'that',
  'these',
  'those',
  'he',
  'she',
  'him',
  'her',
  'his',
  'there',
]);

const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’_-]|\.(?=\p{N}))*/gu;

/** Lower-cased words as written (apostrophes and dotted numbers such as 3.0 kept). */
export function words(text: string): string[] {
  const found = text.toLowerCase().match(WORD);
  if (!found) return [];
  // A loop rather than replace / split per word: this runs on every candidate passage.
  const out: string[] = [];
  for (const w of found) {
    const n = w.length;
    const possessive =
      n > 2 && w.charCodeAt(n - 1) === 115 && (w[n - 2] === "'" || w[n - 2] === '’');
    const word = possessive ? w.slice(0, -2) : w;
    // Letters-only compounds are their words ("GPL-covered", "long-term"); a compound with a
    // digit is one identifier ("SHA3-224", "Falcon-1000", "2028-06-30").
    if (!word.includes('-') || /\d/.test(word)) out.push(word);
    else for (const part of word.split('-')) if (part) out.push(part);
  }
  return out;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Stems already worked out: a corpus repeats its words, and each is stemmed many times. */
const STEMS = new Map<string, string>();
const STEM_CACHE_SIZE = 100_000;

/**
 * A light suffix stripper (plural, -ing, -ed, y/ies/ier, final e), enough to match "priced" with
 * "price" and "refunds" with "refund". Words with digits are identifiers and stay whole.
 */
export function stem(word: string): string {
  const known = STEMS.get(word);
  if (known !== undefined) return known;
  const stemmed = stemOf(word);
  if (STEMS.size >= STEM_CACHE_SIZE) STEMS.clear();
  STEMS.set(word, stemmed);
  return stemmed;
}

function stemOf(word: string): string {
  let w = word.toLowerCase();
  if (/\d/.test(w) || w.length <= 3) return w;
  // supplies / supplied / supplier / supply -> suppli (Porter's y -> i).
  if (/(ies|ied|ier)$/.test(w) && w.length > 4) return w.slice(0, -2);
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // permanently -> permanent, case-sensitively -> sensitive (as the adjective stems).
  if (/(ive|ent|ant|ous|al|ful|ic)ly$/.test(w) && w.length > 6) w = w.slice(0, -2);
  // connection -> connect, compression -> compress (as "connects", "compressed" stem).
  if (/(ct|ss)ion$/.test(w) && w.length > 6) w = w.slice(0, -3);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  // Doubled consonant left by -ing/-ed (shipped -> shipp -> ship).
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}i`;
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** Content words of a text: no stop words, stemmed, in order (duplicates kept). */
export function contentTerms(text: string): string[] {
  return termsOfWords(words(text));
}

/** contentTerms of words already split (words()). */
export function termsOfWords(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of list) if (!STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w))) out.push(stem(w));
  return out;
}

/** Distinct content terms. */
export function keyTerms(text: string): string[] {
  return [...new Set(contentTerms(text))];
}

/**
 * Identifiers a question names: words with digits (X200, INV-2024-7), words in capitals
 * (ACME) and capitalised words that do not start the sentence (Orion). Case as written.
 */
export function identifiers(text: string): string[] {
  const found: string[] = [];
  const re = /[\p{L}\p{N}][\p{L}\p{N}_-]*/gu;
  for (const match of text.matchAll(re)) {
    const w = match[0];
    const start = match.index ?? 0;
    const before = text.slice(0, start).trimEnd();
    const sentenceStart = before === '' || /[.?!;:]$/.test(before);
    const lower = w.toLowerCase();
    if (STOP_WORDS.has(lower) || PRONOUNS.has(lower)) continue;
    const hasDigit = /\d/.test(w) && /\p{L}/u.test(w);
    const allCaps = w.length > 1 && w === w.toUpperCase() && /\p{Lu}/u.test(w);
    const capitalised = /^\p{Lu}/u.test(w) && !sentenceStart;
    if (hasDigit || allCaps || capitalised) found.push(w);
  }
  return [...new Set(found)];
}

/** Sentences of a passage: the same cuts the chunker makes (services/text/sentences). */
export { splitSentences as sentences } from '../../../services/text/sentences';

/** A short excerpt around the first place a term occurs (reference snippets). */
export function snippetAround(text: string, terms: readonly string[], max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const lower = flat.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  const start = Math.max(0, Math.min(at < 0 ? 0 : at - 60, flat.length - max));
  const cut = flat.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${cut.trim()}${start + max < flat.length ? '…' : ''}`;
}
