/**
 * The built-in extractive engine: no model, no network. It answers with sentences copied from
 * the retrieved passages, each followed by its citation, and says it found nothing when no
 * passage covers at least half of the question's weight (terms weigh by their rarity in the
 * corpus, see weighByCorpus) or none holds the question's distinctive terms.
 *
 * Choosing sentences: a sentence scores its own coverage of the question, plus what its context
 * supplies (the passage's title or heading, a subject named just before and referred back to),
 * plus a share of its passage's coverage and score; definitions of the topic, reference entries
 * of a named option, amounts for "how much" and times or conditions for "when" questions count
 * extra, cut-off sentences and rows of figures less. Then sentences of the same passage that add
 * question words not yet covered (the fact split over two sentences), and a neighbour that says
 * what is asked (the amount, the time) when the chosen ones do not; then equally good sentences
 * from other documents (so two sources that both answer are both shown). At most three.
 */
import { CODE_NAME, coverageOf, matchedTerms, type QueryTerms } from './query-terms';
import { isListing, proximityOf, type Passage } from './retrieval';
import { noAnswerText } from './no-answer';
import { rowAnswer } from './row-answer';
import { signalsOf, TIME } from './sentence-signals';
import { holdsDistinctive } from './weighing';
import { contentTerms, sentences, stem, words } from '../../../services/text/terms';

/** A date's term (d20140703) or a month's (m201407): analysis/dates.ts. */
const DATE_TERM = /^[dm]\d{6}(?:\d\d)?$/;

/** Below this share of the question's weighted terms a passage is not an answer. */
export const MIN_COVERAGE = 0.5;
/** Below this share of the question's weighted terms the quoted sentences are not an answer. */
const MIN_ANSWER_COVERAGE = 0.55;
const MAX_SENTENCES = 3;
/** How much a subject term named earlier in the passage counts for a later sentence. */
const SUBJECT_CREDIT = 0.8;
const CANDIDATE_PASSAGES = 6;
/** How much what a sentence and its neighbours cover together counts for it. */
const WINDOW_SHARE = 0.3;
/** A neighbour of the best sentence scoring this share of it is quoted with it. */
const NEIGHBOUR_SHARE = 0.9;

/** The English "nothing found" (no-answer.ts has it in the question's language). */
export const NO_ANSWER_TEXT = noAnswerText('en');

export interface DraftSentence {
  text: string;
  /** Index into the passages given to the engine. */
  passage: number;
}

export interface Draft {
  sentences: DraftSentence[];
  noAnswer: boolean;
}

interface Candidate {
  text: string;
  passage: number;
  order: number;
  matched: Set<string>;
  /** Question terms its context supplies (label, a subject named before): see termsInContext. */
  context: readonly string[];
  score: number;
}

/** A sentence that leads with the question's subject: a definition ("Helgrind is a …"). */
function leadsWithTopic(q: QueryTerms, stems: readonly string[]): boolean {
  // A section number glued on by the layout ("11.1. Overview Lackey is …") does not count.
  const start = stems.findIndex((s) => !/^[\d.]+$/.test(s));
  return stems.slice(start, start + 2).some((s) => s === q.topic || q.required.includes(s));
}

/**
 * A reference entry for a name the question writes as code: "--trace-children=<yes|no> When
 * enabled, …" or "max_connections (integer) Determines …", not "--trace-children-skip=…".
 */
function entryFor(q: QueryTerms, text: string): boolean {
  const start = text.replace(/^[\d.]+\s+/, '');
  return q.codeNames.some(
    (name) => start.startsWith(name) && !/^[\w-]/.test(start.slice(name.length)),
  );
}

/** "Lackey is a simple Valgrind tool …": the sentence says what the question's topic is. */
function definesTopic(q: QueryTerms, said: readonly string[], language: string): boolean {
  const { copula, article } = signalsOf(language);
  return said.some(
    (w, i) =>
      stem(w, language) === q.topic &&
      copula.test(said[i + 1] ?? '') &&
      article.test(said[i + 2] ?? ''),
  );
}

/** Prose whose last sentence lacks closing punctuation: cut at a page or chunk end. */
function isCutOff(p: Passage, text: string, order: number, count: number): boolean {
  if (p.position.sheet) return false; // sheet rows end without punctuation
  return order === count - 1 && count > 1 && !/[.!?:;)\]"”’]$/.test(text);
}

/**
 * A number with a unit or currency: what "How much …?" asks for. Units as the console's
 * languages write them; a number in Arabic text counts as it stands (units follow in words).
 */
const AMOUNT =
  /(?:[$€£]\s?\d|\d[\d,.]*\s?(?:%|percent|euros?|eur|dollars?|usd|pounds?|k?bytes|octets?|bits?|[kmgt]i?b\b|[kmgt]o\b|k\b|times|fois|veces|mal\b|ms|seconds?|secondes?|segundos?|sekunden?|minutes?|minutos?|minuten?|hours?|heures?|horas?|stunden?|days?|jours?|días?|tage?n?\b|weeks?|semaines?|semanas?|wochen?|months?|mois|meses|monate?n?\b|years?|ans\b|años|jahre?n?\b))|\d[\d,.]*\s+\p{Script=Arabic}/iu;

/** Whether the sentence holds what the question asks for beyond its words: an amount, a time. */
function holdsAsked(q: QueryTerms, text: string, language: string): boolean {
  if (q.asksAmount) return AMOUNT.test(text);
  if (q.asksWhen) return TIME.test(text) || signalsOf(language).condition.test(text);
  return true;
}

/** Dot leaders: a line of a table of contents or an index ("Overview ........ 173"), not prose. */
const LEADERS = /(?:\.\s?){6,}|…\s?…/;

/** Mostly numbers: a table's row of figures rather than a sentence. */
function isFigures(stems: readonly string[]): boolean {
  return stems.filter((s) => /^\d/.test(s)).length > stems.length * 0.4;
}

/**
 * Question terms the sentence's context supplies. What the passage's label (document title,
 * file name, heading) names, `scoped`, holds for every sentence under it: in gnuplot.pdf's section "Clear", "The clear
 * command erases the current screen" is about gnuplot. And subject terms (the distinctive terms
 * and topic) an earlier sentence named count when this one refers back to them: "Project X is
 * run by … The main supplier of the project is Y." answers "Who supplies project X?" in its
 * second sentence, which names the project as "the project" (a word the question writes beside
 * "X"), as "It detects …" does after "Helgrind is …". So the sentence holding what is asked
 * ("supplier") wins over one that merely names the subject again.
 */
function termsInContext(
  q: QueryTerms,
  context: { scoped: readonly string[]; continued: readonly string[] },
  before: ReadonlySet<string>,
  sentence: string,
  said: readonly string[],
  matched: readonly string[],
  lastCodeName: string | null,
  language: string,
): string[] {
  // In a run of reference entries, "The default value is three connections." is about the name
  // written last before it (superuser_reserved_connections), not one named further back.
  const otherEntry =
    lastCodeName !== null &&
    q.codeNames.length > 0 &&
    !q.codeNames.some((n) => n.toLowerCase() === lastCodeName);
  if (otherEntry) return context.scoped.filter((t) => !matched.includes(t));
  const scoped = [...context.scoped, ...context.continued];
  const subject = [...new Set([...q.required, ...(q.topic ? [q.topic] : [])])];
  const { refersBack: pointsBack, determiners } = signalsOf(language);
  const refersBack = pointsBack.test(sentence.trim());
  // "the project", "this option": a definite mention of a word the question writes beside t.
  const definite = new Set(
    said.filter((_, i) => determiners.has(said[i - 1] ?? '')).map((w) => stem(w, language)),
  );
  const earlier = matchedTerms({ ...q, terms: subject }, before).filter(
    (t) => refersBack || (q.companions.get(t) ?? []).some((c) => definite.has(c)),
  );
  return [...new Set([...scoped, ...earlier])].filter((t) => !matched.includes(t));
}

/**
 * The terms of each document's retrieved passages together: a manual's chunk about Cachegrind
 * need not name it again when the document's other retrieved chunks do.
 */
function termsByDocument(passages: readonly Passage[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const p of passages) {
    const terms = out.get(p.documentId) ?? new Set<string>();
    for (const t of p.indexTerms ?? []) terms.add(t);
    out.set(p.documentId, terms);
  }
  return out;
}

function candidatesOf(q: QueryTerms, passages: readonly Passage[]): Candidate[] {
  const out: Candidate[] = [];
  const top = Math.max(passages[0]?.score ?? 1, 1e-9);
  const documentTerms = termsByDocument(passages);
  passages.slice(0, CANDIDATE_PASSAGES).forEach((p, rank) => {
    if (p.coverage < MIN_COVERAGE || (p.listing ?? isListing(p.text))) return;
    const named = `${p.label ?? ''} ${(p.continues ?? []).join(' ')} ${p.text}`;
    const own = new Set(contentTerms(named, p.language));
    if (!holdsDistinctive(q, own, documentTerms.get(p.documentId))) return;
    const all = sentences(p.text);
    const allStems = all.map((text) => contentTerms(text, p.language));
    // What the sentence and its two neighbours cover together: a fact said next to the words
    // of the question (one sentence names the subject, the next says what is asked).
    const windowOf = (order: number) =>
      coverageOf(
        q,
        matchedTerms(
          q,
          new Set(allStems.slice(Math.max(0, order - 1), order + 2).flat()),
          p.language,
        ),
      );
    const context = {
      scoped: matchedTerms(q, new Set(contentTerms(p.label ?? '', p.language)), p.language),
      continued: matchedTerms(
        q,
        new Set(contentTerms((p.continues ?? []).join(' '), p.language)),
        p.language,
      ),
    };
    // The content terms of the sentences before this one, grown sentence by sentence, and the
    // last name written as code before it.
    const earlier = new Set<string>();
    let lastCodeName: string | null = p.continues?.at(-1)?.toLowerCase() ?? null;
    all.forEach((text, order) => {
      const said = words(text);
      // A date read alone in both orders is the one reading the document gave it.
      const stems = allStems[order].filter(
        (t) => !p.indexTerms || !DATE_TERM.test(t) || p.indexTerms.has(t),
      );
      const before = new Set(earlier);
      const codeBefore = lastCodeName;
      stems.forEach((t) => earlier.add(t));
      lastCodeName = text.match(CODE_NAME)?.at(-1)?.toLowerCase() ?? lastCodeName;
      if (stems.length < 3 || LEADERS.test(text)) return;
      const matched = matchedTerms(q, new Set(stems), p.language);
      if (matched.length === 0) return;
      const inContext = termsInContext(
        q,
        context,
        before,
        text,
        said,
        matched,
        codeBefore,
        p.language,
      );
      const score =
        coverageOf(q, matched) +
        SUBJECT_CREDIT * coverageOf(q, inContext) +
        WINDOW_SHARE * windowOf(order) +
        0.3 * p.coverage +
        0.3 * (p.score / top) +
        0.15 * proximityOf(q, stems) +
        (leadsWithTopic(q, stems) ? 0.15 : 0) +
        (definesTopic(q, said, p.language) ? 0.1 : 0) +
        (entryFor(q, text) ? 0.15 : 0) +
        ((q.asksAmount || q.asksWhen) && holdsAsked(q, text, p.language) ? 0.1 : 0) -
        (isCutOff(p, text, order, all.length) ? 0.3 : 0) -
        // A question of the document (a FAQ's heading) asks; it never answers one.
        (/[?؟]["”’»)\]]*$/.test(text) ? 0.5 : 0) -
        (isFigures(stems) ? 0.2 : 0) -
        (stems.length > 60 ? 0.15 : 0) -
        0.02 * rank;
      out.push({
        text,
        passage: rank,
        order,
        matched: new Set(matched),
        context: inContext,
        score,
      });
    });
  });
  return out.sort((a, b) => b.score - a.score);
}

export function extractiveDraft(q: QueryTerms, passages: readonly Passage[]): Draft {
  const draft = sentenceDraft(q, passages);
  // No sentence answers on its own: a table's row may, by its key and the column asked.
  return draft.noAnswer ? (rowAnswer(q, passages) ?? draft) : draft;
}

function sentenceDraft(q: QueryTerms, passages: readonly Passage[]): Draft {
  const candidates = candidatesOf(q, passages);
  const best = candidates[0];
  if (!best) return { sentences: [], noAnswer: true };

  const chosen: Candidate[] = [best];
  const covered = new Set(best.matched);
  const same = (a: Candidate, b: Candidate) => a.passage === b.passage && a.order === b.order;
  const sameText = (a: Candidate) =>
    chosen.some((c) => c.text.toLowerCase() === a.text.toLowerCase());

  // The best sentence's immediate neighbours when it does not name all of the question and they
  // are about as good: a fact is often said over two sentences that each name only part of the
  // question ("APT defines several default priorities." then "Each installed version has
  // priority 100."), in any language.
  const whole = coverageOf(q, [...new Set([...best.matched, ...best.context])]) >= 1;
  for (const c of candidates) {
    if (whole || chosen.length >= MAX_SENTENCES) break;
    if (c.passage !== best.passage || Math.abs(c.order - best.order) !== 1) continue;
    if (c.score < best.score * NEIGHBOUR_SHARE || sameText(c)) continue;
    chosen.push(c);
    c.matched.forEach((t) => covered.add(t));
  }

  // A fact split over neighbouring sentences of the chosen passage.
  for (const c of candidates) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (c.passage !== best.passage || chosen.some((x) => same(x, c)) || sameText(c)) continue;
    if (Math.abs(c.order - best.order) > 2) continue;
    if ([...c.matched].some((t) => !covered.has(t))) {
      chosen.push(c);
      c.matched.forEach((t) => covered.add(t));
    }
  }
  // A best sentence that announces what follows ("/etc/shadow holds the following fields:") is
  // quoted with the sentence it announces, whatever that one's words: the list is the answer.
  // A list's items cut at their semicolons are read on while the slots last.
  if (/:$/.test(best.text.trim())) {
    const following = sentences(passages[best.passage].text);
    for (let order = best.order + 1; order < following.length; order += 1) {
      if (chosen.length >= MAX_SENTENCES) break;
      if (!chosen.some((c) => c.passage === best.passage && c.order === order))
        chosen.push({
          text: following[order],
          passage: best.passage,
          order,
          matched: new Set(),
          context: [],
          score: best.score,
        });
      if (!/[;,]$/.test(following[order].trim())) break;
    }
  }
  // What is asked (an amount, a time or condition) said in a neighbour of the chosen sentence:
  // "The TOAST management code is triggered only when …" before "The TOAST code will compress …".
  if (
    chosen.length < MAX_SENTENCES &&
    !chosen.some((c) => holdsAsked(q, c.text, passages[c.passage].language))
  ) {
    const neighbour = candidates.find(
      (c) =>
        c.passage === best.passage &&
        Math.abs(c.order - best.order) <= 2 &&
        !chosen.some((x) => same(x, c)) &&
        holdsAsked(q, c.text, passages[c.passage].language),
    );
    if (neighbour) chosen.push(neighbour);
  }
  // What the sentences say, with what their context says for them (the entry they belong to).
  const answered = [...covered, ...chosen.flatMap((c) => c.context)];
  if (coverageOf(q, [...new Set(answered)]) < MIN_ANSWER_COVERAGE)
    return { sentences: [], noAnswer: true };

  // Other documents that answer as well.
  for (const c of candidates) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (c.passage === best.passage || chosen.some((x) => x.passage === c.passage)) continue;
    if (sameText(c) || c.score < best.score * 0.85) continue;
    chosen.push(c);
  }

  // Sentences of one passage in document order, passages in the order they were chosen.
  const passageOrder = [...new Set(chosen.map((c) => c.passage))];
  chosen.sort(
    (a, b) =>
      passageOrder.indexOf(a.passage) - passageOrder.indexOf(b.passage) || a.order - b.order,
  );
  return {
    sentences: chosen.map((c) => ({ text: c.text, passage: c.passage })),
    noAnswer: false,
  };
}
