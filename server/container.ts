/**
 * The composition root: builds every service of one app instance once, from its dependencies
 * (no I/O): repositories, the search index, the job queue, the LLM provider, mail, storage and
 * background tasks. Route modules receive the services they use (a `Pick` of `Services`) and
 * construct nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_CHAT_MODEL } from '../contract/constants';
import type { AppDeps } from './deps';
import { createDeviceCookies } from './modules/auth/device-cookies';
import { createPasswordResetService } from './modules/auth/password-reset-service';
import { createRegistrationService } from './modules/auth/registration-service';
import { createAuthRepo } from './modules/auth/repo';
import { createSessionService } from './modules/auth/service';
import { createThrottle } from './modules/auth/throttle';
import { createAnswerService } from './modules/chat/answering/answer-service';
import { createRetriever } from './modules/chat/answering/retrieval';
import { createChatRepo } from './modules/chat/conversations/repo';
import { createChatService } from './modules/chat/conversations/service';
import { createDepartmentsRepo } from './modules/departments/repo';
import { createDepartmentService } from './modules/departments/service';
import { createDownloadRepo } from './modules/download/repo';
import { createDownloadService } from './modules/download/service';
import { createDbSourceArea } from './modules/db-sources/area';
import { createDbVisuals } from './modules/db-sources/visual-answer';
import { createApiKeyArea } from './modules/api-keys/area';
import { createEmailArea } from './modules/email-agents/area';
import { createHealthCheck } from './modules/health/service';
import { createHelpdeskArea, type HelpdeskArea } from './modules/helpdesk/area';
import type { IngestEngine } from './modules/knowledge/ingest-engine';
import { createKnowledge } from './modules/knowledge/knowledge-area';
import { createPermissionCatalogue } from './modules/permissions/repo';
import { createProfileRepo } from './modules/profile/repo';
import { createProfileService } from './modules/profile/service';
import { createRolesRepo } from './modules/roles/repo';
import { createRoleHistoryService } from './modules/roles/history-service';
import { createRoleService } from './modules/roles/service';
import { createRoleWriter } from './modules/roles/writer';
import { createUserHistoryService } from './modules/users/history-service';
import { createUsersRepo } from './modules/users/repo';
import { createUserService } from './modules/users/service';
import { createUserWriter } from './modules/users/writer';
import { createRateWindows } from './modules/service-agent/rate-window';
import { createWindowCounter, type WindowCounter } from './services/security/rate-windows';
import { createWidgetRepo } from './modules/service-agent/repo';
import { createWidgetService } from './modules/service-agent/service';
import { createVisitorChat } from './modules/service-agent/visitor-chat';
import { createVisitorLogin } from './modules/service-agent/visitor-login';
import { createVisitorRepo } from './modules/service-agent/visitor-repo';
import { createAnalyticsRepo } from './modules/reports/analytics-repo';
import { createLiveDashboard } from './modules/reports/live-dashboard';
import { createLiveRepo } from './modules/reports/live-repo';
import { createSentimentRecorder } from './modules/reports/sentiment-recorder';
import { createSentimentRepo } from './modules/reports/sentiment-repo';
import { createReportService } from './modules/reports/service';
import { sopServices } from './modules/sop/sop-area';
import { createSopLookups } from './modules/sop/lookups';
import { createSopRepo } from './modules/sop/repo';
import { createVisualsRepo } from './modules/visuals/repo';
import { createVisualsService } from './modules/visuals/service';
import { type BackgroundTasks, createBackgroundTasks } from './services/background';
import { createLlmProvider } from './services/llm/provider';
import { trustedOrigin } from './services/mail/links';
import { createSearchIndex } from './services/search';
import { createVisitorTokens } from './services/security/visitor-tokens';

export interface ServiceOptions {
  /** Extraction, chunking and index for ingestion jobs; default: services/ingest + search. */
  ingestEngine?: IngestEngine;
}

function identityServices(deps: AppDeps, log: FastifyBaseLogger) {
  const { db } = deps.database;
  const authRepo = createAuthRepo(db);
  const background = createBackgroundTasks(log);
  const mailDeps = { repo: authRepo, mailer: deps.mailer, log, background };
  const throttle = createThrottle(deps.database);
  const departmentsRepo = createDepartmentsRepo(db);
  const rolesRepo = createRolesRepo(db, deps.database.dialect);
  const usersRepo = createUsersRepo(db, deps.database.dialect);
  const roleWriter = createRoleWriter(deps.database, rolesRepo, departmentsRepo);
  const userWriter = createUserWriter({
    users: usersRepo,
    roles: rolesRepo,
    departments: departmentsRepo,
    auth: authRepo,
  });
  const users = createUserService({
    database: deps.database,
    users: usersRepo,
    writer: userWriter,
    mailer: deps.mailer,
    log,
  });
  return {
    background,
    sessions: createSessionService({
      repo: authRepo,
      tokens: deps.tokens,
      sessionTtlSeconds: deps.config.sessionTtlSeconds,
      throttle,
      devices: createDeviceCookies(deps.config.jwtSecret),
    }),
    registration: createRegistrationService(mailDeps),
    passwordReset: createPasswordResetService({ ...mailDeps, throttle }),
    profiles: createProfileService(createProfileRepo(db), authRepo),
    departments: createDepartmentService(deps.database, departmentsRepo),
    roles: createRoleService(deps.database, rolesRepo, roleWriter),
    roleHistory: createRoleHistoryService(deps.database, rolesRepo, roleWriter),
    users,
    userHistory: createUserHistoryService({
      database: deps.database,
      users: usersRepo,
      writer: userWriter,
      service: users,
    }),
  };
}

function knowledgeServices(
  deps: AppDeps,
  log: FastifyBaseLogger,
  options: ServiceOptions,
  background: BackgroundTasks,
  handover: HelpdeskArea['onTurnStored'],
  dbSources: ReturnType<typeof createDbSourceArea>['dbSources'],
) {
  const { config, database } = deps;
  const index = createSearchIndex(database);
  const llm = createLlmProvider(config, log);
  // Summaries and charts are written by the first of LLM_MODELS.
  const model = llm && { provider: llm, model: config.llmModels[0] ?? DEFAULT_CHAT_MODEL };
  const knowledge = createKnowledge({
    config,
    database,
    index,
    log,
    engine: options.ingestEngine,
    summary: model,
  });
  const chatRepo = createChatRepo(database);
  const retriever = createRetriever(database, index);
  // Reports (issue 14): every stored turn gets its sentiment.
  const sentimentRepo = createSentimentRepo(database);
  const sentimentRecorder = createSentimentRecorder({
    repo: sentimentRepo,
    llm: model,
    background,
  });
  return {
    llm,
    knowledge,
    answers: createAnswerService({
      database,
      repo: chatRepo,
      retriever,
      provider: llm,
      sentiment: sentimentRecorder,
      onTurnStored: handover,
    }),
    sentimentRecorder,
    reports: createReportService({
      analytics: createAnalyticsRepo(database),
      sentiments: sentimentRepo,
      sopProductTypes: createSopLookups(createSopRepo(database.db)).products,
    }),
    conversations: createChatService({ database, repo: chatRepo, index, retriever, provider: llm }),
    visuals: createVisualsService({
      repo: createVisualsRepo(database.db),
      llm: model,
      log,
      databases: createDbVisuals({ dbSources, llm: model, log }),
    }),
    downloads: createDownloadService({
      repo: createDownloadRepo(database.db),
      files: {
        pathOf: (relPath) => knowledge.storage.pathOf(relPath),
        extract: async (...args) => (await knowledge.engine()).extract(...args),
      },
      log,
    }),
  };
}

/** Chat widgets (issue 13): the console's side, login by key and the visitors' chat. */
function widgetServices(
  deps: AppDeps,
  { answers, llm }: Pick<ReturnType<typeof knowledgeServices>, 'answers' | 'llm'>,
  windowCounter: WindowCounter,
) {
  const { config } = deps;
  const { db } = deps.database;
  const widgets = createWidgetRepo(db);
  const repo = createVisitorRepo(db);
  // One set of windows: a login and a question count against the same per-minute limits.
  const windows = createRateWindows(windowCounter);
  const limits = { perWidget: config.widgetRateLimit, perAddress: config.widgetAddressRateLimit };
  const visitorChat = createVisitorChat({ widgets, repo, answers, llm, windows, limits });
  return {
    serviceAgents: createWidgetService(db, widgets, visitorChat.history),
    visitorLogin: createVisitorLogin({
      widgets,
      repo,
      tokens: createVisitorTokens(config.jwtSecret),
      windows,
      limits,
      ownOrigins: [config.publicUrl, ...config.consoleOrigins],
    }),
    visitorChat,
  };
}

export function createServices(
  deps: AppDeps,
  log: FastifyBaseLogger,
  options: ServiceOptions = {},
) {
  const { config } = deps;
  const identity = identityServices(deps, log);
  // Helpdesk (issue 17): turns asking for a person and answers rated down become tickets.
  const helpdesk = createHelpdeskArea(deps, log);
  const databaseSources = createDbSourceArea(deps, log);
  const knowledge = knowledgeServices(
    deps,
    log,
    options,
    identity.background,
    helpdesk.onTurnStored,
    databaseSources.dbSources,
  );
  // Request counts shared by every server process: the sign-in routes' and the widgets' limits.
  const windowCounter = createWindowCounter(deps.database);
  const widgets = widgetServices(deps, knowledge, windowCounter);
  return {
    /** Where links in mails point: the SPA's origin when it is a configured one, else PUBLIC_URL. */
    mailLinks: {
      origin: (verifyPageLink: string | undefined) =>
        trustedOrigin({
          publicUrl: config.publicUrl,
          consoleOrigins: config.consoleOrigins,
          verifyPageLink,
        }),
    },
    /** The per-address limit of the public sign-in, sign-up and reset routes. */
    authRateLimit: { max: config.authRateLimit, timeWindow: '1 minute' },
    windowCounter,
    health: createHealthCheck(deps.database),
    permissionCatalogue: createPermissionCatalogue(deps.database.db),
    ...createEmailArea(deps, log, knowledge),
    /** Database sources (issue 17). */
    ...databaseSources,
    ...identity,
    ...knowledge,
    ...widgets,
    ...helpdesk,
    conversations: helpdesk.watchFeedback(knowledge.conversations),
    visitorChat: helpdesk.watchVisitorRatings(widgets.visitorChat),
    /** The live figures of /dashboard (issue 14). */
    liveDashboard: createLiveDashboard({
      live: createLiveRepo(deps.database),
      analytics: createAnalyticsRepo(deps.database),
      visibleWidgets: async (actor) =>
        (await widgets.serviceAgents.list(actor, { page: 1, size: 500 })).items,
    }),
    /** SOP repository and checklists (issue 15). */
    sop: sopServices(config, deps.database, knowledge),
    /** API keys for other systems (issue 17). */
    ...createApiKeyArea(deps, log, identity.profiles, windowCounter),
  };
}

export type Services = ReturnType<typeof createServices>;
