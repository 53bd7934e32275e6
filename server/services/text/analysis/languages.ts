/**
 * The languages text is analysed in. Stems come from the Snowball algorithms (snowball-stemmers,
 * the algorithms PostgreSQL's own text-search configurations use), except Arabic, which is
 * light-stemmed (arabic-light-stem.ts): Snowball's Arabic stemmer reads a leading letter of
 * the word as a preposition ("بيانات" -> "يانا") and treats singular and plural apart, which
 * loses more than it finds in search. Stop words come from @orama/stopwords. Keys are ISO 639-1
 * codes, as the language detector answers them. A language without a stemmer is analysed
 * without one: its words still match as written, folded.
 *
 * Stemmers and stop lists are made on their first use: most servers see a handful of languages.
 */
import { createRequire } from 'node:module';
import { arabicLightStem } from './arabic-light-stem';

const require = createRequire(import.meta.url);

/** ISO 639-1 code -> the Snowball algorithm's name. */
const SNOWBALL: Record<string, string> = {
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  it: 'italian',
  nb: 'norwegian',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

/** ISO 639-1 code -> @orama/stopwords' list name. */
const STOP_LISTS: Record<string, string> = {
  ar: 'arabic',
  bg: 'bulgarian',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sl: 'slovenian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  uk: 'ukrainian',
};

/** The language of text too short or too mixed to tell. */
export const UNDETERMINED = 'und';

/**
 * How text of no determined language is stemmed: tables of figures, codes and names, whose few
 * words (column names: "release", "codename") are English far more often than not. Text in
 * another script is always told (the detector reads scripts), so this only decides between
 * languages written alike; such text keeps 'und' as its language, and a question in any
 * language also meets it (search/question-groups.ts).
 */
const UNDETERMINED_STEMMER = 'en';

type Stemmer = (word: string) => string;

interface SnowballFactory {
  newStemmer(name: string): { stem(word: string): string };
}

const stemmers = new Map<string, Stemmer | null>();
const stopLists = new Map<string, ReadonlySet<string>>();

/** Whether the language has a stemmer: its words are reduced to their stems. */
export function isAnalysed(language: string): boolean {
  return language === 'ar' || language === UNDETERMINED || language in SNOWBALL;
}

/** The language's stemmer, or null for a language without one. */
export function stemmerOf(language: string): Stemmer | null {
  const known = stemmers.get(language);
  if (known !== undefined) return known;
  let stemmer: Stemmer | null = null;
  const algorithm = SNOWBALL[language === UNDETERMINED ? UNDETERMINED_STEMMER : language];
  if (language === 'ar') stemmer = arabicLightStem;
  else if (algorithm) {
    const made = (require('snowball-stemmers') as SnowballFactory).newStemmer(algorithm);
    stemmer = (word) => made.stem(word);
  }
  stemmers.set(language, stemmer);
  return stemmer;
}

/** Arabic diacritics (tashkeel), the superscript alef and the tatweel. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;

/**
 * Arabic letters in one form, as Arabic search engines read them: the alef with hamza or madda
 * as a bare alef, teh marbuta as heh, alef maksura as yeh; diacritics dropped.
 */
export function normaliseArabic(text: string): string {
  return (
    text
      // The alef that carries a written tanween is its seat, not a letter of the word ("أمراً").
      .replace(/(?:\u064B\u0627|\u0627\u064B)(?![\p{L}\p{M}])/gu, '')
      .replace(ARABIC_MARKS, '')
      .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
      .replace(/\u0629/g, '\u0647')
      .replace(/\u0649/g, '\u064A')
  );
}

/** Folding as the analysis folds a word: lower case without diacritics. */
const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** The language's stop words, as written and folded (an empty set when it has no list). */
export function stopWordsOf(language: string): ReadonlySet<string> {
  const known = stopLists.get(language);
  if (known) return known;
  const name = STOP_LISTS[language];
  const words = name
    ? (require(`@orama/stopwords/${name}`) as { stopwords: string[] }).stopwords
    : [];
  const set = new Set<string>();
  for (const w of words) {
    set.add(w.toLowerCase());
    set.add(fold(w));
    // As the analysis reads Arabic words before it looks them up ("إلى" as "الي", "على" as "علي").
    if (language === 'ar') set.add(normaliseArabic(w));
  }
  stopLists.set(language, set);
  return set;
}
