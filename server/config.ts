/**
 * Environment -> typed configuration, validated once at start (DESIGN "Running it").
 * `parseEnv` is pure; `loadConfig` also resolves the JWT secret, which may touch DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { passwordField } from '../contract/auth';
import { isCommonPassword } from './services/security/common-passwords';

/** The documented development key; set API_KEY in any shared deployment. */
export const DEFAULT_API_KEY = 'atrium-local-key';

/** Empty strings count as unset, so `FOO=` in an env file means "use the default". */
const optional = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const withDefault = (fallback: string) => optional().transform((v) => v ?? fallback);

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '8h', '30m', '1d', '45s' or plain seconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+)\s*([smhd]?)$/i.exec(text.trim());
  if (!m) return undefined;
  const seconds = Number(m[1]) * UNIT_SECONDS[(m[2] || 's').toLowerCase()];
  return seconds > 0 ? seconds : undefined;
}

const isHttpUrl = (v: string | undefined) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v);
const optionalUrl = () => optional().refine(isHttpUrl, 'must be an http(s) URL');
const integer = (fallback: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  withDefault(fallback)
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number'))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const envSchema = z.object({
  PORT: integer('8080', 0, 65535),
  WEB_CONCURRENCY: integer('1', 1, 64),
  HOST: withDefault('0.0.0.0'),
  DATA_DIR: withDefault('./data'),
  DATABASE_URL: optional().refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//i.test(v),
    'must start with postgres:// (leave unset for the embedded SQLite database)',
  ),
  API_KEY: withDefault(DEFAULT_API_KEY).pipe(z.string().min(8)),
  JWT_SECRET: optional().refine((v) => v === undefined || v.length >= 32, 'at least 32 chars'),
  ADMIN_EMAIL: withDefault('admin@atrium.local').pipe(z.email()),
  ADMIN_PASSWORD: optional()
    .pipe(passwordField.optional())
    .refine((v) => v === undefined || !isCommonPassword(v), 'is a common or breached password'),
  PUBLIC_URL: optionalUrl(),
  CONSOLE_ORIGINS: optional().refine(
    (v) => v === undefined || v.split(',').every((o) => isHttpUrl(o.trim())),
    'must be comma-separated http(s) origins',
  ),
  SMTP_URL: optional(),
  MAIL_FROM: withDefault('Atrium <no-reply@atrium.local>'),
  SECRETS_KEY: optional().refine((v) => v === undefined || v.length >= 32, 'at least 32 chars'),
  EMAIL_SYNC_SECONDS: integer('60', 0, 86400),
  EMAIL_SYNC_LEASE_SECONDS: integer('120', 2, 86400),
  EMAIL_CA_FILE: optional(),
  HELPDESK_RETRY_MS: integer('2000', 1, 3_600_000),
  SOP_SERVICE_URL: optionalUrl(),
  URL_FETCH_ALLOW: optional(),
  INTEGRATION_HOSTS_ALLOW: optional(),
  DB_SOURCE_SQLITE_DIR: optional(),
  URL_FETCH_TIMEOUT_MS: integer('15000', 100),
  URL_FETCH_MAX_BYTES: integer(String(10 * 1024 * 1024), 1024),
  MAX_UPLOAD_MB: integer('50', 1, 1024 * 1024),
  STORAGE_DIR: optional(),
  STORAGE_URL: optional().refine(
    (v) => v === undefined || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(v),
    'must be s3://bucket or s3://bucket/prefix',
  ),
  AWS_ENDPOINT_URL_S3: optionalUrl(),
  AWS_ENDPOINT_URL: optionalUrl(),
  AWS_REGION: optional(),
  AWS_ACCESS_KEY_ID: optional(),
  AWS_SECRET_ACCESS_KEY: optional(),
  INGEST_CONCURRENCY: integer('2', 0, 64),
  OCR_ENGINE: withDefault('auto').pipe(z.enum(['auto', 'system', 'wasm'])),
  OCR_TURN_SECONDS: integer('10', 0, 3600),
  INGEST_STALE_SECONDS: integer('60', 1),
  SITEMAP_MAX_PAGES: integer('500', 1, 100000),
  LLM_BASE_URL: optionalUrl(),
  LLM_API_KEY: optional(),
  LLM_MODELS: withDefault('gpt-4o'),
  LLM_TIMEOUT_MS: integer('20000', 100),
  LLM_IDLE_TIMEOUT_MS: integer('30000', 100),
  SESSION_TTL: withDefault('8h').transform((v, ctx) => {
    const seconds = parseDuration(v);
    if (seconds === undefined) {
      ctx.addIssue({ code: 'custom', message: "use seconds or a number with s, m, h or d: '8h'" });
      return z.NEVER;
    }
    return seconds;
  }),
  STATIC_DIR: withDefault('dist'),
  LOG_LEVEL: withDefault('info').pipe(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ),
  AUTH_RATE_LIMIT: integer('20', 1),
  WIDGET_RATE_LIMIT: integer('600', 1),
  WIDGET_ADDRESS_RATE_LIMIT: integer('60', 1),
  DB_SOURCE_TIMEOUT_MS: integer('10000', 100, 600_000),
  DB_SOURCE_ROW_CAP: integer('1000', 1, 100_000),
  API_KEY_RATE_LIMIT: integer('600', 1),
  TRUST_PROXY: withDefault('false').transform((v, ctx) => {
    if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
    if (/^\d+$/.test(v)) return Number(v);
    if (/^[\d.:/a-f, ]+$/i.test(v)) return v.split(',').map((s) => s.trim());
    ctx.addIssue({ code: 'custom', message: 'true, false, a hop count or a list of addresses' });
    return z.NEVER;
  }),
});

type EnvName = keyof typeof envSchema.shape;

/**
 * What a variable is for, in a README table cell. `unset` says what an unset variable without a
 * default means; `shown` writes the default as a person would set it (the test checks it parses
 * to the schema's own default).
 */
interface EnvDoc {
  meaning: string;
  unset?: string;
  shown?: string;
}

/** One entry per variable of `envSchema` (the type says so); the README table is built from it. */
const envDocs: Record<EnvName, EnvDoc> = {
  PORT: { meaning: 'HTTP port' },
  WEB_CONCURRENCY: {
    meaning:
      'server processes sharing the port (node:cluster); one per core serves widget visitors on every core',
  },
  HOST: { meaning: 'listen address' },
  DATA_DIR: {
    meaning: 'embedded database, generated secrets, mail outbox and (by default) uploaded files',
  },
  DATABASE_URL: { meaning: 'unset: SQLite at `DATA_DIR/atrium.db`; `postgres://…`: PostgreSQL' },
  API_KEY: {
    meaning:
      'every `/api` call carries it as `x-api-key` (the SPA reads it at start); set your own when shared',
  },
  JWT_SECRET: {
    unset: 'generated',
    meaning:
      'signs access tokens (32+ characters); unset: generated once, kept in `DATA_DIR/jwt-secret`',
  },
  ADMIN_EMAIL: { meaning: 'the default administrator, created on the first start' },
  ADMIN_PASSWORD: {
    unset: 'generated',
    meaning: 'its password (12+ characters, not a common one); unset: generated and printed once',
  },
  PUBLIC_URL: {
    unset: '`http://HOST:PORT` as bound',
    meaning:
      "the console's public address: the origin of mailed links; unset, `0.0.0.0` or `::` reads `localhost`",
  },
  CONSOLE_ORIGINS: {
    meaning:
      'further comma-separated origins the console is served from; mailed links may point there',
  },
  SMTP_URL: {
    meaning:
      'e.g. `smtp://user:pass@mail:587`; unset: mails are written to `DATA_DIR/outbox/*.eml`',
  },
  MAIL_FROM: { meaning: "sender of the console's own mails" },
  SECRETS_KEY: {
    unset: 'generated',
    meaning:
      'encrypts integration secrets at rest (32+ characters); unset: generated once in `DATA_DIR/secrets-key`',
  },
  EMAIL_SYNC_SECONDS: {
    meaning:
      'how often the e-mail agent syncs every active mailbox (one added or switched on: at once); `0`: only on "Sync now"',
  },
  EMAIL_SYNC_LEASE_SECONDS: {
    meaning:
      "a sync's hold on its mailbox, renewed per stored batch: how long a process dying mid-sync delays the mail",
  },
  EMAIL_CA_FILE: {
    meaning: "PEM certificates trusted for mailbox IMAP/SMTP TLS besides the system's",
  },
  HELPDESK_RETRY_MS: {
    meaning:
      'first retry delay of a failed helpdesk webhook (ms); doubles per attempt, at most 15 minutes',
  },
  SOP_SERVICE_URL: {
    unset: "this server's `/api`",
    meaning: 'base address of the SOP checklist service (save, export) when it is served apart',
  },
  URL_FETCH_ALLOW: {
    meaning:
      'comma-separated hosts or CIDRs that web-page fetches and helpdesk webhooks may reach although private',
  },
  INTEGRATION_HOSTS_ALLOW: {
    meaning:
      'comma-separated hosts, addresses or CIDRs that database sources and mailboxes may reach although private',
  },
  DB_SOURCE_SQLITE_DIR: {
    meaning:
      'the one directory SQLite-file database sources are read from (never `DATA_DIR`); unset: none',
  },
  URL_FETCH_TIMEOUT_MS: { meaning: 'time limit of one web-page fetch (ms)' },
  URL_FETCH_MAX_BYTES: { meaning: 'size cap of one fetched page or sitemap (bytes)' },
  MAX_UPLOAD_MB: {
    meaning: 'largest uploaded file (MB); a bigger one answers 413 and nothing is stored',
  },
  STORAGE_DIR: {
    unset: '`DATA_DIR/files`',
    meaning:
      'uploaded and fetched files, shared by every server process; with `STORAGE_URL`: uploads being received',
  },
  STORAGE_URL: {
    unset: '`STORAGE_DIR`',
    meaning:
      '`s3://bucket/prefix`: stored files are kept in this S3-compatible bucket, shared by every node',
  },
  AWS_ENDPOINT_URL_S3: {
    unset: '`AWS_ENDPOINT_URL`',
    meaning: "`STORAGE_URL`'s S3-compatible server (MinIO, Ceph…), addressed path-style",
  },
  AWS_ENDPOINT_URL: {
    unset: 'Amazon S3',
    meaning: "`STORAGE_URL`'s server, for every AWS service",
  },
  AWS_REGION: { unset: '`us-east-1`', meaning: "`STORAGE_URL`'s region" },
  AWS_ACCESS_KEY_ID: {
    unset: "the AWS SDK's own chain",
    meaning: "`STORAGE_URL`'s access key",
  },
  AWS_SECRET_ACCESS_KEY: { meaning: "`STORAGE_URL`'s secret key" },
  INGEST_CONCURRENCY: {
    meaning: 'ingestion jobs one process runs at once; `0`: none (an API-only process)',
  },
  OCR_ENGINE: {
    meaning:
      "`auto` (Debian's tesseract and pdftoppm where installed, else npm's tesseract.js), `system` or `wasm`",
  },
  OCR_TURN_SECONDS: {
    meaning:
      'seconds a job reads one scan before its next pages wait behind newer uploads; `0`: a page a turn',
  },
  INGEST_STALE_SECONDS: {
    meaning: 'a claimed job without a heartbeat for this long (a killed process) runs again',
  },
  SITEMAP_MAX_PAGES: { meaning: 'pages one sitemap (or sitemap index) adds at most' },
  LLM_BASE_URL: {
    meaning: 'an OpenAI-compatible API; unset: the built-in extractive engine answers',
  },
  LLM_API_KEY: { meaning: 'its key' },
  LLM_MODELS: {
    meaning:
      'comma-separated models offered in the chat; the first also writes summaries and checklists',
  },
  LLM_TIMEOUT_MS: {
    meaning: "wait for the model's first byte (ms); then the built-in engine answers and says why",
  },
  LLM_IDLE_TIMEOUT_MS: {
    meaning: "how long the model's stream may stay silent (ms) before the same fallback",
  },
  SESSION_TTL: {
    shown: '8h',
    meaning: 'lifetime of a sign-in session: seconds, or a number with `s`, `m`, `h` or `d`',
  },
  STATIC_DIR: { meaning: 'the SPA build the server serves' },
  LOG_LEVEL: { meaning: 'pino log level: fatal, error, warn, info, debug, trace or silent' },
  AUTH_RATE_LIMIT: {
    meaning: 'requests a minute from one address to login, signup, forgot-password and resend',
  },
  WIDGET_RATE_LIMIT: {
    meaning:
      'chat widgets: logins by key and questions a minute, all visitors of one widget together',
  },
  WIDGET_ADDRESS_RATE_LIMIT: {
    meaning: 'chat widgets: logins by key and questions a minute from one visitor address',
  },
  DB_SOURCE_TIMEOUT_MS: {
    meaning: "database sources: a query's time limit on the source's server (ms)",
  },
  DB_SOURCE_ROW_CAP: {
    meaning: 'database sources: rows one query returns at most (`truncated: true` beyond)',
  },
  API_KEY_RATE_LIMIT: {
    meaning: 'API keys: requests a minute of one key, all server processes together',
  },
  TRUST_PROXY: {
    meaning:
      'behind a reverse proxy: `true`, a hop count or proxy addresses whose X-Forwarded-For is believed',
  },
};

interface EnvVariable {
  name: string;
  /** As a person would set it; undefined when the variable has no default. */
  default?: string;
  /** What an unset variable without a default means ('unset' when nothing more is to say). */
  unset: string;
  meaning: string;
}

/**
 * Every variable the server reads, in the schema's order, with the default the schema itself
 * applies (so the README cannot state another one). Throws when a `shown` default drifted.
 */
export function envReference(): EnvVariable[] {
  return (Object.keys(envSchema.shape) as EnvName[]).map((name) => {
    const field = envSchema.shape[name];
    const doc = envDocs[name];
    const applied: unknown = field.parse(undefined);
    if (doc.shown !== undefined) {
      const shown: unknown = field.parse(doc.shown);
      if (JSON.stringify(shown) !== JSON.stringify(applied)) {
        throw new Error(`${name}: the documented default ${doc.shown} is not the schema's`);
      }
    }
    const fallback = applied === undefined ? undefined : (doc.shown ?? String(applied));
    return { name, default: fallback, unset: doc.unset ?? 'unset', meaning: doc.meaning };
  });
}

/** STORAGE_URL's bucket and how to reach it (the AWS SDK's usual variables). */
export interface S3Location {
  bucket: string;
  /** Prepended to every key; '' or ending in '/'. */
  prefix: string;
  /** An S3-compatible server; set, it is addressed path-style (http://host/bucket/key). */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (shared profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

function s3Location(e: z.infer<typeof envSchema>): S3Location | undefined {
  if (!e.STORAGE_URL) return undefined;
  const [, bucket, rest = ''] = /^s3:\/\/([^/]+)\/?(.*)$/.exec(e.STORAGE_URL) ?? [];
  const prefix = rest.replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL,
    // Many S3-compatible servers ignore the region, but the SDK needs one to sign.
    region: e.AWS_REGION ?? 'us-east-1',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** undefined: embedded SQLite at DATA_DIR/atrium.db. */
  databaseUrl?: string;
  apiKey: string;
  /** undefined until `loadConfig` resolves it (generated and kept in DATA_DIR/jwt-secret). */
  jwtSecret?: string;
  adminEmail: string;
  adminPassword?: string;
  publicUrl: string;
  /**
   * configured: PUBLIC_URL was set. derived: it was not, so `publicUrl` is the address the server
   * listens on (main.ts corrects it to the bound port when PORT is 0); the start log says which.
   */
  publicUrlSource: 'configured' | 'derived';
  /** Further origins the console is served from; mailed links may point at these too. */
  consoleOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  /** Encrypts integration secrets at rest; unset: a key generated once in DATA_DIR. */
  secretsKey?: string;
  /** How often the e-mail agent syncs the active mailboxes; 0: never on its own. */
  emailSyncSeconds: number;
  /** A sync's hold on its mailbox, renewed per stored batch; another process takes over after. */
  emailSyncLeaseSeconds: number;
  /** PEM certificates trusted for mailbox TLS besides the system's (a private CA). */
  emailCaFile?: string;
  /** First retry delay of a failed helpdesk webhook; doubles per attempt, at most 15 min. */
  helpdeskRetryMs: number;
  /** Base address of the checklist service (save/export); unset: this server's API. */
  sopServiceUrl?: string;
  urlFetchAllow: string[];
  /**
   * Private and loopback hosts, addresses or CIDRs that integrations (database sources,
   * mailboxes) may connect to; every other private range is refused, and Trial users reach none.
   */
  integrationHostsAllow: string[];
  /**
   * The one directory SQLite-file database sources may be read from (links resolved); unset:
   * no SQLite sources. Never inside DATA_DIR, whatever it says.
   */
  dbSourceSqliteDir?: string;
  urlFetchTimeoutMs: number;
  urlFetchMaxBytes: number;
  /** Per uploaded file. */
  maxUploadMb: number;
  /** Uploaded and fetched files (default DATA_DIR/files); shared by every server process. */
  storageDir: string;
  /**
   * Where stored files live when not under `storageDir` (STORAGE_URL): an S3-compatible bucket.
   * Uploads are still received into `storageDir`'s tmp/ first.
   */
  storageS3?: S3Location;
  /** Ingestion jobs one process runs at once; 0 runs none (an API-only process). */
  ingestConcurrency: number;
  /** auto: Debian's tesseract/pdftoppm where installed, else tesseract.js/pdf.js from npm. */
  ocrEngine: 'auto' | 'system' | 'wasm';
  /**
   * Seconds a job reads one scan with OCR before the scan's next pages go to the back of the
   * queue, so other uploads are not held up behind a long scan; 0: one page per turn.
   */
  ocrTurnSeconds: number;
  /** A claimed job whose heartbeat is older than this is taken to be dead and runs again. */
  ingestStaleSeconds: number;
  sitemapMaxPages: number;
  llmBaseUrl?: string;
  llmApiKey?: string;
  llmModels: string[];
  /** Until the model's first byte, then between two chunks of its stream. */
  llmTimeoutMs: number;
  llmIdleTimeoutMs: number;
  sessionTtlSeconds: number;
  staticDir: string;
  logLevel: string;
  authRateLimit: number;
  /** Server processes sharing the port (node:cluster); 1 serves from this process alone. */
  workers: number;
  /** Chat widgets: logins by key and questions per minute, all visitors of one widget. */
  widgetRateLimit: number;
  /** Chat widgets: logins by key and questions per minute from one visitor address. */
  widgetAddressRateLimit: number;
  /** Database sources: a query's server-side timeout and the rows it may return. */
  dbSourceLimits: { timeoutMs: number; rowCap: number };
  /** API keys: requests per minute of one key, across every server process. */
  apiKeyRateLimit: number;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client address. */
  trustProxy: boolean | number | string[];
}

export type ResolvedConfig = AppConfig & { jwtSecret: string };

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/**
 * The address a browser on this machine reaches the server at: a wildcard listen address is
 * every interface, of which `localhost` is the one sure to work here; a default port is dropped.
 * Unset PUBLIC_URL falls back to it so a first start on another PORT mails working links.
 */
export function listenUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host.trim()) ? 'localhost' : host.trim();
  const bracketed = isIPv6(name) ? `[${name}]` : name;
  return new URL(`http://${bracketed}:${port}`).origin;
}

export function parseEnv(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    apiKey: e.API_KEY,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? listenUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    publicUrlSource: e.PUBLIC_URL === undefined ? 'derived' : 'configured',
    consoleOrigins: (e.CONSOLE_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secretsKey: e.SECRETS_KEY,
    emailSyncSeconds: e.EMAIL_SYNC_SECONDS,
    emailSyncLeaseSeconds: e.EMAIL_SYNC_LEASE_SECONDS,
    emailCaFile: e.EMAIL_CA_FILE,
    helpdeskRetryMs: e.HELPDESK_RETRY_MS,
    sopServiceUrl: e.SOP_SERVICE_URL?.replace(/\/+$/, ''),
    urlFetchAllow: list(e.URL_FETCH_ALLOW),
    integrationHostsAllow: list(e.INTEGRATION_HOSTS_ALLOW),
    dbSourceSqliteDir: e.DB_SOURCE_SQLITE_DIR ? resolve(e.DB_SOURCE_SQLITE_DIR) : undefined,
    urlFetchTimeoutMs: e.URL_FETCH_TIMEOUT_MS,
    urlFetchMaxBytes: e.URL_FETCH_MAX_BYTES,
    maxUploadMb: e.MAX_UPLOAD_MB,
    storageDir: resolve(e.STORAGE_DIR ?? join(e.DATA_DIR, 'files')),
    storageS3: s3Location(e),
    ingestConcurrency: e.INGEST_CONCURRENCY,
    ocrEngine: e.OCR_ENGINE,
    ocrTurnSeconds: e.OCR_TURN_SECONDS,
    ingestStaleSeconds: e.INGEST_STALE_SECONDS,
    sitemapMaxPages: e.SITEMAP_MAX_PAGES,
    llmBaseUrl: e.LLM_BASE_URL,
    llmApiKey: e.LLM_API_KEY,
    llmModels: list(e.LLM_MODELS),
    llmTimeoutMs: e.LLM_TIMEOUT_MS,
    llmIdleTimeoutMs: e.LLM_IDLE_TIMEOUT_MS,
    sessionTtlSeconds: e.SESSION_TTL,
    staticDir: resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    workers: e.WEB_CONCURRENCY,
    widgetRateLimit: e.WIDGET_RATE_LIMIT,
    widgetAddressRateLimit: e.WIDGET_ADDRESS_RATE_LIMIT,
    dbSourceLimits: { timeoutMs: e.DB_SOURCE_TIMEOUT_MS, rowCap: e.DB_SOURCE_ROW_CAP },
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
  };
}

/**
 * The secret is generated once per data directory and kept (mode 600), so tokens survive a
 * restart; several processes sharing DATA_DIR share it too.
 */
function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ResolvedConfig {
  const config = parseEnv(env);
  return { ...config, jwtSecret: resolveJwtSecret(config) };
}
