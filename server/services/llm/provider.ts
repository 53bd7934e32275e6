/**
 * The one LLM provider of an app instance: OpenAI-compatible when LLM_BASE_URL and LLM_API_KEY
 * are set, otherwise none (the built-in extractive engine answers and charts are planned by
 * rules). Built once in the composition root; chat and visuals share it.
 */
import type { ResolvedConfig } from '../../config';
import { createOpenAiProvider, type LlmLog, type LlmProvider } from './openai';

export function createLlmProvider(config: ResolvedConfig, log?: LlmLog): LlmProvider | null {
  if (!config.llmBaseUrl || !config.llmApiKey) return null;
  return createOpenAiProvider({
    baseUrl: config.llmBaseUrl,
    apiKey: config.llmApiKey,
    models: config.llmModels,
    headersTimeoutMs: config.llmTimeoutMs,
    idleTimeoutMs: config.llmIdleTimeoutMs,
    log,
  });
}
