/**
 * The sentiment of a conversation turn: positive, neutral or negative, read from what
 * the person wrote (the question). Offline by the `sentiment` library (AFINN-165 word list,
 * English, with negation) when no LLM is configured; by the configured LLM otherwise, falling
 * back to the library when the model fails or answers something else.
 */
import Sentiment from 'sentiment';
import type { Sentiment as Label } from '../../../contract/reports';
import type { LlmProvider } from '../llm/openai';

export interface Judgement {
  sentiment: Label;
  score: number;
  source: 'offline' | 'llm';
}

const analyzer = new Sentiment();

/** AFINN's sum: one clearly positive or negative word decides; none (or a balance) is neutral. */
export function offlineSentiment(text: string): Judgement {
  const { score } = analyzer.analyze(text);
  const sentiment: Label = score >= 1 ? 'positive' : score <= -1 ? 'negative' : 'neutral';
  return { sentiment, score, source: 'offline' };
}

export interface SentimentModel {
  provider: LlmProvider;
  model: string;
}

const LLM_TIMEOUT_MS = 20_000;
const LABELS: Record<string, Label> = {
  positive: 'positive',
  neutral: 'neutral',
  negative: 'negative',
};
const SCORE: Record<Label, number> = { positive: 1, neutral: 0, negative: -1 };

/** The model's label for `text`; the library's when the model fails, or `stop` aborts it. */
export async function llmSentiment(
  text: string,
  llm: SentimentModel,
  stop?: AbortSignal,
): Promise<Judgement> {
  try {
    const content = await llm.provider.complete({
      model: llm.model,
      temperature: 0,
      maxTokens: 3,
      messages: [
        {
          role: 'system',
          content:
            'Classify the sentiment of the customer message. Answer with one word: positive, neutral or negative.',
        },
        { role: 'user', content: text.slice(0, 4000) },
      ],
      signal: stop
        ? AbortSignal.any([AbortSignal.timeout(LLM_TIMEOUT_MS), stop])
        : AbortSignal.timeout(LLM_TIMEOUT_MS),
    });
    const label =
      LABELS[
        content
          .trim()
          .toLowerCase()
          .replace(/[^a-z]/g, '')
      ];
    if (label) return { sentiment: label, score: SCORE[label], source: 'llm' };
  } catch {
    // An unreachable model must not leave a turn without its sentiment.
  }
  return offlineSentiment(text);
}

type SentimentJudge = (text: string) => Promise<Judgement>;

export function createSentimentJudge(llm: SentimentModel | null): SentimentJudge {
  return llm ? (text) => llmSentiment(text, llm) : async (text) => offlineSentiment(text);
}
