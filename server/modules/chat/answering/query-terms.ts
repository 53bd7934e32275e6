/**
 * A question as the engines read it: its terms in its own language, each with the forms it
 * takes in the corpus's other languages (the groups sent to the index), and what the wording
 * says beyond its words (a quantity asked for, acronyms, code names, the words written beside
 * each term, phrases and, with advanced search, synonyms).
 */
import { detectLanguage } from '../../../services/text/analysis/detect';
import { questionCore } from '../../../services/text/analysis/question-core';
import type { TermGroup } from '../../../services/search/types';
import { groupsOfWords } from '../../../services/search/question-groups';
import { signalsOf } from './sentence-signals';
import { identifiers, isStopWord, questionWords, stem, words } from '../../../services/text/terms';

/** A question as the engines read it: stemmed terms, their weights and alternatives. */
export interface QueryTerms {
  /** The question's language (ISO 639-1): its terms are analysed in it. */
  language: string;
  terms: string[];
  /** Terms the question writes as names or codes, which mean the same in every language. */
  names: ReadonlySet<string>;
  /** Words of the names the question mentions (X200, ACME). */
  nameWords: string[];
  weights: Map<string, number>;
  /** Alternative stems counted as the term (advanced search, phrases, acronyms the corpus has). */
  alternatives: ReadonlyMap<string, ReadonlySet<string>>;
  /** Initials of runs of question words ("lts" for "long-term support"), unchecked. */
  acronyms: ReadonlyMap<string, readonly string[]>;
  /** What is sent to the index: each term and the index terms that count as it. */
  groups: TermGroup[];
  /** Terms an answering passage must hold (weighByCorpus); none until weighed. */
  required: readonly string[];
  /** The rarest term the corpus holds (weighByCorpus); null until weighed. */
  topic: string | null;
  /** The question asks for a quantity ("How much …", "How many …"). */
  asksAmount: boolean;
  /** The question asks for a time or a condition ("When does …", "When was …"). */
  asksWhen: boolean;
  /** Names written as code in the question: options and snake_case names (--trace-children). */
  codeNames: readonly string[];
  /** Content words written right beside each term in the question ("project" for "falcon-7"). */
  companions: ReadonlyMap<string, readonly string[]>;
}

/** "How do I make pg_dump dump …": the verb only frames the request; the rest says what it is. */
const FRAMING_VERB = /\bhow (?:do|can|could|should|would) (?:i|you|we|one) (make|have|let)\b/i;

/** Words that may stand inside a run an acronym abbreviates ("end of life" -> "eol"). */
const ACRONYM_GLUE = new Set(['of', 'and', 'for']);

/**
 * Acronyms of the question's runs of two to four words (three letters or more, "of" and "and"
 * may stand inside): "long-term support" -> "lts", "end of life" -> "eol". Documents often
 * write only those; weighByCorpus keeps the ones the corpus holds.
 */
function acronymsOf(question: string, language: string): Map<string, string[]> {
  const said = words(question);
  const out = new Map<string, string[]>();
  const usable = (w: string | undefined) =>
    w !== undefined && !isStopWord(w, language) && !/\d/.test(w);
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
      if (run.length >= 2 && initials.length >= 3 && usable(w))
        out.set(
          initials,
          run.map((r) => stem(r, language)),
        );
    }
  }
  return out;
}

/** A name written as code: an option (--trace-children) or a snake_case name (max_connections). */
export const CODE_NAME = /--?[a-z][\w-]*[\w]|\b[a-z]\w*_\w+/gi;

/** Each term's neighbouring content words in the question, stemmed. */
function companionsOf(question: string, language: string): Map<string, string[]> {
  const said = words(question);
  const out = new Map<string, string[]>();
  const st = (w: string) => stem(w, language);
  said.forEach((w, i) => {
    if (isStopWord(w, language)) return;
    const beside = [said[i - 1], said[i + 1]].filter(
      (n): n is string => n !== undefined && !isStopWord(n, language),
    );
    out.set(st(w), [...(out.get(st(w)) ?? []), ...beside.map(st)]);
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
  const entry = { stems: new Set(group.map((w) => stem(w))), words: group };
  for (const w of group) SYNONYMS.set(stem(w), entry);
}

/** What is known of a question's languages before it is read. */
interface QuestionLanguages {
  /** The asker's console language, the prior of detection. */
  prior?: string;
  /** The languages of the indexed passages, most passages first. */
  corpus?: readonly string[];
}

export function queryTerms(
  asked: string,
  expand: boolean,
  languages: QuestionLanguages = {},
): QueryTerms {
  const question = questionCore(asked);
  const language = detectLanguage(question, { prior: languages.prior ?? 'en', asked: true });
  const others = (languages.corpus ?? []).filter((l) => l !== language);
  const st = (w: string) => stem(w, language);
  const nameWords = [...new Set(identifiers(question, language).flatMap((w) => words(w)))];
  // "How large are …?" asks for a size: the answer says "32 bits", not "large".
  // "How large …", "Wie groß …", "Combien …": a quantity, in the word's dimension when named.
  const signals = signalsOf(language);
  const amountAsked = signals.asksAmount.exec(question);
  const amount = amountAsked?.[1]?.toLowerCase() ?? null;
  const framing = FRAMING_VERB.exec(question)?.[1]?.toLowerCase() ?? null;
  const unasked = new Set(
    [amount, framing].filter((w): w is string => w !== null).map((w) => st(w)),
  );
  const said = questionWords(question, language).filter(
    (w) => w.whole !== undefined || !unasked.has(w.terms[0]),
  );
  const found = groupsOfWords(said, others, language);
  const terms = found.map((g) => g.term);
  // Equal until a retrieval weighs them by rarity (weighByCorpus); a part of a name written as
  // code counts as the search counts it.
  const weights = new Map(found.map((g) => [g.term, g.weight ?? 1]));
  const alternatives = new Map<string, Set<string>>();
  const addForms = (term: string, stems: Iterable<string>) => {
    const set = alternatives.get(term) ?? new Set<string>();
    for (const s of stems) if (s !== term) set.add(s);
    alternatives.set(term, set);
  };
  for (const g of found) {
    const other = g.forms.filter((f) => f !== g.term);
    if (other.length) addForms(g.term, other);
  }
  if (expand && language === 'en') {
    for (const t of terms) {
      const group = SYNONYMS.get(t);
      if (group) addForms(t, group.stems);
    }
  }
  if (language === 'en')
    for (const { phrase, term, words: meant } of PHRASES) {
      if (!phrase.test(question) || !terms.includes(term)) continue;
      addForms(
        term,
        meant.map((w) => st(w)),
      );
    }
  const groups = found.map((g) => ({
    term: g.term,
    forms: [g.term, ...(alternatives.get(g.term) ?? [])],
    weight: g.weight,
  }));
  const asksAmount = amountAsked !== null;
  return {
    language,
    terms,
    names: new Set(found.filter((g) => g.named).map((g) => g.term)),
    nameWords,
    weights,
    alternatives,
    groups,
    required: [],
    topic: null,
    asksAmount,
    asksWhen: signals.asksWhen.test(question),
    companions: companionsOf(question, language),
    acronyms: acronymsOf(question, language),
    codeNames: question.match(CODE_NAME) ?? [],
  };
}

/** Stems this long or longer may meet a longer form of themselves. */
const MIN_RELATED = 5;
/** How many letters a derived form may add to a stem ("suppli" -> "supplier"). */
const MAX_DERIVED = 3;

/**
 * Stems of one word family that the stemmer keeps apart: a stem and a longer form starting with
 * it ("suppli" of supplies and "supplier", "configur" and "configurator"). Not for names written
 * as code or numbers, which are what they are.
 */
function sameFamily(term: string, other: string): boolean {
  const [short, long] = term.length <= other.length ? [term, other] : [other, term];
  return (
    short.length >= MIN_RELATED &&
    long.length - short.length <= MAX_DERIVED &&
    long.startsWith(short) &&
    !/[\d_]/.test(long)
  );
}

/** Languages that write compounds as one word ("Paketaktualisierung", "Konfigurationsdatei"). */
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'no', 'nb', 'fi']);
/** A compound's part this long or longer counts as the word it is ("datei" in "…dateien"). */
const MIN_PART = 5;

/**
 * One word inside a compound of the other: at its start (the modifier, "paket" of
 * "paketaktualisier") or at its end (the head, "datei" of "konfigurationsdatei"). Stemmers do
 * not split compounds, and no dictionary is needed to see a whole word at either end.
 */
function compoundPart(term: string, other: string): boolean {
  const [short, long] = term.length <= other.length ? [term, other] : [other, term];
  return (
    short.length >= MIN_PART &&
    long.length > short.length &&
    (long.startsWith(short) || long.endsWith(short)) &&
    !/[\d_]/.test(long)
  );
}

/**
 * Letters Arabic joins to the front of a word that light stemming leaves on (it cannot tell them
 * from a root letter): the prepositions bi-, li-, ka-, the conjunction fa-, and the prefixes of
 * the imperfect verb (ya-, ta-, na-, a-): "يخزن" and "تخزن" (it is stored), "بكل" and "لكل".
 */
const ARABIC_PREFIXES = new Set(['ب', 'ل', 'ك', 'ف', 'ي', 'ت', 'ن', 'ا']);
/** The shortest core left after such a letter: three letters, the length of most roots. */
const MIN_ARABIC_CORE = 3;

const arabicCore = (stem: string) =>
  stem.length > MIN_ARABIC_CORE && ARABIC_PREFIXES.has(stem[0]) ? stem.slice(1) : stem;

/** Two Arabic stems that differ only by one such letter in front. */
function arabicKin(term: string, other: string): boolean {
  if (term === other) return true;
  const a = arabicCore(term);
  const b = arabicCore(other);
  return (a !== term || b !== other) && (a === b || a === other || term === b);
}

/**
 * Which question terms a text contains (directly, through an alternative, or a derived form).
 * In a text of another language than the question's (`language`), only the names and codes
 * count: a common word that stems alike in two languages is a false friend ("configur" of
 * "configure" and of Spanish "configurar" in a passage about something else).
 */
export function matchedTerms(
  q: QueryTerms,
  textStems: ReadonlySet<string>,
  language?: string,
): string[] {
  const foreign = language !== undefined && language !== q.language && language !== 'und';
  const compounds = !foreign && COMPOUNDING.has(q.language);
  const arabic = !foreign && q.language === 'ar';
  return q.terms.filter((t) => {
    if (foreign && !q.names.has(t)) return false;
    if (textStems.has(t)) return true;
    for (const a of q.alternatives.get(t) ?? []) if (textStems.has(a)) return true;
    if (/[\d_]/.test(t)) return false;
    for (const s of textStems)
      if (
        (t.length >= MIN_RELATED && sameFamily(t, s)) ||
        (compounds && compoundPart(t, s)) ||
        (arabic && arabicKin(t, s))
      )
        return true;
    return false;
  });
}

export function coverageOf(q: QueryTerms, matched: readonly string[]): number {
  const total = q.terms.reduce((sum, t) => sum + (q.weights.get(t) ?? 1), 0);
  if (total === 0) return 0;
  return matched.reduce((sum, t) => sum + (q.weights.get(t) ?? 1), 0) / total;
}
