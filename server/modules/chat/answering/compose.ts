/**
 * Turns engine output into the answer a person reads: citation numbers [n] in the text, the
 * reference list they point to, and the support figure of the eval matrix.
 */
import type { ChatReference } from '../../../../contract/chat';
import type { Draft } from './builtin-engine';
import type { Passage } from './retrieval';
import { contentTerms, sentences, snippetAround } from '../../../services/text/terms';

export interface Composed {
  text: string;
  references: ChatReference[];
  /** Every passage's citation number (cited first, in order of citation; then the others). */
  numbers: Map<number, number>;
}

const SNIPPET_MAX = 280;

/**
 * A reference's snippet: an excerpt is cut at SNIPPET_MAX; the sentences an answer quotes
 * (`whole`) are shown whole (the proof is the sentence itself, not its first half).
 */
export function referenceOf(p: Passage, n: number, snippet: string, whole = false): ChatReference {
  return {
    n,
    document_id: p.documentId,
    document_name: p.documentName,
    document_title: p.documentTitle,
    is_url: p.isUrl,
    page: p.position.page,
    sheet: p.position.sheet,
    row_start: p.position.row_start,
    row_end: p.position.row_end,
    heading: p.position.heading,
    snippet:
      whole || snippet.length <= SNIPPET_MAX ? snippet : `${snippet.slice(0, SNIPPET_MAX - 1)}…`,
    score: Math.round(p.score * 1000) / 1000,
  };
}

/** "It weighs 8 kg." + 1 -> "It weighs 8 kg [1]." */
function cite(sentence: string, n: number): string {
  const m = /^(.*?)([.!?]+)$/s.exec(sentence);
  return m ? `${m[1]} [${n}]${m[2]}` : `${sentence} [${n}]`;
}

function numberRest(numbers: Map<number, number>, passages: readonly Passage[]) {
  let next = numbers.size + 1;
  passages.forEach((_, i) => {
    if (!numbers.has(i)) numbers.set(i, next++);
  });
}

/** Extractive sections (one without a title for a single question). */
export function composeDrafts(
  sections: { title: string | null; draft: Draft }[],
  passages: readonly Passage[],
  noAnswerText: string,
): Composed {
  const numbers = new Map<number, number>();
  const quoted = new Map<number, string[]>();
  const blocks = sections.map(({ title, draft }) => {
    const body = draft.noAnswer
      ? noAnswerText
      : draft.sentences
          .map((s) => {
            if (!numbers.has(s.passage)) numbers.set(s.passage, numbers.size + 1);
            quoted.set(s.passage, [...(quoted.get(s.passage) ?? []), s.text]);
            return cite(s.text, numbers.get(s.passage) as number);
          })
          .join(' ');
    return title ? `**${title}**\n\n${body}` : body;
  });
  const references = [...numbers].map(([i, n]) =>
    referenceOf(passages[i], n, (quoted.get(i) ?? []).join(' '), true),
  );
  numberRest(numbers, passages);
  return { text: blocks.join('\n\n'), references, numbers };
}

/** Citation numbers a model wrote, in order of first use: [2], [1, 3], [1][2]. */
export function citedNumbers(text: string): number[] {
  const seen: number[] = [];
  for (const m of text.matchAll(/\[(\d+(?:\s*[,;]\s*\d+)*)\]/g))
    for (const part of m[1].split(/[,;]/)) {
      const n = Number(part.trim());
      if (!seen.includes(n)) seen.push(n);
    }
  return seen;
}

/** A model's text keeps its own numbers (passage i is [i+1] in the prompt). */
export function composeModelText(
  text: string,
  passages: readonly Passage[],
  questionTerms: readonly string[],
): Composed {
  const numbers = new Map<number, number>();
  const references: ChatReference[] = [];
  for (const n of citedNumbers(text)) {
    const p = passages[n - 1];
    if (!p) continue;
    numbers.set(n - 1, n);
    references.push(referenceOf(p, n, snippetAround(p.text, questionTerms, SNIPPET_MAX)));
  }
  passages.forEach((_, i) => {
    if (!numbers.has(i)) numbers.set(i, i + 1);
  });
  return { text, references, numbers };
}

/**
 * Share of the answer's sentences whose content words are mostly (60 %) found in the passages
 * they cite, or, for a sentence without a citation, in any retrieved passage. Sentences with
 * fewer than two content words ("Here is what I found:") are not counted.
 */
export function supportOf(
  text: string,
  references: readonly ChatReference[],
  passages: readonly Passage[],
  numbers: ReadonlyMap<number, number>,
): number {
  const byNumber = new Map<number, Set<string>>();
  for (const [i, n] of numbers)
    byNumber.set(n, new Set(contentTerms(passages[i].text, passages[i].language)));
  const everything = new Set(passages.flatMap((p) => contentTerms(p.text, p.language)));
  let counted = 0;
  let supported = 0;
  for (const sentence of sentences(text.replace(/\*\*[^*]+\*\*/g, ''))) {
    const cites = citedNumbers(sentence).filter((n) => references.some((r) => r.n === n));
    // Read in the language of the passage it cites (the engines quote or paraphrase it).
    const cited = [...numbers].find(([, n]) => n === cites[0])?.[0];
    const language = cited === undefined ? 'en' : passages[cited].language;
    const terms = contentTerms(sentence.replace(/\[[\d,;\s]+\]/g, ''), language).filter(
      (t) => !/^\d+$/.test(t) || t.length > 1,
    );
    if (terms.length < 2) continue;
    counted += 1;
    const pool = cites.length
      ? new Set(cites.flatMap((n) => [...(byNumber.get(n) ?? [])]))
      : everything;
    const found = terms.filter((t) => pool.has(t)).length;
    if (found / terms.length >= 0.6) supported += 1;
  }
  return counted === 0 ? 0 : Math.round((supported / counted) * 1000) / 1000;
}
