/**
 * Intents: what people ask about, as clusters of similar questions, each question read in its
 * own language (detected per question; English when it cannot tell). A question joins the
 * cluster of its content term (stemmed; stop words, framing words and feeling words out:
 * intent-words.ts) that most questions of the period share. The cluster is labelled with a
 * phrase people wrote: the longest run of content words (at most three, in the order written,
 * never across punctuation) holding that term that more than half of the cluster's questions
 * share, else the term alone, spelled as written most often ("meal allowance", not
 * "allowance meal"). Its example is its most frequent question.
 */
import { SUPPORTED_LANGUAGES } from '../../../contract/constants';
import { analyseWords } from '../../services/text/analysis/analyse';
import { detectLanguage } from '../../services/text/analysis/detect';
import { framingWordsOf } from '../../services/text/analysis/framing';
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

function languageOf(question: string): string {
  const found = detectLanguage(question, { prior: 'en' });
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(found) ? found : 'en';
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
  const termsOf = phrasesByQuestion.map(
    (phrases) => new Set(phrases.filter((p) => p.terms.length === 1).map((p) => p.key)),
  );
  const df = new Map<string, number>();
  for (const terms of termsOf) for (const term of terms) df.set(term, (df.get(term) ?? 0) + 1);
  const clusters = new Map<string, number[]>();
  termsOf.forEach((terms, i) => {
    if (!terms.size) return;
    const key = [...terms].reduce((a, b) => {
      const da = df.get(a) ?? 0;
      const dbb = df.get(b) ?? 0;
      return dbb > da || (dbb === da && b < a) ? b : a;
    });
    clusters.set(key, [...(clusters.get(key) ?? []), i]);
  });
  return [...clusters.entries()]
    .map(([key, members]) => {
      // Per phrase holding the key: the questions sharing it, and how each wrote it.
      const shared = new Map<string, { questions: Set<number>; texts: string[]; size: number }>();
      for (const i of members)
        for (const p of phrasesByQuestion[i] ?? []) {
          if (!p.terms.includes(key)) continue;
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
        .filter((p) => p.size === 1 || p.questions.size * 2 > members.length)
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
