/**
 * Intents: what people ask about, as clusters of similar questions, each question read in its
 * own language (told per question by its script and stop words; English when it cannot tell). Its phrases are its runs
 * of content words (stemmed; stop words, framing, feeling and asking words out:
 * intent-words.ts), at most three words, in the order written, never across punctuation. A
 * question joins the cluster of its phrase that most questions of the period share (a tie: the
 * longer, then the first written). The cluster is labelled with the longest phrase holding that
 * one that more than half of its questions share, spelled as written most often ("meal
 * allowance", not "allowance meal"). Its example is its most frequent question.
 */
import { SUPPORTED_LANGUAGES } from '../../../contract/constants';
import { analyseWords } from '../../services/text/analysis/analyse';
import { framingWordsOf } from '../../services/text/analysis/framing';
import { stopWordsOf } from '../../services/text/analysis/languages';
import { words } from '../../services/text/terms';
import { isFeelingWord } from './intent-words';

interface Intent {
  label: string;
  count: number;
  example: string;
}

export const INTENT_SAMPLE = 2000;
const INTENTS_SHOWN = 10;
const LONGEST_PHRASE = 3;
/** Punctuation ends a phrase: "The Lantern broke, awful" has no phrase "broke awful". */
const PHRASE_BREAK = /[.,;:!?¿¡،؛؟()[\]{}"“”„«»…/\\|\n\r\t]+|\s[-–—]\s/u;

interface Phrase {
  /** Its words' terms, joined: the same phrase however it is inflected or capitalised. */
  key: string;
  terms: string[];
  text: string;
}

function mostFrequent(values: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestCount || (n === bestCount && v < best)) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

const LATIN_LANGUAGES = SUPPORTED_LANGUAGES.filter((l) => l !== 'ar');

/**
 * The question's language, cheaply: Arabic script is Arabic; otherwise the console language
 * whose stop words it uses most (English on a tie or none). The full detector (n-grams) costs
 * about 0.3 ms a question, which 2,000 questions turned into most of the overview's time.
 */
function languageOf(question: string): string {
  if (/\p{Script=Arabic}/u.test(question)) return 'ar';
  const written = words(question);
  let best = 'en';
  let most = 0;
  for (const language of LATIN_LANGUAGES) {
    const stops = stopWordsOf(language);
    let n = 0;
    for (const w of written) if (stops.has(w)) n += 1;
    if (n > most) {
      best = language;
      most = n;
    }
  }
  return best;
}

/** The runs of content words of a question and every phrase of up to three words in them. */
function phrasesOf(question: string): Phrase[] {
  const language = languageOf(question);
  const framing = framingWordsOf(language);
  const phrases: Phrase[] = [];
  for (const part of question.split(PHRASE_BREAK)) {
    let run: { word: string; term: string }[] = [];
    const close = () => {
      for (let i = 0; i < run.length; i += 1)
        for (let n = 1; n <= LONGEST_PHRASE && i + n <= run.length; n += 1) {
          const words = run.slice(i, i + n);
          const terms = words.map((w) => w.term);
          phrases.push({ key: terms.join(' '), terms, text: words.map((w) => w.word).join(' ') });
        }
      run = [];
    };
    for (const w of analyseWords(part, language)) {
      const content =
        w.terms.length > 0 &&
        !w.date &&
        !framing.has(w.word.toLowerCase()) &&
        !isFeelingWord(w.word, language);
      if (content) run.push({ word: w.word, term: w.whole ?? w.terms.join('+') });
      else close();
    }
    close();
  }
  return phrases;
}

export function clusterIntents(questions: readonly string[], shown = INTENTS_SHOWN): Intent[] {
  const phrasesByQuestion = questions.map(phrasesOf);
  // Each question's phrases once, with where the first of them starts and how many words it has.
  const keysOf = phrasesByQuestion.map((phrases) => {
    const keys = new Map<string, { at: number; size: number }>();
    phrases.forEach((p, at) => {
      if (!keys.has(p.key)) keys.set(p.key, { at, size: p.terms.length });
    });
    return keys;
  });
  const df = new Map<string, number>();
  for (const keys of keysOf) for (const key of keys.keys()) df.set(key, (df.get(key) ?? 0) + 1);
  // A question joins the cluster of its phrase most questions share; on a tie, the longer phrase
  // (it says more), then the one written first.
  const clusters = new Map<string, number[]>();
  keysOf.forEach((keys, i) => {
    let best: { key: string; df: number; at: number; size: number } | undefined;
    for (const [key, { at, size }] of keys) {
      const n = df.get(key) ?? 0;
      if (
        !best ||
        n > best.df ||
        (n === best.df && (size > best.size || (size === best.size && at < best.at)))
      )
        best = { key, df: n, at, size };
    }
    if (best) clusters.set(best.key, [...(clusters.get(best.key) ?? []), i]);
  });
  return [...clusters.entries()]
    .map(([key, members]) => {
      // Per phrase holding the key: the questions sharing it, and how each wrote it.
      const shared = new Map<string, { questions: Set<number>; texts: string[]; size: number }>();
      for (const i of members)
        for (const p of phrasesByQuestion[i] ?? []) {
          if (!` ${p.key} `.includes(` ${key} `)) continue;
          const entry = shared.get(p.key) ?? {
            questions: new Set<number>(),
            texts: [],
            size: p.terms.length,
          };
          entry.questions.add(i);
          entry.texts.push(p.text);
          shared.set(p.key, entry);
        }
      const [best] = [...shared.values()]
        .filter((p) => p.questions.size === members.length || p.questions.size * 2 > members.length)
        .sort(
          (a, b) =>
            b.size - a.size ||
            b.questions.size - a.questions.size ||
            mostFrequent(a.texts).localeCompare(mostFrequent(b.texts)),
        );
      return {
        label: best ? mostFrequent(best.texts) : key,
        count: members.length,
        example: mostFrequent(members.map((i) => (questions[i] ?? '').trim())),
      };
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, shown);
}
