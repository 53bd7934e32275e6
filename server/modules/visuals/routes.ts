/**
 * POST /chat/visual_router and /chat/generate_visual (SPEC §7 Chat, issue 6 "Visual answers").
 * Both need Query.QUERY_DOCUMENT; the tables come from the departments where the user holds it.
 * The chart is an SVG document: served with a CSP that forbids scripts and loads, nosniff and
 * an attachment-safe filename, so opening it on its own is as harmless as showing it in <img>.
 */
import type { FastifyInstance } from 'fastify';
import { chatApiPaths, visualRequestSchema, visualRouteSchema } from '../../../contract/chat';
import { DEFAULT_CHAT_MODEL } from '../../../contract/constants';
import { parseInput, shape } from '../../http/validate';
import { createOpenAiProvider, type LlmLog } from '../../services/llm/openai';
import { actorOf } from '../identity/request-actor';
import type { AppDeps } from '../../deps';
import type { LlmSettings } from './llm-spec';
import { createVisualsRepo } from './repo';
import { createVisualsService, type VisualsService } from './service';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The model that designs charts: the first of LLM_MODELS, when an LLM is configured. */
export function llmSettingsOf(config: AppDeps['config'], log?: LlmLog): LlmSettings | null {
  if (!config.llmBaseUrl || !config.llmApiKey) return null;
  const provider = createOpenAiProvider({
    baseUrl: config.llmBaseUrl,
    apiKey: config.llmApiKey,
    models: config.llmModels,
    headersTimeoutMs: config.llmTimeoutMs,
    idleTimeoutMs: config.llmIdleTimeoutMs,
    log,
  });
  return { provider, model: config.llmModels[0] ?? DEFAULT_CHAT_MODEL };
}

export function registerVisualRoutes(api: FastifyInstance, deps: AppDeps) {
  const visuals: VisualsService = createVisualsService({
    repo: createVisualsRepo(deps.database.db),
    llm: llmSettingsOf(deps.config, api.log),
    log: api.log,
  });
  const config = { permission: { module: 'Query', action: 'QUERY_DOCUMENT' } } as const;

  api.post(chatApiPaths.visualRouter, { config }, async (request) => {
    const body = parseInput(visualRequestSchema, request.body);
    return shape(visualRouteSchema, await visuals.route(await actorOf(request), body));
  });

  api.post(chatApiPaths.generateVisual, { config }, async (request, reply) => {
    const body = parseInput(visualRequestSchema, request.body);
    const chart = await visuals.generate(await actorOf(request), body);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', 'inline; filename="chart.svg"')
      .header('content-security-policy', SVG_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .header('x-visual-engine', chart.engine)
      .send(chart.svg);
  });
}
