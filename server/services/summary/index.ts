/**
 * need_summary: a short summary per document. With LLM_BASE_URL set, the first of LLM_MODELS
 * writes it through the shared LLM provider (services/llm); otherwise (or when that call fails)
 * an extractive summary: the highest-scoring sentences by word frequency, in their original order.
 */
import type { LlmProvider } from '../llm/openai';

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from has have he her his i in into is it its of on or our ' +
    'she so that the their them there these they this to was we were what when which who will with ' +
    'you your not no can may also than then such other more most all any each about over under'
  ).split(' '),
);

const MAX_INPUT_CHARS = 200_000;
const SUMMARY_SENTENCES = 3;
const MAX_SUMMARY_CHARS = 800;

function words(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter(
    (w) => w.length > 2 && !STOPWORDS.has(w),
  );
}

function extractiveSummary(text: string, sentences = SUMMARY_SENTENCES): string {
  const input = text.slice(0, MAX_INPUT_CHARS).replace(/\s+/g, ' ').trim();
  if (!input) return '';
  const parts = (input.match(/[^.!?]+[.!?]+["')\]]*|[^.!?]+$/g) ?? [input])
    .map((s) => s.trim())
    .filter((s) => s.length >= 20 && s.length <= 600);
  if (parts.length === 0) return input.slice(0, MAX_SUMMARY_CHARS);
  const frequency = new Map<string, number>();
  for (const w of words(input)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const scored = parts.map((sentence, index) => {
    const ws = words(sentence);
    const score = ws.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0) / Math.max(4, ws.length);
    // A slight preference for early sentences: openings usually say what a document is.
    return { sentence, index, score: score * (1 + 0.5 / (1 + index)) };
  });
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score)
    .slice(0, sentences)
    .sort((a, b) => a.index - b.index);
  const summary = chosen.map((c) => c.sentence).join(' ');
  return summary.length > MAX_SUMMARY_CHARS
    ? `${summary.slice(0, MAX_SUMMARY_CHARS - 1)}…`
    : summary;
}

/** The model that writes summaries: the shared LLM provider and the model to ask. */
export interface SummaryModel {
  provider: LlmProvider;
  model: string;
}

const LLM_INPUT_CHARS = 24_000;
const LLM_TIMEOUT_MS = 30_000;

async function llmSummary(text: string, llm: SummaryModel, signal?: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(LLM_TIMEOUT_MS);
  const content = await llm.provider.complete({
    model: llm.model,
    temperature: 0.2,
    messages: [
      { role: 'system', content: 'Summarise the document in at most three sentences. Plain text.' },
      { role: 'user', content: text.slice(0, LLM_INPUT_CHARS) },
    ],
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const summary = content.trim();
  if (!summary) throw new Error('The model answered without content');
  return summary.slice(0, 2000);
}

/**
 * The model's summary when one is configured; the extractive one when none is or the model
 * fails (an unreachable model must not fail an upload that asked for a summary).
 */
export async function summarize(
  text: string,
  llm: SummaryModel | null,
  signal?: AbortSignal,
): Promise<{ summary: string; by: 'llm' | 'extractive' }> {
  if (llm) {
    try {
      return { summary: await llmSummary(text, llm, signal), by: 'llm' };
    } catch {
      // The extractive summary below is always available.
    }
  }
  return { summary: extractiveSummary(text), by: 'extractive' };
}
