/**
 * buildApp(config): the whole HTTP application, ready for `listen` or `inject`. Nothing happens
 * at import; the caller migrates and seeds the database (see main.ts and the test helper).
 */
import rateLimit from '@fastify/rate-limit';
import { rateLimitStoreOf } from './services/security/rate-windows';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { RuntimeConfig } from '../contract/runtime-config';
import type { ResolvedConfig } from './config';
import { modules } from './container';
import type { BackgroundTasks } from './services/background';
import { createDatabase, type Database } from './db/database';
import type { AppDeps } from './deps';
import { AppError } from './http/app-error';
import { serializerCompiler, validatorCompiler } from './http/route-contract';
import type { IngestEngine } from './modules/knowledge/ingest-engine';
import { buildModules, createCore } from './module';
import { apiKeysModule } from './modules/api-keys/module';
import { identityModule } from './modules/identity/module';
import { knowledgeModule } from './modules/knowledge/module';
import { serviceAgentModule } from './modules/service-agent/module';
import { healthModule } from './modules/health/module';
import { registerApiKeyCheck } from './plugins/api-key';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerPermissions } from './plugins/permissions';
import { loggerOptions, registerRequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';
import { registerWidgetCheck } from './plugins/widget-check';
import { API_VERSION, registerApiDocs } from './openapi/docs-plugin';
import { createMailer, type Mailer } from './services/mail/mailer';
import { createAccessTokens } from './services/security/access-tokens';
import { prepareDummyHash } from './services/security/passwords';

interface BuildOptions {
  /** An open database; without it buildApp opens one from the config and closes it on close. */
  database?: Database;
  /** A pino logger to use instead of one writing to stdout (tests capture the lines). */
  logger?: FastifyBaseLogger;
  mailer?: Mailer;
  /** Extraction, chunking and index for ingestion jobs; default: services/ingest + search. */
  ingestEngine?: IngestEngine;
}

export async function buildApp(
  config: ResolvedConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: loggerOptions(config.logLevel) }),
    // One line per request comes from registerRequestLog instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // E-mail addresses travel in paths (forgot-password) and may be up to 254 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy the rate limits must count the client, not the proxy.
    // Fastify accepts a hop count at run time (proxy-addr), but its overloads omit `number`.
    trustProxy: config.trustProxy as boolean | string[],
  }) as unknown as FastifyInstance;

  const database = options.database ?? createDatabase(config);
  if (!options.database) app.addHook('onClose', () => database.close());
  const deps: AppDeps = {
    config,
    database,
    mailer: options.mailer ?? createMailer(config),
    tokens: createAccessTokens(config.jwtSecret),
  };
  const core = createCore(deps, app.log, options.ingestEngine);
  const built = buildModules(core, modules);
  // Background work of every module runs while the app is up, started in the modules' order and
  // stopped in the reverse one; then the mails queued by the last requests still go out before
  // the database closes.
  app.addHook('onReady', async () => {
    for (const { module, services } of built.list) await module.start?.(services);
  });
  app.addHook('preClose', async () => {
    for (const { module, services } of [...built.list].reverse()) await module.stop?.(services);
    await core.background.idle();
  });
  app.decorate('backgroundTasks', core.background);
  const { sessions, profiles } = built.services(identityModule);
  const { visitorLogin } = built.services(serviceAgentModule);
  const { apiKeyAuth } = built.services(apiKeysModule);
  const { health } = built.services(healthModule);
  // The stored files' connections (the S3 client's keep-alive sockets) go last: Fastify's own
  // onClose, added at ready and so run before this one, has closed the listener and waited for
  // the requests in flight, and preClose has stopped the jobs that read files.
  const { storage } = built.from(knowledgeModule);
  app.addHook('onClose', async () => storage.close());

  // The API speaks JSON (multipart is added by the areas that upload); anything else is 415.
  app.removeContentTypeParser('text/plain');
  // Computed before the first sign-in, so even that one takes no longer for unknown e-mails.
  app.addHook('onReady', async () => void prepareDummyHash());
  registerErrorHandler(app);
  // Each route's contract schemas check its input and shape its answer.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLog(app);
  await registerSecurityHeaders(app, { framingHosts: visitorLogin.framingHosts });
  registerWidgetCheck(app, { framingHosts: visitorLogin.framingHosts });
  registerApiKeyCheck(app, config.apiKey);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so the limits hold across server processes (WEB_CONCURRENCY).
    store: rateLimitStoreOf(core.windowCounter),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', 'Too many requests. Please wait a minute and try again.', {
        retry_after: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });

  app.get('/runtime-config.json', async (_request, reply) => {
    const body: RuntimeConfig = {
      apiBaseUrl: '/api',
      apiKey: config.apiKey,
      sopServiceUrl: config.sopServiceUrl ?? '/api',
    };
    return reply.header('cache-control', 'no-store').send(body);
  });

  // A load balancer's health check, outside /api: many balancers cannot send the x-api-key header
  // (which runtime-config.json hands to anyone anyway). 200 while this process and its database
  // answer, 503 otherwise; it says nothing else.
  app.get('/healthz', async (_request, reply) => {
    const ok = await health.check().then(
      () => true,
      () => false,
    );
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ok ? 'ok' : 'unavailable');
  });

  // Before the routes, so that it sees every one of them.
  await registerApiDocs(app, API_VERSION);
  await app.register(
    async (api) => {
      registerAuth(api, sessions, profiles, visitorLogin, apiKeyAuth);
      registerPermissions(api);
      // Each module's routes in a plugin of their own, in the modules' order.
      for (const { module, services } of built.list)
        if (module.routes) {
          const routes = module.routes;
          await api.register(async (scope) => routes(scope.withTypeProvider(), services), {
            name: module.name,
          } as never);
        }
    },
    { prefix: '/api' },
  );

  await registerStaticSpa(app, config.staticDir);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work running after answers were sent (mails); see services/background.ts. */
    backgroundTasks: BackgroundTasks;
  }
}
