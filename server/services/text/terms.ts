/**
 * Word-level tools of the answer engines and of the reports' intents: words, terms, sentences,
 * identifiers. Shared text tools, so they live with the language analysis they build on. Terms
 * are the language analysis of services/text/analysis (Snowball stems, the language's stop words,
 * folding), the same the index stores, so a question's terms, a passage's stored terms and the
 * terms of its sentences all meet. `language` is the text's (ISO 639-1); English unless said.
 */
import { analyseText, analyseWords, foldWord, termOf } from './analysis/analyse';
import { framingWordsOf } from './analysis/framing';
import { stopWordsOf } from './analysis/languages';

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

const WORD = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}'’_-]|\.(?=\p{N}))*/gu;

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

/** A stop word of the language, or a word that frames a request ("tell", "explain"). */
export function isStopWord(word: string, language = 'en'): boolean {
  return stopWordsOf(language).has(word) || framingWordsOf(language).has(word);
}

/**
 * A word's term in the language (its folded stem; a name written as code whole, as the index
 * keeps it: "max_connections"); the folded word for a stop word.
 */
export function stem(word: string, language = 'en'): string {
  if (/[_-]/.test(word)) {
    const [analysed] = analyseWords(word, language);
    if (analysed?.whole) return analysed.whole;
  }
  return termOf(word, language) ?? foldWord(word);
}

/** Content terms of a text, in order (duplicates kept), as the index analyses it. */
export function contentTerms(text: string, language = 'en'): string[] {
  return analyseText(text, language);
}

/** Distinct content terms. */
export function keyTerms(text: string, language = 'en'): string[] {
  return [...new Set(contentTerms(text, language))];
}

/**
 * A question's terms: its content terms without the words that only frame the request ("Could
 * you tell me …"), each with the word it comes from.
 */
export function questionWords(question: string, language = 'en') {
  const framing = framingWordsOf(language);
  return analyseWords(question, language)
    .map((w) => {
      // A verb and its pronoun written as one ("peut-elle", "sera-t-il") frame as the verb does.
      if (w.whole !== undefined || w.date || !w.word.includes('-')) return w;
      const parts = w.word.split('-').filter((p) => p && !framing.has(p.toLowerCase()));
      const terms = parts.flatMap((p) => termOf(p, language) ?? []);
      return { ...w, terms };
    })
    .filter(
      (w) => (w.terms.length > 0 || w.whole !== undefined) && !framing.has(w.word.toLowerCase()),
    );
}

/** Languages that capitalise every noun: there a capital says a noun, not a name. */
export const NOUNS_CAPITALISED = new Set(['de', 'lb']);

/**
 * Identifiers a question names: words with digits (X200, INV-2024-7), words in capitals
 * (ACME) and capitalised words that do not start the sentence (Orion), except in a language
 * that capitalises every noun ("Paketänderungen" is a noun, "PostgreSQL" still a name there).
 * Case as written.
 */
export function identifiers(text: string, language = 'en'): string[] {
  const nounsCapitalised = NOUNS_CAPITALISED.has(language);
  const found: string[] = [];
  const re = /[\p{L}\p{N}][\p{L}\p{N}_-]*/gu;
  for (const match of text.matchAll(re)) {
    const w = match[0];
    const start = match.index ?? 0;
    const before = text.slice(0, start).trimEnd();
    const sentenceStart = before === '' || /[.?!;:]$/.test(before);
    const lower = w.toLowerCase();
    if (isStopWord(lower) || PRONOUNS.has(lower)) continue;
    const hasDigit = /\d/.test(w) && /\p{L}/u.test(w);
    const allCaps = w.length > 1 && w === w.toUpperCase() && /\p{Lu}/u.test(w);
    const capitalised =
      /^\p{Lu}/u.test(w) &&
      !sentenceStart &&
      (!nounsCapitalised || /^\p{Lu}\p{Ll}*\p{Lu}/u.test(w));
    if (hasDigit || allCaps || capitalised) found.push(w);
  }
  return [...new Set(found)];
}

/** Sentences of a passage: the same cuts the chunker makes (services/text/sentences). */
export { splitSentences as sentences } from './sentences';

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
