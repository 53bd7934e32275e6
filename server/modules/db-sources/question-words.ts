/**
 * A question to a database, read in its language: its words with their stems, the words that
 * name an aggregate ("total", "moyenne", "Anzahl", "متوسط"), the words after which the grouping
 * comes ("by", "por", "par", "nach", "حسب"), and the words asking for a chart, in every console
 * language (en, es, fr, de, ar).
 *
 * The language is detected from the question (text/analysis/detect.ts); a question the detector
 * cannot place, or in another language, is read in all five. English is always read too: column
 * names and words like "total" or "max" are English in questions of every language.
 */
import type { DbAggregate } from '../../../contract/db-sources';
import { foldWord, termOf } from '../../services/text/analysis/analyse';
import { detectLanguage } from '../../services/text/analysis/detect';
import { stopWordsOf } from '../../services/text/analysis/languages';

const CONSOLE_LANGUAGES = ['en', 'es', 'fr', 'de', 'ar'] as const;
type Language = (typeof CONSOLE_LANGUAGES)[number];

/** Aggregate words per language, first the phrases; each written naturally, folded on use. */
const AGGREGATE_WORDS: Record<Language, Record<DbAggregate, string[]>> = {
  en: {
    count: ['how many', 'number of', 'count', 'counts', 'tally'],
    sum: ['total', 'totals', 'sum', 'sums', 'summed'],
    avg: ['average', 'averages', 'avg', 'mean'],
    max: ['maximum', 'max', 'largest', 'biggest', 'highest', 'greatest'],
    min: ['minimum', 'min', 'smallest', 'lowest', 'least'],
  },
  es: {
    count: ['número de', 'cuántos', 'cuántas', 'cuantos', 'cuantas', 'recuento', 'conteo'],
    sum: ['total', 'totales', 'suma', 'sumas'],
    avg: ['promedio', 'promedios', 'media', 'medio'],
    max: ['más grande', 'más alto', 'más alta', 'máximo', 'máxima', 'mayor'],
    min: ['más pequeño', 'más pequeña', 'más bajo', 'más baja', 'mínimo', 'mínima', 'menor'],
  },
  fr: {
    count: ['nombre de', "nombre d'", 'combien', 'décompte', 'compte'],
    sum: ['total', 'totale', 'totaux', 'somme', 'sommes'],
    avg: ['moyenne', 'moyennes', 'moyen', 'moyens'],
    max: [
      'plus grand',
      'plus grande',
      'plus élevé',
      'plus élevée',
      'maximum',
      'maximal',
      'maximale',
    ],
    min: ['plus petit', 'plus petite', 'plus bas', 'plus basse', 'minimum', 'minimal', 'minimale'],
  },
  de: {
    count: ['wie viele', 'wie viel', 'anzahl'],
    sum: ['summe', 'gesamt', 'gesamte', 'gesamten', 'insgesamt', 'total'],
    avg: ['durchschnitt', 'durchschnittlich', 'durchschnittliche', 'mittelwert'],
    max: ['maximum', 'maximal', 'maximale', 'größte', 'größten', 'höchste', 'höchsten'],
    min: ['minimum', 'minimal', 'minimale', 'kleinste', 'kleinsten', 'niedrigste', 'geringste'],
  },
  ar: {
    count: ['كم', 'عدد'],
    sum: ['مجموع', 'إجمالي', 'اجمالي', 'جملة'],
    avg: ['متوسط', 'معدل'],
    max: ['أقصى', 'أكبر', 'أعلى'],
    min: ['أدنى', 'أصغر', 'أقل'],
  },
};

/** German writes an aggregate into a compound ("Gesamtgewicht"): split off, then read apart. */
const COMPOUND_PREFIXES: Partial<Record<Language, string[]>> = {
  de: ['gesamt', 'durchschnitts', 'durchschnitt', 'höchst', 'maximal', 'minimal'],
};

/** Words after which the grouping comes ("by region", "pour chaque service"). */
const GROUPING_WORDS: Record<Language, string[]> = {
  en: ['by', 'per', 'each', 'across'],
  es: ['por', 'cada'],
  fr: ['par', 'chaque'],
  de: ['nach', 'pro', 'je'],
  ar: ['حسب', 'بحسب', 'لكل', 'كل'],
};

/** Words joining a second grouping to the first ("by region and quarter", "par région et trimestre"). */
const JOINING_WORDS: Record<Language, string[]> = {
  en: ['and'],
  es: ['y', 'e'],
  fr: ['et'],
  de: ['und'],
  ar: ['و'],
};

/** Words asking for a chart, as stems' beginnings (the console's languages). */
const CHART_WORDS = [
  'chart',
  'plot',
  'graph',
  'visuali',
  'diagram',
  'histogram',
  'gráfic',
  'grafic',
  'graphique',
  'courbe',
  'grafik',
  'schaubild',
  'رسم',
  'مخطط',
].map(foldWord);

/** One word of a question. */
export interface QuestionWord {
  /** Its place among the question's words. */
  at: number;
  /** As written, folded (lower case, no diacritics, Arabic in one form). */
  folded: string;
  /** Its stems in the languages the question is read in; none for a stop word. */
  stems: ReadonlySet<string>;
}

export interface ReadQuestion {
  language: string;
  /** The languages its words are read in: its own and English, or all five. */
  readIn: Language[];
  words: QuestionWord[];
}

const isConsole = (language: string): language is Language =>
  (CONSOLE_LANGUAGES as readonly string[]).includes(language);

/** Splits a written token: names as code (installed_size_kb, installedSize) and elisions (d'). */
function pieces(text: string): string[] {
  return text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function stemsOf(word: string, languages: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const language of languages) {
    const term = termOf(word, language);
    if (term) out.add(term);
  }
  return out;
}

export function readQuestion(question: string): ReadQuestion {
  const language = detectLanguage(question);
  const readIn: Language[] = isConsole(language)
    ? [...new Set<Language>([language, 'en'])]
    : [...CONSOLE_LANGUAGES];
  // Stop words of the question's own language (English when it cannot tell): another
  // language's ("total" is one in Spanish) may be the very word that names a column.
  const stops = stopWordsOf(isConsole(language) ? language : 'en');
  const words: QuestionWord[] = [];
  const push = (word: string) => {
    const folded = foldWord(word);
    const stop = stops.has(word.toLowerCase()) || stops.has(folded);
    words.push({ at: words.length, folded, stems: stop ? new Set() : stemsOf(word, readIn) });
  };
  for (const word of pieces(question)) {
    const folded = foldWord(word);
    const prefix = readIn
      .flatMap((l) => COMPOUND_PREFIXES[l] ?? [])
      .map(foldWord)
      .find((p) => folded.startsWith(p) && folded.length >= p.length + 3);
    if (prefix) {
      push(word.slice(0, prefix.length));
      push(word.slice(prefix.length));
    } else push(word);
  }
  return { language, readIn, words };
}

/** Stems of a name's part in the question's languages and English (column names mostly are). */
export function nameStems(part: string, question: ReadQuestion): Set<string> {
  return stemsOf(part, question.readIn);
}

interface Phrase {
  aggregate: DbAggregate;
  words: string[];
}

const phraseCache = new Map<string, Phrase[]>();

function phrasesOf(readIn: readonly Language[]): Phrase[] {
  const key = readIn.join(',');
  const known = phraseCache.get(key);
  if (known) return known;
  const phrases: Phrase[] = [];
  for (const language of readIn)
    for (const [aggregate, list] of Object.entries(AGGREGATE_WORDS[language]))
      for (const entry of list)
        phrases.push({ aggregate: aggregate as DbAggregate, words: pieces(entry).map(foldWord) });
  // Longer phrases first: "más grande" is max where "grande" alone would be nothing.
  phrases.sort((a, b) => b.words.length - a.words.length);
  phraseCache.set(key, phrases);
  return phrases;
}

/** Arabic joins the article and some prepositions to a word: "الإجمالي" is "إجمالي". */
const ARABIC_ARTICLE = /^(?:و?(?:ال|بال|لل))(?=..)/u;
const bare = (folded: string) => folded.replace(ARABIC_ARTICLE, '');

/**
 * The aggregates the question names, in order, and where; only `free` words count (those not
 * part of a column's name: "total_price" is a column, not a total).
 */
export function aggregatesNamed(
  question: ReadQuestion,
  free: (word: QuestionWord) => boolean,
): { aggregate: DbAggregate; at: number }[] {
  const { words } = question;
  const phrases = phrasesOf(question.readIn);
  const found: { aggregate: DbAggregate; at: number }[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const phrase = phrases.find((p) =>
      p.words.every((w, k) => {
        const word = words[i + k];
        return word !== undefined && free(word) && (word.folded === w || bare(word.folded) === w);
      }),
    );
    if (phrase) {
      found.push({ aggregate: phrase.aggregate, at: i });
      i += phrase.words.length - 1;
    }
  }
  return found;
}

/** Where an aggregate's word stands ("total"; "how" of "how many"). */
export const aggregateWordPlaces = (question: ReadQuestion) =>
  new Set(aggregatesNamed(question, () => true).map((a) => a.at));

/** Where a grouping word stands ("by" in "total size by section"), in question order. */
export function groupingPlaces(question: ReadQuestion): number[] {
  const marks = new Set(question.readIn.flatMap((l) => GROUPING_WORDS[l]).map(foldWord));
  return question.words
    .filter((w) => marks.has(w.folded) || marks.has(bare(w.folded)))
    .map((w) => w.at);
}

/** Whether the question asks for a chart or a grouping: worth reading the sources' tables. */
export function mayWantDatabase(question: ReadQuestion): boolean {
  if (groupingPlaces(question).length > 0) return true;
  return question.words.some((w) => CHART_WORDS.some((c) => w.folded.startsWith(c)));
}

/** Whether `word` joins a second name to the first ("region and quarter"). */
export function joinsNames(question: ReadQuestion, word: QuestionWord): boolean {
  return question.readIn.some((l) => JOINING_WORDS[l].map(foldWord).includes(word.folded));
}

/** A year the question names ("2025 sales"): four digits from 1900 to 2099, standing alone. */
export function yearNamed(question: ReadQuestion): number | null {
  const found = question.words.find((w) => /^(19|20)\d\d$/.test(w.folded));
  return found ? Number(found.folded) : null;
}
