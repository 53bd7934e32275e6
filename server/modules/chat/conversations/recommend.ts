/**
 * POST /chat/get-rec-ques: follow-up questions for the last answered turn of a conversation.
 *
 * Built-in: from the documents that turn cited (read again through the index, so access and
 * soft delete are checked now, not when the turn was asked): their section headings ("What does
 * <document> say about <heading>?") and their most frequent named things and two-word phrases
 * ("What is <phrase>?"), leaving out whatever the conversation already asked about.
 * With a model: the model suggests them from the same passages; the built-in list is the
 * fallback when it fails.
 */
import type { ChatReference } from '../../../../contract/chat';
import { LlmError, type LlmProvider } from '../../../services/llm/openai';
import type { SearchIndex } from '../../../services/search/types';
import { referenceOf } from '../answering/compose';
import { recommendMessages } from '../answering/prompts';
import type { DocumentLookup, Passage } from '../answering/retrieval';
import {
  contentTerms,
  identifiers,
  isStopWord,
  keyTerms,
  sentences,
  words,
} from '../../../services/text/terms';

const MAX_QUESTIONS = 4;

/** The topic's words all appear in one question already asked. */
function alreadyAsked(topic: string, askedTerms: readonly Set<string>[]): boolean {
  const terms = keyTerms(topic);
  if (terms.length === 0) return true;
  return askedTerms.some((asked) => terms.every((t) => asked.has(t)));
}

/** Frequent names and two-word phrases of the passages, most frequent first. */
function phrasesOf(passages: readonly Passage[]): string[] {
  const counts = new Map<string, { text: string; n: number }>();
  const add = (text: string, weight: number) => {
    const key = text.toLowerCase();
    const entry = counts.get(key) ?? { text, n: 0 };
    entry.n += weight;
    counts.set(key, entry);
  };
  for (const p of passages)
    for (const sentence of sentences(p.text)) {
      for (const id of identifiers(sentence)) if (id.length > 2) add(id, 2);
      const tokens = sentence.match(/\p{L}[\p{L}-]*/gu) ?? [];
      for (let i = 0; i + 1 < tokens.length; i += 1) {
        const [a, b] = [tokens[i].toLowerCase(), tokens[i + 1].toLowerCase()];
        if (isStopWord(a) || isStopWord(b) || a.length < 4 || b.length < 4) continue;
        add(`${a} ${b}`, 1);
      }
    }
  return [...counts.values()]
    .filter((e) => e.n >= 2)
    .sort((a, b) => b.n - a.n)
    .map((e) => e.text);
}

function builtinRecommendations(
  asked: readonly string[],
  references: readonly ChatReference[],
  passages: readonly Passage[],
): string[] {
  const askedTerms = asked.map((q) => new Set(contentTerms(q)));
  const out: string[] = [];
  const offered: Set<string>[] = [];
  const offer = (q: string, topic: string) => {
    if (out.length >= MAX_QUESTIONS) return;
    if (out.some((o) => o.toLowerCase() === q.toLowerCase())) return;
    // Neither asked already nor the same topic as a question already offered.
    if (alreadyAsked(topic, [...askedTerms, ...offered])) return;
    out.push(q);
    offered.push(new Set(contentTerms(topic)));
  };
  const headings = new Map<string, { q: string; topic: string }>();
  for (const r of [...references, ...passages.map(asReference)])
    if (r.heading && r.heading.toLowerCase() !== r.document_name.toLowerCase())
      headings.set(r.heading.toLowerCase(), {
        q: `What does ${r.document_name} say about ${r.heading}?`,
        topic: r.heading,
      });
  for (const { q, topic } of headings.values()) offer(q, topic);
  for (const phrase of phrasesOf(passages)) offer(`What is ${phrase}?`, phrase);
  return out;
}

function asReference(p: Passage): ChatReference {
  // The answer's reference shape, without a number, snippet or score: only what it points at.
  return { ...referenceOf(p, 0, ''), score: 0 };
}

export async function recommendQuestions(input: {
  asked: string[];
  lastAnswer: string;
  references: ChatReference[];
  departmentIds: number[];
  index: SearchIndex;
  documents: DocumentLookup;
  provider: LlmProvider | null;
  model: string | null;
}): Promise<string[]> {
  const docIds = [...new Set(input.references.map((r) => r.document_id))];
  if (docIds.length === 0 || input.departmentIds.length === 0) return [];
  // Words as written (the index stems them itself): the last question, then the cited places.
  const lastQuestion = input.asked[input.asked.length - 1] ?? '';
  const searchWords = [
    ...new Set(
      [lastQuestion, ...input.references.map((r) => `${r.heading ?? ''} ${r.snippet}`)]
        .flatMap((text) => words(text))
        .filter((w) => !isStopWord(w)),
    ),
  ].slice(0, 24);
  const hits = await input.index.search({
    text: searchWords.join(' '),
    departmentIds: input.departmentIds,
    documentIds: docIds,
    limit: 20,
  });
  const docs = await input.documents([...new Set(hits.map((h) => h.documentId))]);
  const passages: Passage[] = hits.flatMap((h) => {
    const doc = docs.get(h.documentId);
    if (!doc) return [];
    return [
      {
        chunkId: h.chunkId,
        documentId: h.documentId,
        documentName: doc.name,
        documentTitle: doc.title,
        isUrl: Boolean(doc.is_url),
        type: doc.type,
        language: h.language,
        text: h.text,
        position: h.position,
        indexScore: h.score,
        coverage: 0,
        score: h.score,
      },
    ];
  });
  // Only documents still readable count (deleted or moved out of reach since the turn).
  const readable = input.references.filter((r) => docs.has(r.document_id));
  if (passages.length === 0 && readable.length === 0) return [];
  if (input.provider && input.model) {
    try {
      const text = await input.provider.complete({
        model: input.model,
        messages: recommendMessages(input.asked, input.lastAnswer, passages.slice(0, 8)),
        maxTokens: 200,
      });
      const askedTerms = input.asked.map((q) => new Set(contentTerms(q)));
      const lines = text
        .split('\n')
        .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
        .filter((l) => l.length > 3 && l.length < 300 && !alreadyAsked(l, askedTerms));
      if (lines.length > 0) return lines.slice(0, MAX_QUESTIONS);
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
    }
  }
  return builtinRecommendations(input.asked, readable, passages);
}
