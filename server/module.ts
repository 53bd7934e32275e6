/**
 * A server module is one unit: it builds its services from the app's core and from what the
 * modules it uses expose, registers its routes, and starts and stops its background work.
 * `container.ts` lists the modules in dependency order; `buildApp` builds them in that order
 * and registers each as a Fastify plugin under /api.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_CHAT_MODEL } from '../contract/constants';
import type { AppDeps } from './deps';
import type { Api } from './http/route-contract';
import type { IngestEngine } from './modules/knowledge/ingest-engine';
import { type BackgroundTasks, createBackgroundTasks } from './services/background';
import type { LlmProvider } from './services/llm/openai';
import { createLlmProvider } from './services/llm/provider';
import { createWindowCounter, type WindowCounter } from './services/security/rate-windows';

/** What every module may build on: one of each per app instance, made before any module. */
export interface Core extends AppDeps {
  log: FastifyBaseLogger;
  /** Work running after answers were sent (mails, sentiments); awaited before the app closes. */
  background: BackgroundTasks;
  /** Request counts shared by every server process (sign-in, widget and API key limits). */
  windowCounter: WindowCounter;
  /** The configured LLM (none: the built-in engines) and the model that writes for the app. */
  llm: { provider: LlmProvider; model: string } | null;
  /** Extraction, chunking and index for ingestion jobs; default: services/ingest + search. */
  ingestEngine?: IngestEngine;
}

/** Another module's exposed services; throws when that module is listed later (or not at all). */
export type From = <E>(module: AnyModule<E>) => E;

/** A module of any services: the list holds modules whose services differ. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module's own services type
export type AnyModule<E = unknown> = AppModule<any, E>;

export interface AppModule<S = unknown, E = unknown> {
  name: string;
  build(core: Core, from: From): S;
  /** What other modules may use of it (nothing unless said). */
  expose?(services: NoInfer<S>): E;
  routes?(api: Api, services: NoInfer<S>): void;
  /** At onReady: background work begins. */
  start?(services: NoInfer<S>): Promise<void> | void;
  /** At preClose: background work ends (what runs is finished or put back). */
  stop?(services: NoInfer<S>): Promise<void> | void;
}

/** Declares a module; its types flow from `build` to `expose`, `routes`, `start` and `stop`. */
export function defineModule<S, E = never>(module: AppModule<S, E>): AppModule<S, E> {
  return module;
}

/** The services each module built, in the order they were built. */
export interface BuiltModules {
  list: { module: AnyModule; services: unknown }[];
  /** A module's own services (tests, benchmarks and the app's plugins read them). */
  services<S>(module: AppModule<S, unknown>): S;
  from: From;
}

export function buildModules(core: Core, modules: readonly AnyModule[]): BuiltModules {
  const built = new Map<AnyModule, { services: unknown; exposed: unknown }>();
  const list: BuiltModules['list'] = [];
  const entry = (module: AnyModule) => {
    const found = built.get(module);
    if (!found)
      throw new Error(`module ${module.name} is used before it is built: list it earlier`);
    return found;
  };
  const from: From = <E>(module: AnyModule<E>) => entry(module).exposed as E;
  for (const module of modules) {
    const services: unknown = module.build(core, from);
    built.set(module, { services, exposed: module.expose ? module.expose(services) : {} });
    list.push({ module, services });
  }
  return {
    list,
    services: <S>(module: AppModule<S, unknown>) => entry(module as AnyModule).services as S,
    from,
  };
}

/** The core of one app instance, from its dependencies (no I/O). */
export function createCore(
  deps: AppDeps,
  log: FastifyBaseLogger,
  ingestEngine?: IngestEngine,
): Core {
  const provider = createLlmProvider(deps.config, log);
  return {
    ...deps,
    log,
    background: createBackgroundTasks(log),
    windowCounter: createWindowCounter(deps.database),
    // Summaries, sentiments, charts and checklist items are written by the first of LLM_MODELS.
    llm: provider && { provider, model: deps.config.llmModels[0] ?? DEFAULT_CHAT_MODEL },
    ingestEngine,
  };
}
