/** The configured LLM and the model that writes for the app (charts, SQL, summaries). */
import type { LlmProvider } from './openai';

export interface LlmSettings {
  provider: LlmProvider;
  /** The model that designs charts: the first of LLM_MODELS. */
  model: string;
}
