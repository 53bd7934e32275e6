/**
 * GET /chat/models and which engine answers a request. The built-in engine is always offered
 * and named for what it is; without an LLM it answers every request, whatever model the SPA
 * asks for (its default is gpt-4o, SPEC §9), and the answer says so (engine, model).
 */
import {
  BUILTIN_MODEL_ID,
  type ChatEngine,
  type ChatModelsResponse,
} from '../../../../contract/chat';
import { DEFAULT_CHAT_MODEL } from '../../../../contract/constants';
import { errors } from '../../../http/app-error';
import type { LlmProvider } from '../../../services/llm/openai';

export const BUILTIN_LABEL = 'Built-in extractive (no AI model)';

export function chatModels(provider: LlmProvider | null): ChatModelsResponse {
  const builtin = { id: BUILTIN_MODEL_ID, label: BUILTIN_LABEL, engine: 'builtin' as const };
  if (!provider) return { models: [builtin], default_model: BUILTIN_MODEL_ID };
  const models = provider.models.map((id) => ({ id, label: id, engine: 'openai' as const }));
  const fallback = provider.models.includes(DEFAULT_CHAT_MODEL)
    ? DEFAULT_CHAT_MODEL
    : (provider.models[0] ?? BUILTIN_MODEL_ID);
  return { models: [...models, builtin], default_model: fallback };
}

export function engineFor(
  provider: LlmProvider | null,
  requested: string,
): { engine: ChatEngine; model: string } {
  if (!provider || requested === BUILTIN_MODEL_ID)
    return { engine: 'builtin', model: BUILTIN_MODEL_ID };
  if (provider.models.includes(requested)) return { engine: 'openai', model: requested };
  throw errors.validation(`The model "${requested}" is not offered here.`, [
    { path: 'model', message: 'validation:invalid' },
  ]);
}
