/**
 * Retrieval for the assistant: best passages of the index for a question, in the asker's
 * departments only (the index never returns soft-deleted or not-ready documents; the document
 * lookup here checks both again, so a document soft-deleted between the two reads is still
 * never cited).
 *
 * One ranking for every question (issue 12: what advanced search did better is the default):
 * the index (FTS5 bm25 / ts_rank) gives 40 candidates for the question's content words, then
 * they are re-ranked by how much of the question a passage covers, each term weighted by its
 * rarity among the candidates (a rare word such as "libtasn1" outweighs a name that every
 * candidate repeats, such as "Debian"), by how close together the matched words stand, by the
 * index score and by words of the question in the document's name or the passage's heading.
 * The weights travel with the passages, so the built-in engine scores sentences the same way.
 * advanced_search adds query expansion (synonyms below and word-form variants) and twice the
 * candidates.
 */
import type { SourcePosition } from '../../../../contract/knowledge';
import type { Database } from '../../../db/database';
import type { SearchIndex, TermStats } from '../../../services/search/types';
import { contentTerms, identifiers, isStopWord, sentences, stem, words } from './terms';

export const DEFAULT_PASSAGES = 8;
const CANDIDATES = 40;
const ADVANCED_CANDIDATES = 80;

export interface Passage {
  chunkId: number;
  documentId: number;
  documentName: string;
  /** The document's own title (a web page's <title>), when it has one. */
  documentTitle: string | null;
  isUrl: boolean;
  /** Document type: pdf, docx, csv, png, html, … */
  type: string;
  text: string;
  position: SourcePosition;
  /** The index's score (comparable within one search only). */
  indexScore: number;
  /** What names the passage besides its text: document title or file name, heading. */
  label?: string;
  /** Share (0–1) of the question's weighted terms found in the passage. */
  coverage: number;
  /** The order this retrieval put it in (higher first). */
  score: number;
  /** How this retrieval weighed the question (weighByCorpus), for the engines to agree. */
  weighed?: Weighed;
}

/** A question's terms weighed against the corpus (weighByCorpus). */
export interface Weighed {
  weights: ReadonlyMap<string, number>;
  /** The question's alternatives plus the acronyms the corpus holds. */
  alternatives: ReadonlyMap<string, ReadonlySet<string>>;
  /** Terms an answering passage must hold. */
  required: readonly string[];
  /** The rarest term the corpus holds: what the question is about. */
  topic: string | null;
}

/** A question as the engines read it: stemmed terms, their weights and alternatives. */
export interface QueryTerms {
  terms: string[];
  /** Words of the names the question mentions (X200, ACME). */
  nameWords: string[];
  weights: Map<string, number>;
  /** Alternative stems counted as the term (advanced search, phrases, acronyms the corpus has). */
  alternatives: ReadonlyMap<string, ReadonlySet<string>>;
  /** Initials of runs of question words ("lts" for "long-term support"), unchecked. */
  acronyms: ReadonlyMap<string, readonly string[]>;
  /** Words sent to the index. */
  searchWords: string[];
  /** Terms an answering passage must hold (weighByCorpus); none until weighed. */
  required: readonly string[];
  /** The rarest term the corpus holds (weighByCorpus); null until weighed. */
  topic: string | null;
  /** The question asks for a quantity ("How much …", "How many …"). */
  asksAmount: boolean;
  /** Names written as code in the question: options and snake_case names (--trace-children). */
  codeNames: readonly string[];
  /** Content words written right beside each term in the question ("project" for "falcon-7"). */
  companions: ReadonlyMap<string, readonly string[]>;
}

/** "How large …", "How many …": the question asks for a quantity, in the word's dimension. */
const AMOUNT_QUESTION = /\bhow (much|many|big|large|long|old|often|small|high|wide|far)\b/i;

/** Words that may stand inside a run an acronym abbreviates ("end of life" -> "eol"). */
const ACRONYM_GLUE = new Set(['of', 'and', 'for']);

/**
 * Acronyms the question's runs of three or four words would have: "long-term support" ->
 * "lts", "end of life" -> "eol", "access control list" -> "acl". Documents often write only those; retrieval keeps the
 * ones the corpus holds (weighByCorpus).
 */
function acronymsOf(question: string): Map<string, string[]> {
  const said = words(question);
  const out = new Map<string, string[]>();
  const usable = (w: string | undefined) => w !== undefined && !isStopWord(w) && !/\d/.test(w);
  for (let i = 0; i < said.length; i += 1) {
    if (!usable(said[i])) continue;
    const run: string[] = [];
    for (let j = i; j < said.length && run.length < 4; j += 1) {
      const w = said[j];
      if (usable(w)) run.push(w);
      else if (!(ACRONYM_GLUE.has(w) && usable(said[j + 1]))) break;
      const initials = said
        .slice(i, j + 1)
        .map((x) => x[0])
        .join('');
      if (run.length >= 2 && initials.length >= 3 && usable(w)) out.set(initials, run.map(stem));
    }
  }
  return out;
}

const CODE_NAME = /--?[a-z][\w-]*[\w]|\b[a-z]\w*_\w+/gi;

/** Each term's neighbouring content words in the question, stemmed. */
function companionsOf(question: string): Map<string, string[]> {
  const said = words(question);
  const out = new Map<string, string[]>();
  said.forEach((w, i) => {
    if (isStopWord(w)) return;
    const beside = [said[i - 1], said[i + 1]].filter(
      (n): n is string => n !== undefined && !isStopWord(n),
    );
    out.set(stem(w), [...(out.get(stem(w)) ?? []), ...beside.map(stem)]);
  });
  return out;
}

// Word groups one might use for another in workplace documents. Small on purpose: a wrong
// synonym costs precision, and the re-ranking still prefers passages with the asked words.
const SYNONYM_GROUPS: string[][] = [
  ['cost', 'price', 'priced', 'pricing', 'fee', 'charge'],
  ['buy', 'purchase', 'order'],
  ['employee', 'staff', 'personnel', 'worker'],
  ['start', 'begin', 'commence'],
  ['end', 'finish', 'expire', 'expiry', 'expiration'],
  ['refund', 'reimbursement', 'repayment'],
  ['salary', 'pay', 'wage', 'compensation'],
  ['holiday', 'vacation', 'leave'],
  ['manager', 'supervisor', 'lead', 'head'],
  ['customer', 'client'],
  ['car', 'vehicle'],
  ['phone', 'telephone'],
  ['email', 'e-mail', 'mail'],
  ['address', 'location'],
  ['weight', 'weigh', 'mass'],
  ['subscription', 'plan', 'tier'],
  ['warranty', 'guarantee'],
  ['policy', 'rule', 'guideline'],
  ['help', 'support', 'assistance'],
  ['problem', 'issue', 'fault', 'error'],
  ['meeting', 'appointment'],
  ['delivery', 'shipping', 'shipment'],
  ['cancel', 'terminate', 'termination', 'cancellation'],
  ['contract', 'agreement'],
  ['job', 'position', 'role'],
  ['deadline', 'due'],
  ['size', 'dimension'],
  ['quick', 'fast'],
  ['big', 'large'],
  ['small', 'little'],
];

/**
 * Phrases whose meaning is not their words' ("in charge of" is not about a charge): always
 * searched as the words documents use instead, advanced search or not.
 */
const PHRASES: { phrase: RegExp; term: string; words: string[] }[] = [
  {
    phrase: /\bin charge\b/i,
    term: 'charg',
    words: ['lead', 'leader', 'manager', 'head', 'responsible', 'owner'],
  },
  { phrase: /\bhow much money\b/i, term: 'money', words: ['budget', 'cost', 'amount', 'price'] },
];

const SYNONYMS = new Map<string, { stems: Set<string>; words: string[] }>();
for (const group of SYNONYM_GROUPS) {
  const entry = { stems: new Set(group.map(stem)), words: group };
  for (const w of group) SYNONYMS.set(stem(w), entry);
}

export function queryTerms(question: string, expand: boolean): QueryTerms {
  const nameWords = [...new Set(identifiers(question).flatMap((w) => words(w)))];
  // "How large are …?" asks for a size: the answer says "32 bits", not "large".
  const amount = AMOUNT_QUESTION.exec(question)?.[1]?.toLowerCase() ?? null;
  const terms = [...new Set(contentTerms(question))].filter(
    (t) => amount === null || t !== stem(amount),
  );
  // Equal until a retrieval weighs them by rarity (weighByRarity).
  const weights = new Map(terms.map((t) => [t, 1]));
  const alternatives = new Map<string, Set<string>>();
  const searchWords = [...new Set(words(question).filter((w) => !isStopWord(w) && w !== amount))];
  if (expand) {
    for (const t of terms) {
      const group = SYNONYMS.get(t);
      if (!group) continue;
      alternatives.set(t, new Set([...group.stems].filter((s) => s !== t)));
      for (const w of group.words) if (!searchWords.includes(w)) searchWords.push(w);
    }
  }
  for (const { phrase, term, words: said } of PHRASES) {
    if (!phrase.test(question) || !terms.includes(term)) continue;
    const stems = alternatives.get(term) ?? new Set<string>();
    for (const w of said) stems.add(stem(w));
    alternatives.set(term, stems);
    for (const w of said) if (!searchWords.includes(w)) searchWords.push(w);
  }
  const asksAmount = amount !== null;
  return {
    terms,
    nameWords,
    weights,
    alternatives,
    searchWords,
    required: [],
    topic: null,
    asksAmount,
    companions: companionsOf(question),
    acronyms: acronymsOf(question),
    codeNames: question.match(CODE_NAME) ?? [],
  };
}

/** Which question terms a text contains (directly or through an alternative). */
export function matchedTerms(q: QueryTerms, textStems: ReadonlySet<string>): string[] {
  return q.terms.filter(
    (t) => textStems.has(t) || [...(q.alternatives.get(t) ?? [])].some((a) => textStems.has(a)),
  );
}

export function coverageOf(q: QueryTerms, matched: readonly string[]): number {
  const total = q.terms.reduce((sum, t) => sum + (q.weights.get(t) ?? 1), 0);
  if (total === 0) return 0;
  return matched.reduce((sum, t) => sum + (q.weights.get(t) ?? 1), 0) / total;
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
    .map(stem),
);

/** Words that say how to present an answer (stemmed); content only where documents use them. */
const PRESENTATION = new Set(
  'chart graph plot diagram bar pie histogram visualise visualize table list summary'
    .split(' ')
    .map(stem),
);

/** A name in at most this share of the passages is what the question is about. */
const NAME_SHARE = 0.05;
/** Up to this many known terms, a question's rarest term is what it is about. */
const SHORT_QUESTION = 3;

export function weighByCorpus(q: QueryTerms, stats: TermStats): Weighed {
  const dfOf = new Map<string, number>();
  for (const w of q.searchWords) {
    const t = stem(w);
    if (q.terms.includes(t)) dfOf.set(t, Math.max(dfOf.get(t) ?? 0, stats.df.get(w) ?? 0));
  }
  const n = stats.total;
  const names = new Set(q.nameWords.map(stem));
  const weightOf = (df: number) => 1 + Math.log((n + 1) / (Math.max(df, 1) + 1));
  const known = q.terms.filter((t) => (dfOf.get(t) ?? 0) > 0);
  const knownMean = known.reduce((sum, t) => sum + weightOf(dfOf.get(t) ?? 0), 0) / known.length;
  const weights = new Map<string, number>();
  for (const t of q.terms) {
    const df = dfOf.get(t) ?? 0;
    // A name or number no passage holds is what the question is about: it weighs most. A plain
    // word no passage holds is likely the asker's own wording ("in charge" for "lead"): it
    // weighs as much as the question's other words on average; unless it only says how to show
    // the answer ("Show a bar chart of revenue by region"), which no document needs to say.
    const unknownWord = df === 0 && known.length > 0 && !names.has(t) && !/\d/.test(t);
    weights.set(t, unknownWord ? (PRESENTATION.has(t) ? 0 : knownMean) : weightOf(df));
  }
  const byRarity = [...known].sort((a, b) => (dfOf.get(a) ?? 0) - (dfOf.get(b) ?? 0));
  const rarest = dfOf.get(byRarity[0]) ?? 0;
  // A short question is about all its words but the most common one.
  // A kind word beside a name says what the name is ("the asn1Parser program", "the Lackey
  // tool"): the passage about asn1Parser need not repeat it.
  const kinds = new Set(
    [...names].flatMap((name) => q.companions.get(name) ?? []).filter((t) => KIND_WORDS.has(t)),
  );
  const about = byRarity.filter((t) => !kinds.has(t));
  const core = known.length <= SHORT_QUESTION ? about.slice(0, Math.max(1, about.length - 1)) : [];
  const required = q.terms.filter((t) => {
    const df = dfOf.get(t) ?? 0;
    if (core.includes(t)) return true;
    return /\d/.test(t) || (names.has(t) && df <= NAME_SHARE * n);
  });
  const topic = known.find((t) => dfOf.get(t) === rarest) ?? null;
  const alternatives = new Map(q.alternatives);
  for (const [acronym, stems] of q.acronyms) {
    if ((stats.df.get(acronym) ?? 0) === 0) continue;
    for (const t of stems)
      alternatives.set(t, new Set([...(alternatives.get(t) ?? []), stem(acronym)]));
  }
  return { weights, alternatives, required, topic };
}

/** Whether a passage holds every distinctive term of the question (directly or as a variant). */
export function holdsDistinctive(q: QueryTerms, textStems: ReadonlySet<string>): boolean {
  return q.required.every((t) => matchedTerms({ ...q, terms: [t] }, textStems).length > 0);
}

/**
 * A listing rather than prose: a book index ("partition pruning, Partition Pruning partitioned
 * table, …") or a table of contents with dot leaders. It names every subject and answers none.
 */
export function isListing(text: string): boolean {
  const wordCount = words(text).length;
  if (wordCount < 20) return false;
  const commas = (text.match(/,/g) ?? []).length;
  const ends = (text.match(/\p{Ll}[.!?](?=\s|$)/gu) ?? []).length;
  const leaders = (text.match(/(?:\. ){3,}/g) ?? []).length;
  return leaders >= 3 || (commas > wordCount * 0.15 && ends < wordCount / 40);
}

/**
 * The best share of the question one sentence of the passage covers, and whether a sentence
 * leads with the question's topic (a definition: "Helgrind is a …", "max_connections (integer)
 * Determines …").
 */
function sentenceFit(q: QueryTerms, text: string): { coverage: number; defines: boolean } {
  let coverage = 0;
  let defines = false;
  for (const sentence of sentences(text)) {
    const stems = contentTerms(sentence);
    coverage = Math.max(coverage, coverageOf(q, matchedTerms(q, new Set(stems))));
    if (q.topic && stems.slice(0, 2).includes(q.topic)) defines = true;
  }
  return { coverage, defines };
}

/** 1 when the matched terms stand side by side, smaller the further apart they are. */
export function proximityOf(q: QueryTerms, stems: readonly string[]): number {
  const wanted = new Map<string, string>();
  for (const t of q.terms) {
    wanted.set(t, t);
    for (const a of q.alternatives.get(t) ?? []) wanted.set(a, t);
  }
  const hits = stems
    .map((s, i) => ({ term: wanted.get(s), i }))
    .filter((h): h is { term: string; i: number } => h.term !== undefined);
  const distinct = new Set(hits.map((h) => h.term)).size;
  if (distinct <= 1) return distinct;
  let best = Infinity;
  const counts = new Map<string, number>();
  let left = 0;
  for (let right = 0; right < hits.length; right += 1) {
    counts.set(hits[right].term, (counts.get(hits[right].term) ?? 0) + 1);
    while (counts.size === distinct) {
      best = Math.min(best, hits[right].i - hits[left].i + 1);
      const term = hits[left].term;
      const n = (counts.get(term) ?? 1) - 1;
      if (n === 0) counts.delete(term);
      else counts.set(term, n);
      left += 1;
    }
  }
  return Math.min(1, distinct / best);
}

export interface RetrieveOptions {
  departmentIds: readonly number[];
  advanced: boolean;
  limit?: number;
}

export type DocumentLookup = (
  ids: number[],
) => Promise<Map<number, { name: string; title: string | null; is_url: number; type: string }>>;

export interface Retriever {
  retrieve(question: string, options: RetrieveOptions): Promise<Passage[]>;
  /** Names and types of documents that are ready and not soft-deleted. */
  documents: DocumentLookup;
}

export function createRetriever(database: Database, index: SearchIndex): Retriever {
  async function documentsOf(ids: number[]) {
    if (ids.length === 0)
      return new Map<
        number,
        { name: string; title: string | null; is_url: number; type: string }
      >();
    const rows = await database.db
      .selectFrom('documents')
      .select(['id', 'name', 'title', 'is_url', 'type'])
      .where('id', 'in', ids)
      .where('soft_delete', '=', 0)
      .where('status', '=', 'ready')
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    documents: documentsOf,
    async retrieve(question, options) {
      const q = queryTerms(question, options.advanced);
      const limit = options.limit ?? DEFAULT_PASSAGES;
      if (q.searchWords.length === 0 || options.departmentIds.length === 0) return [];
      const stats = await index.termStats([...q.searchWords, ...q.acronyms.keys()]);
      const weighed = weighByCorpus(q, stats);
      Object.assign(q, weighed, { weights: new Map(weighed.weights) });
      const acronyms = [...q.acronyms.keys()].filter((a) => (stats.df.get(a) ?? 0) > 0);
      const hits = await index.search({
        text: [...q.searchWords, ...acronyms].join(' '),
        departmentIds: options.departmentIds,
        limit: Math.max(options.advanced ? ADVANCED_CANDIDATES : CANDIDATES, limit),
      });
      const docs = await documentsOf([...new Set(hits.map((h) => h.documentId))]);
      const top = Math.max(...hits.map((h) => h.score), 1e-9);
      const passages: Passage[] = hits.flatMap((hit) => {
        const doc = docs.get(hit.documentId);
        if (!doc) return [];
        const stems = contentTerms(hit.text);
        // A file name's parts are words ("GPL-3.docx" names the GPL).
        const name = doc.is_url ? '' : doc.name.replace(/[-_.]+/g, ' ');
        const label = `${doc.title ?? ''} ${name} ${hit.position.heading ?? ''} ${hit.position.sheet ?? ''}`;
        const labelStems = contentTerms(label);
        // What the label names, every passage under it is about ("gnuplot" in gnuplot.pdf).
        const coverage = coverageOf(q, matchedTerms(q, new Set([...stems, ...labelStems])));
        const fit = sentenceFit(q, hit.text);
        const titled = coverageOf(q, matchedTerms(q, new Set(labelStems)));
        const score =
          0.25 * coverage +
          0.35 * fit.coverage +
          (fit.defines ? 0.1 : 0) +
          0.1 * proximityOf(q, stems) +
          0.15 * (hit.score / top) +
          0.15 * titled -
          (isListing(hit.text) ? 0.3 : 0);
        return [
          {
            chunkId: hit.chunkId,
            documentId: hit.documentId,
            documentName: doc.name,
            documentTitle: doc.title,
            isUrl: Boolean(doc.is_url),
            type: doc.type,
            text: hit.text,
            position: hit.position,
            label,
            indexScore: hit.score,
            coverage,
            score,
            weighed,
          },
        ];
      });
      passages.sort((x, y) => y.score - x.score);
      return passages.slice(0, limit);
    },
  };
}
