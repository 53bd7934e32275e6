/**
 * The one ranking of passages, the same whichever database supplied them: BM25F (Robertson and
 * Zaragoza) over two fields, the passage's text and its label (heading or sheet name), with
 * each question term's weight from its rarity in the whole index. A question term counts once
 * per occurrence of any of its forms (its stems in the languages the corpus is in).
 *
 * BM25 lets a passage that repeats the rarest term beat one that holds more of the question
 * ("ibex-77 … ibex-77" over "ibex-77 is run by the team"), so the score is tempered by how much
 * of the question's weight the passage covers (a coordination factor, as Lucene's classic
 * scoring has): no single word decides, and no single missing word vetoes.
 */
import type { TermGroup, TermStats } from './types';

/** Term-frequency saturation: a term said twice counts less than twice. */
const K1 = 1.2;
/** How much a long passage's length tempers its term counts. */
const B = 0.75;
/** A term in the label (what the section is about) counts as much as this many in the text. */
const LABEL_WEIGHT = 2;
/** The share of the score a passage keeps however little of the question it covers. */
const COORDINATION_FLOOR = 0.5;

interface ScoredTerms {
  terms: readonly string[];
  labelTerms: readonly string[];
}

/** BM25's inverse document frequency, kept positive for terms in most passages. */
function idfOf(df: number, total: number): number {
  const n = Math.max(total, df, 1);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** A group's document frequency: that of its most frequent form (forms rarely co-occur). */
export function groupDf(group: TermGroup, stats: TermStats): number {
  let df = 0;
  for (const form of group.forms) df = Math.max(df, stats.df.get(form) ?? 0);
  return df;
}

function countsOf(terms: readonly string[], wanted: ReadonlyMap<string, number>, into: number[]) {
  for (const t of terms) {
    const g = wanted.get(t);
    if (g !== undefined) into[g] += 1;
  }
}

interface Scorer {
  /** The groups' idf times their weight, in the groups' order. */
  readonly idf: readonly number[];
  score(passage: ScoredTerms): number;
  /** Which groups the passage holds (text or label), in the groups' order. */
  matched(passage: ScoredTerms): boolean[];
}

export function createScorer(groups: readonly TermGroup[], stats: TermStats): Scorer {
  const idf = groups.map((g) => (g.weight ?? 1) * idfOf(groupDf(g, stats), stats.total));
  // Each form names its group; a form two groups share counts for the first.
  const wanted = new Map<string, number>();
  groups.forEach((g, i) => {
    for (const form of g.forms) if (!wanted.has(form)) wanted.set(form, i);
  });
  const avg = Math.max(stats.avgLength, 1);
  const totalIdf = idf.reduce((a, b) => a + b, 0);
  const counts = (p: ScoredTerms) => {
    const text = new Array<number>(groups.length).fill(0);
    const label = new Array<number>(groups.length).fill(0);
    countsOf(p.terms, wanted, text);
    countsOf(p.labelTerms, wanted, label);
    return { text, label };
  };
  return {
    idf,
    score(p) {
      const { text, label } = counts(p);
      const norm = 1 - B + (B * p.terms.length) / avg;
      let score = 0;
      let covered = 0;
      for (let g = 0; g < groups.length; g += 1) {
        const tf = text[g] / norm + LABEL_WEIGHT * label[g];
        if (tf > 0) {
          score += (idf[g] * tf) / (K1 + tf);
          covered += idf[g];
        }
      }
      const coverage = totalIdf > 0 ? covered / totalIdf : 0;
      return score * (COORDINATION_FLOOR + (1 - COORDINATION_FLOOR) * coverage);
    },
    matched(p) {
      const { text, label } = counts(p);
      return groups.map((_, g) => text[g] + label[g] > 0);
    },
  };
}
