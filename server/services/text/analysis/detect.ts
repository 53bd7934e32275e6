/**
 * The language of a text, for analysing it with that language's stemmer and stop words.
 *
 * Two witnesses. Function words first: a sentence of a language is full of its stop words ("the",
 * "of", "is"; "le", "les", "par"; "der", "und"), and counting them tells even a short sentence
 * apart ("The quarterly report lists zucchini sales" reads as Italian to an n-gram detector).
 * When they do not decide (few of them, or two languages close), tinyld, a kept n-gram detector,
 * which reads scripts and long texts well. Short or mixed texts are unreliable either way
 * ("max_connections (integer)"), so a caller may give what it already knows: the document's
 * language for one of its passages, the asker's console language for a question. The prior wins
 * unless the text speaks clearly for another language.
 */
import { createRequire } from 'node:module';
import { stopWordsOf, UNDETERMINED } from './languages';

const require = createRequire(import.meta.url);

type DetectAll = (text: string) => { lang: string; accuracy: number }[];
let detector: DetectAll | undefined;

function detectAll(text: string): { lang: string; accuracy: number }[] {
  detector ??= (require('tinyld') as { detectAll: DetectAll }).detectAll;
  return detector(text);
}

/** Letters it takes before tinyld's evidence outweighs a prior. */
const CLEAR_LETTERS = 40;
/** tinyld's accuracy above which its first answer is taken, given enough letters. */
const CLEAR_ACCURACY = 0.5;
/** tinyld's accuracy above which its first answer is taken however short the text. */
const CERTAIN_ACCURACY = 0.9;
/** Of a long text, the part that is read: enough to tell, cheap at ingestion. */
const SAMPLE = 2000;

/** Languages whose stop words vote (those written with spaces between words). */
const VOTERS = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'no', 'fi', 'ro', 'tr', 'ru'];
/** Stop words a language needs, and its lead over the next, for the vote to decide. */
const VOTES_TO_DECIDE = 2;
const VOTE_LEAD = 1.5;

interface Vote {
  /** The language, when its stop words decide alone. */
  decided?: string;
  /** Languages whose stop words the text uses about as much as the most used: one of them. */
  close: string[];
  /** How many of each language's stop words the text uses. */
  counts: ReadonlyMap<string, number>;
}

/** Which languages' stop words the text uses, and whether one decides. */
function stopWordVote(text: string, tabular = false): Vote {
  // In a table, codes and names in capitals ("AD", "IN", "DE") are no stop words of any language.
  const words = tabular
    ? text.match(/(?<![\p{L}\p{N}])\p{Ll}+(?:['’]\p{Ll}+)?(?![\p{L}\p{N}])/gu)
    : text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu);
  if (!words) return { close: [], counts: new Map() };
  const tally = VOTERS.map((language) => {
    const stop = stopWordsOf(language);
    let n = 0;
    // A lone letter ("a", "e", "o", "y", "i") is a stop word of half the languages and an
    // option, a variable or a column's mark in tables and code ("V:0, I:1"): it does not vote.
    for (const w of words) if (w.length > 1 && stop.has(w)) n += 1;
    return { language, n };
  }).sort((a, b) => b.n - a.n);
  const counts = new Map(tally.map((t) => [t.language, t.n]));
  const [first, second] = tally;
  if (first.n < VOTES_TO_DECIDE) return { close: [], counts };
  if (first.n >= VOTE_LEAD * second.n)
    return { decided: first.language, close: [first.language], counts };
  return {
    close: tally.filter((t) => t.n * VOTE_LEAD > first.n).map((t) => t.language),
    counts,
  };
}

interface DetectOptions {
  /** What is known already: the document's or the asker's language. */
  prior?: string;
  /**
   * The text is a question someone typed: short, but in one language throughout, so one of its
   * language's own words that the n-gram detector agrees with outweighs a prior whose words it
   * does not use ("Welche Datei steuert APT?" is German for an English console).
   */
  asked?: boolean;
  /**
   * The text is a table's rows: names, figures and column headers, whose letters an n-gram
   * detector misreads (a sheet of weather readings as Swedish). Only a language's own stop words
   * written in lower case tell its language; without them it is undetermined, and a question in
   * any language meets it.
   */
  tabular?: boolean;
}

/** ISO 639-1 code of the text's language, or the prior (or 'und') when the text cannot tell. */
export function detectLanguage(text: string, options: DetectOptions = {}): string {
  const prior = options.prior && options.prior !== UNDETERMINED ? options.prior : undefined;
  const sample = text.length > SAMPLE ? text.slice(0, SAMPLE) : text;
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return prior ?? UNDETERMINED;
  // Text mostly in another script than Latin (Arabic, Cyrillic, …) with a few Latin words (a
  // command, "APT", "the"): those words' stop words must not outvote its script, which the
  // n-gram detector reads reliably.
  const latin = sample.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (latin * 2 < letters) return detectAll(sample)[0]?.lang ?? prior ?? UNDETERMINED;
  const vote = stopWordVote(sample, options.tabular);
  if (vote.decided) return vote.decided;
  if (options.tabular) return prior && vote.close.includes(prior) ? prior : UNDETERMINED;
  const [first, ...rest] = detectAll(sample);
  // Stop words of two related languages (French and Spanish share "la", "un", "sera"): the
  // n-gram detector, the prior or the vote's leader chooses among them, never a language
  // whose words the text does not use.
  if (vote.close.length > 0) {
    if (first && vote.close.includes(first.lang)) return first.lang;
    if (prior && vote.close.includes(prior)) return prior;
    return vote.close[0];
  }
  if (!first) return prior ?? UNDETERMINED;
  const certain =
    first.accuracy >= CERTAIN_ACCURACY ||
    (first.accuracy >= CLEAR_ACCURACY && letters >= CLEAR_LETTERS);
  if (!prior) return certain ? first.lang : UNDETERMINED;
  if (first.lang === prior) return prior;
  // Too few stop words to tell between two languages written alike: the n-gram detector reads
  // code, tables and names as Hindi or Italian too readily to outvote the prior. Across scripts
  // (an Arabic passage in an English manual) it is reliable.
  if (VOTERS.includes(prior) && VOTERS.includes(first.lang)) {
    const own = vote.counts.get(first.lang) ?? 0;
    return options.asked && own > 0 && (vote.counts.get(prior) ?? 0) === 0 ? first.lang : prior;
  }
  // Another language wins over the prior only when the text is clear and the prior far behind.
  const priorClose = rest.slice(0, 2).some((f) => f.lang === prior);
  return certain && !priorClose && !/^[\p{Script=Latin}\P{L}]*$/u.test(sample) ? first.lang : prior;
}
