/**
 * Intents: what people ask about, as clusters of similar questions. A question joins the cluster
 * of its content term (stemmed, stop words out) that most questions of the period share; the
 * cluster is labelled with that term as people wrote it, with its next most shared term when one
 * stands out, and shows its most frequent question as the example.
 */
import { contentTerms, stem, words } from '../../services/text/terms';

interface Intent {
  label: string;
  count: number;
  example: string;
}

export const INTENT_SAMPLE = 2000;
const INTENTS_SHOWN = 10;

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

export function clusterIntents(questions: readonly string[], shown = INTENTS_SHOWN): Intent[] {
  const termsOf = questions.map((q) => [...new Set(contentTerms(q))]);
  const df = new Map<string, number>();
  for (const terms of termsOf) for (const term of terms) df.set(term, (df.get(term) ?? 0) + 1);
  // The spelling people used most for a stem, for the label.
  const spellings = new Map<string, string[]>();
  for (const q of questions)
    for (const w of words(q)) {
      const s = stem(w);
      if (df.has(s)) spellings.set(s, [...(spellings.get(s) ?? []), w].slice(-50));
    }
  const clusters = new Map<string, { questions: string[]; terms: string[][] }>();
  termsOf.forEach((terms, i) => {
    const key = terms.length
      ? terms.reduce((a, b) => {
          const da = df.get(a) ?? 0;
          const dbb = df.get(b) ?? 0;
          return dbb > da || (dbb === da && b < a) ? b : a;
        })
      : '';
    const cluster = clusters.get(key) ?? { questions: [], terms: [] };
    cluster.questions.push(questions[i] ?? '');
    cluster.terms.push(terms);
    clusters.set(key, cluster);
  });
  const spelled = (term: string) => mostFrequent(spellings.get(term) ?? [term]);
  return [...clusters.entries()]
    .filter(([key]) => key !== '')
    .map(([key, c]) => {
      const second = new Map<string, number>();
      for (const terms of c.terms)
        for (const t of terms) if (t !== key) second.set(t, (second.get(t) ?? 0) + 1);
      const [next] = [...second.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const label =
        next && next[1] * 2 > c.questions.length
          ? `${spelled(key)} ${spelled(next[0])}`
          : spelled(key);
      return {
        label,
        count: c.questions.length,
        example: mostFrequent(c.questions.map((q) => q.trim())),
      };
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, shown);
}
