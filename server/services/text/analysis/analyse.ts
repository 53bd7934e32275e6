/**
 * Text -> the terms the index holds and a question is matched on, in the text's language:
 * words as written (letters and digits), lower-cased, without the language's stop words,
 * reduced to their Snowball stems, and folded (no diacritics; Arabic letters in one form).
 * A passage and a question analysed in the same language meet on the same terms, whichever
 * database stores them: both databases index exactly these terms (search/*-index.ts).
 *
 * Beside the words, names written as code are kept whole too ("max_connections",
 * "--trace-children" -> "trace_children", "SHA3-224" -> "sha3_224"), so a question naming one
 * finds its entry first; words with digits are never stemmed ("x200", "3.0").
 */
import { type DayOrder, findDates } from './dates';
import { isAnalysed, normaliseArabic, stemmerOf, stopWordsOf } from './languages';

/** Lower case without diacritics (café -> cafe), Arabic in one form. */
export function foldWord(word: string): string {
  return normaliseArabic(word)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Elisions written before an apostrophe: French and Italian "l'", "d'", "qu'", "jusqu'". */
const ELIDED = /^(?:[a-z]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu|quelqu)$/i;

/**
 * A word as written, without elision or English possessive: "l'utilisateur" -> "utilisateur",
 * "PostgreSQL's" -> "postgresql".
 */
function withoutClitics(word: string): string {
  const at = word.search(/['’]/);
  if (at < 0) return word;
  const before = word.slice(0, at);
  const after = word.slice(at + 1);
  if (ELIDED.test(before) && after.length > 1) return after;
  // English negations ("don't", "isn't", "can't") say nothing a passage is found by.
  if (/^t$/i.test(after) && /n$/i.test(before)) return '';
  return before;
}

/**
 * A word of the text: letters and digits, with the marks written on them (Arabic vowels and
 * shadda, decomposed accents: "يُخزَّن" is one word, not three), apostrophes inside (elisions),
 * and digit groups joined by dots (3.0, 15.4.1). Joined by _ or - they form a name written as
 * code.
 */
const TOKEN =
  /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’][\p{L}\p{M}\p{N}]+)?(?:\.\p{N}+)*(?:[_-]+[\p{L}\p{M}\p{N}]+(?:\.\p{N}+)*)*/gu;

const HAS_DIGIT = /\p{N}/u;
/** What stands before a one-letter option: one or two dashes after a space, bracket or start. */
const OPTION_BEFORE = /(?:^|[\s([,;"'])--?$/;
const CACHE_LIMIT = 200_000;
const cache = new Map<string, string | null>();

/**
 * A word's term in `language`: its folded stem, or null for a stop word or a lone letter.
 * Words with digits are identifiers and stay as written (folded).
 */
export function termOf(word: string, language: string): string | null {
  const key = `${language}\u0000${word}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const term = computeTerm(word, language);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, term);
  return term;
}

function computeTerm(word: string, language: string): string | null {
  let lower = withoutClitics(word.normalize('NFC').toLowerCase());
  if (!lower) return null;
  if (language === 'ar') lower = normaliseArabic(lower);
  const stop = stopWordsOf(language);
  if (stop.has(lower)) return null;
  const folded = foldWord(lower);
  if (stop.has(folded)) return null;
  if (HAS_DIGIT.test(lower)) return folded;
  if (folded.length < 2) return null;
  const stemmer = isAnalysed(language) ? stemmerOf(language) : null;
  if (!stemmer) return folded;
  const stem = foldWord(stemmer(lower));
  return stem.length > 0 ? stem : folded;
}

/** One word of a text and the terms it gives (none for a stop word). */
export interface AnalysedWord {
  /** As written. */
  word: string;
  /** Its term, or the terms of its parts ("max", "connect" of "max_connections"). */
  terms: string[];
  /** A name written as code, whole: "max_connections", "trace_children", "sha3_224". */
  whole?: string;
  /**
   * A date the words write ("3 July 2014", "03/07/2014"), which is one word then: its term per
   * reading (d20140703) and the month a day falls in (m201407); see dates.ts.
   */
  date?: { readings: string[]; months: string[] };
}

/**
 * The words of a text, each with its terms, in order; the words of a date are one word
 * (`dayOrder`: how its document writes numeric dates, when it tells; see dates.ts).
 */
export function analyseWords(
  text: string,
  language: string,
  dayOrder: DayOrder | null = null,
): AnalysedWord[] {
  const words = analyseTokens(text, language);
  const dates = findDates(text, language, dayOrder);
  if (dates.length === 0) return words.map((w) => w.analysed);
  const out: AnalysedWord[] = [];
  let d = 0;
  // The date being read (its index in `dates`) while its words follow.
  let open: AnalysedWord | null = null;
  let openDate = -1;
  for (const { at, analysed } of words) {
    while (d < dates.length && dates[d].end <= at) d += 1;
    const date = dates[d];
    if (!date || at < date.start) {
      out.push(analysed);
    } else if (open && openDate === d) {
      open.terms.push(...analysed.terms);
      delete open.whole; // a whole name is one written token, not the words of a date
    } else {
      const { readings, months } = date;
      openDate = d;
      open = {
        ...analysed,
        terms: [...analysed.terms],
        word: text.slice(date.start, date.end),
        date: { readings, months },
      };
      out.push(open);
    }
  }
  return out;
}

function analyseTokens(text: string, language: string): { at: number; analysed: AnalysedWord }[] {
  const out: { at: number; analysed: AnalysedWord }[] = [];
  const push = (at: number, analysed: AnalysedWord) => out.push({ at, analysed });
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0];
    const at = match.index ?? 0;
    const parts = word.split(/[_-]+/).filter(Boolean);
    if (parts.length === 1) {
      const term = termOf(word, language);
      // A one-letter option ("-s", "-j"): too short to be a word, but what a manual's entry
      // and a question about it are named by.
      const letterOption =
        !term && /^\p{L}$/u.test(word) && OPTION_BEFORE.test(text.slice(Math.max(0, at - 3), at));
      push(
        at,
        letterOption
          ? { word, terms: [], whole: `_${foldWord(word)}` }
          : { word, terms: term ? [term] : [] },
      );
      continue;
    }
    const terms: string[] = [];
    for (const part of parts) {
      const term = termOf(part, language);
      if (term) terms.push(term);
    }
    // A name written as code is also kept whole, joined by "_" whatever joined it
    // ("max_connections", "--trace-children", "SHA3-224"); a plain compound ("long-term",
    // "qu'est-ce") is its words only.
    const option = at > 0 && text[at - 1] === '-';
    const coded = word.includes('_') || HAS_DIGIT.test(word) || option;
    const whole = parts.map((p) => foldWord(withoutClitics(p))).join('_');
    push(at, coded && whole.length > 1 ? { word, terms, whole } : { word, terms });
  }
  return out;
}

/** The terms of a text, in order (duplicates kept: a passage's terms count their repeats). */
export function analyseText(
  text: string,
  language: string,
  dayOrder: DayOrder | null = null,
): string[] {
  const out: string[] = [];
  for (const w of analyseWords(text, language, dayOrder)) {
    for (const t of w.terms) out.push(t);
    if (w.whole) out.push(w.whole);
    if (w.date) out.push(...w.date.readings, ...w.date.months);
  }
  return out;
}
