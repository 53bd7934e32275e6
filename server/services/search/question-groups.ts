/**
 * A search text as term groups: each word's term in the text's own language (and, for passages
 * whose language could not be told, the word folded). A name written as code is one term of its
 * own ("ibex_77"); its parts count a little, for passages that write them apart, and never three
 * times over for the one name. Names and codes are marked: they mean the same in every language.
 */
import { analyseWords, type AnalysedWord } from '../text/analysis/analyse';
import { detectLanguage } from '../text/analysis/detect';
import { UNDETERMINED } from '../text/analysis/languages';
import { MAX_TERMS } from './query';
import { NOUNS_CAPITALISED } from '../text/terms';
import type { TermGroup } from './types';

/** A word written as a name: capitalised (or all capitals), or holding a digit. */
const NAME_LIKE = /^\p{Lu}|\p{N}/u;
/** Where every noun is capitalised: a name has a digit or a second capital (PostgreSQL, APT). */
const NAME_LIKE_AMONG_NOUNS = /^\p{Lu}\p{Ll}*\p{Lu}|\p{N}/u;

/** How much a part of a name written as code counts beside the whole name. */
const PART_WEIGHT = 0.25;

/** The groups of a question's analysed words (`others`: the corpus's other languages). */
export function groupsOfWords(
  words: readonly AnalysedWord[],
  others: readonly string[],
  /** The words' language: in one that capitalises its nouns, a capital makes no name. */
  language = 'en',
): TermGroup[] {
  const nameLike = NOUNS_CAPITALISED.has(language) ? NAME_LIKE_AMONG_NOUNS : NAME_LIKE;
  const groups = new Map<string, { forms: Set<string>; weight: number; named: boolean }>();
  const add = (term: string, forms: Iterable<string>, weight: number, named = true) => {
    const group = groups.get(term) ?? { forms: new Set([term]), weight, named };
    for (const f of forms) group.forms.add(f);
    group.weight = Math.max(group.weight, weight);
    group.named ||= named;
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
    // A word's term; a compound of plain words ("deb-Dateien", "long-term") is its words.
    const [term, ...more] = w.terms;
    if (!term) continue;
    for (const part of more) add(part, [], 1, nameLike.test(w.word));
    // As passages of no known language hold it (folded, not stemmed). Not as another language
    // stems it: there a word, even a name, meets false friends more often than itself ("Redis"
    // stems to "red", Spanish for network).
    const named = nameLike.test(w.word);
    const forms = others
      .filter((other) => other === UNDETERMINED)
      .flatMap((other) => analyseWords(w.word, other)[0]?.terms.slice(0, 1) ?? []);
    add(term, forms, 1, named);
  }
  return [...groups]
    .slice(0, MAX_TERMS)
    .map(([term, g]) => ({ term, forms: [...g.forms], weight: g.weight, named: g.named }));
}

interface QuestionAnalysis {
  language: string;
  groups: TermGroup[];
}

export function questionGroups(
  text: string,
  corpusLanguages: readonly string[],
  prior?: string,
): QuestionAnalysis {
  // Too short to tell ("zucchini"): read as the corpus is mostly written.
  const language = detectLanguage(text, {
    prior: prior ?? corpusLanguages[0] ?? 'en',
    asked: true,
  });
  const others = corpusLanguages.filter((l) => l !== language);
  return { language, groups: groupsOfWords(analyseWords(text, language), others, language) };
}
