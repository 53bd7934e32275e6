/**
 * A search text as term groups: each word's term in the text's own language, and as forms the
 * terms the same word gives in the other languages the corpus is written in, so a question in
 * one language still meets passages that write its names and loanwords in another ("Memcheck",
 * "PostgreSQL", "Konfiguration" next to "configuration"). A name written as code is one term of
 * its own ("ibex_77"); its parts count a little, for passages that write them apart, and never
 * three times over for the one name.
 */
import { analyseWords, type AnalysedWord } from '../text/analysis/analyse';
import { detectLanguage } from '../text/analysis/detect';
import { MAX_TERMS } from './query';
import type { TermGroup } from './types';

/** How much a part of a name written as code counts beside the whole name. */
export const PART_WEIGHT = 0.25;

/** The groups of a question's analysed words (`others`: the corpus's other languages). */
export function groupsOfWords(
  words: readonly AnalysedWord[],
  others: readonly string[],
): TermGroup[] {
  const groups = new Map<string, { forms: Set<string>; weight: number }>();
  const add = (term: string, forms: Iterable<string>, weight: number) => {
    const group = groups.get(term) ?? { forms: new Set([term]), weight };
    for (const f of forms) group.forms.add(f);
    group.weight = Math.max(group.weight, weight);
    groups.set(term, group);
  };
  for (const w of words) {
    if (w.date) {
      // A date is one term however it is written, each of its readings a form of it.
      const [reading, ...otherReadings] = w.date.readings;
      add(reading, otherReadings, 1);
      continue;
    }
    if (w.whole) {
      add(w.whole, [], 1);
      for (const part of w.terms) add(part, [], PART_WEIGHT);
      continue;
    }
    const [term] = w.terms;
    if (!term) continue;
    // The same word as the corpus's other languages analyse it.
    const forms = others.flatMap(
      (other) => analyseWords(w.word, other)[0]?.terms.slice(0, 1) ?? [],
    );
    add(term, forms, 1);
  }
  return [...groups]
    .slice(0, MAX_TERMS)
    .map(([term, g]) => ({ term, forms: [...g.forms], weight: g.weight }));
}

export interface QuestionAnalysis {
  language: string;
  groups: TermGroup[];
}

export function questionGroups(
  text: string,
  corpusLanguages: readonly string[],
  prior?: string,
): QuestionAnalysis {
  const language = detectLanguage(text, { prior });
  const others = corpusLanguages.filter((l) => l !== language);
  return { language, groups: groupsOfWords(analyseWords(text, language), others) };
}
