/**
 * Weighing a question against the corpus: each term by its rarity in the whole index, and the
 * terms an answering passage must hold.
 */
import { groupDf } from '../../../services/search/scorer';
import type { TermStats } from '../../../services/search/types';
import { matchedTerms, type QueryTerms } from './query-terms';
import { stem } from '../../../services/text/terms';

/** A question's terms weighed against the corpus (weighByCorpus). */
export interface Weighed {
  /** The language the question was read in. */
  language: string;
  weights: ReadonlyMap<string, number>;
  /** The question's alternatives plus the acronyms the corpus holds. */
  alternatives: ReadonlyMap<string, ReadonlySet<string>>;
  /** Terms an answering passage must hold. */
  required: readonly string[];
  /** The rarest term the corpus holds: what the question is about. */
  topic: string | null;
}

/**
 * Term weights by rarity in the whole corpus: 1 + ln((n + 1) / (df + 1)), df being how many of
 * the n passages hold the term (as the index stems it); terms no passage holds as said below.
 *
 * Also the question's distinctive terms, which an answering passage must hold: in a short
 * question all but its most common term ("reset" and "password" in "How do I reset my Windows
 * password?"), every term with a digit (a version or a number: "Fedora 38" is not answered by
 * a passage about Fedora 14), and every name the question mentions that the corpus has in few
 * passages or none ("Windows" in "How do I reset my Windows password?", which a passage about
 * database role passwords does not answer; "FAT32" where no document mentions it).
 */
/** Nouns that name a kind of thing ("program", "option"), stemmed. */
const KIND_WORDS = new Set(
  (
    'program tool command option function utility library package file variable parameter ' +
    'setting type project product module service application script macro table column field ' +
    'flag feature method class format protocol extension plugin'
  )
    .split(' ')
    .map((w) => stem(w)),
);

/** Words that say how to present an answer (stemmed); content only where documents use them. */
const PRESENTATION = new Set(
  'chart graph plot diagram bar pie histogram visualise visualize table list summary'
    .split(' ')
    .map((w) => stem(w)),
);

/** How much a kind word beside a name counts ("option" in "the --trace-children option"). */
const KIND_SHARE = 0.25;

/** A name in at most this share of the passages is what the question is about. */
const NAME_SHARE = 0.05;
/** The share of passages below which a plain word weighs no more for being rarer. */
const PLAIN_RARE = 0.001;
/** Up to this many known terms, a question's rarest term is what it is about. */
const SHORT_QUESTION = 3;

export function weighByCorpus(q: QueryTerms, stats: TermStats): Weighed {
  const dfOf = new Map<string, number>();
  for (const g of q.groups) if (q.terms.includes(g.term)) dfOf.set(g.term, groupDf(g, stats));
  const n = stats.total;
  const names = new Set(q.nameWords.map((w) => stem(w, q.language)));
  const weightOf = (df: number) => 1 + Math.log((n + 1) / (Math.max(df, 1) + 1));
  const known = q.terms.filter((t) => (dfOf.get(t) ?? 0) > 0);
  const knownMean = known.reduce((sum, t) => sum + weightOf(dfOf.get(t) ?? 0), 0) / known.length;
  // A part of a name written as code counts as the search counts it (the whole name is a term).
  const share = new Map(q.groups.map((g) => [g.term, g.weight ?? 1]));
  const weights = new Map<string, number>();
  for (const t of q.terms) {
    const df = dfOf.get(t) ?? 0;
    // A plain word no passage holds is likely the asker's own wording ("in charge" for "lead"):
    // it weighs as much as the question's other words on average; unless it only says how to
    // show the answer ("Show a bar chart of revenue by region"), which no document needs to say.
    // A name no passage holds weighs as the rarest of terms: it is likely what the question is
    // about, and an answer without it falls short of the question. It is not required, though:
    // a question that names it beside enough words a passage holds is still answered (a name
    // that only signs or greets must not decide alone).
    const unknown = df === 0 && known.length > 0 && !/\d/.test(t) && !names.has(t);
    // A plain word (not a name, code or number) in almost no passage is more often the
    // asker's inflection or wording ("viennent", "lasse", a first-person verb) than what the
    // question is about: it weighs as a word in PLAIN_RARE of the passages at most, so that
    // missing it alone does not sink an answer. Names keep their full rarity.
    const plain = !q.names.has(t) && !/\d/.test(t) && !names.has(t);
    const cap = plain ? weightOf(Math.max(1, PLAIN_RARE * n)) : Infinity;
    const weight = !unknown ? Math.min(weightOf(df), cap) : PRESENTATION.has(t) ? 0 : knownMean;
    weights.set(t, weight * (share.get(t) ?? 1));
  }
  const byRarity = [...known].sort((a, b) => (dfOf.get(a) ?? 0) - (dfOf.get(b) ?? 0));
  const rarest = dfOf.get(byRarity[0]) ?? 0;
  // A short question is about all its words but the most common one.
  // A kind word beside a name says what the name is ("the asn1Parser program", "the Lackey
  // tool", "the --trace-children option"): the passage about asn1Parser need not repeat it, so
  // it is not required and counts little.
  const subjects = new Set([
    ...names,
    ...q.codeNames.flatMap((c) =>
      c
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .map((w) => stem(w)),
    ),
  ]);
  const kinds = new Set(
    [...KIND_WORDS].filter((kind) => (q.companions.get(kind) ?? []).some((c) => subjects.has(c))),
  );
  for (const kind of kinds) {
    const weight = weights.get(kind);
    if (weight !== undefined) weights.set(kind, weight * KIND_SHARE);
  }
  const about = byRarity.filter((t) => !kinds.has(t));
  const core = known.length <= SHORT_QUESTION ? about.slice(0, Math.max(1, about.length - 1)) : [];
  // A term that must be in the answer: a number or code (a version is not another version),
  // and a name the corpus holds in few passages. Not a part of a longer name (the whole name
  // is required instead), and not a name no passage holds, which no passage could satisfy.
  const required = q.terms.filter((t) => {
    const df = dfOf.get(t) ?? 0;
    if ((share.get(t) ?? 1) < 1) return false;
    if (core.includes(t)) return true;
    return /\d/.test(t) || (names.has(t) && df > 0 && df <= NAME_SHARE * n);
  });
  const topic = known.find((t) => dfOf.get(t) === rarest) ?? null;
  const alternatives = new Map(q.alternatives);
  for (const [acronym, stems] of q.acronyms) {
    if ((stats.df.get(acronymTerm(acronym, q.language)) ?? 0) === 0) continue;
    for (const t of stems)
      alternatives.set(
        t,
        new Set([...(alternatives.get(t) ?? []), acronymTerm(acronym, q.language)]),
      );
  }
  return { language: q.language, weights, alternatives, required, topic };
}

/** An acronym's term in the index ("lts"): the acronym analysed as a word of the question. */
export const acronymTerm = (acronym: string, language: string) => stem(acronym, language);

/**
 * Whether a passage holds every distinctive term of the question (directly or as a variant). A
 * name (not a number or code, which must be the passage's own) may also be held by the rest of
 * its document (`documentStems`): a chunk of a manual's section need not repeat what it is about.
 */
export function holdsDistinctive(
  q: QueryTerms,
  textStems: ReadonlySet<string>,
  documentStems?: ReadonlySet<string>,
): boolean {
  const holds = (t: string, stems: ReadonlySet<string>) =>
    matchedTerms({ ...q, terms: [t] }, stems).length > 0;
  return q.required.every(
    (t) =>
      holds(t, textStems) ||
      (documentStems !== undefined && !/[\d_]/.test(t) && holds(t, documentStems)),
  );
}
