/**
 * Builds the real app on a temporary DATA_DIR for API tests: SQLite always, and PostgreSQL
 * too when TEST_DATABASE_URL is set (each app gets a fresh schema, dropped on close).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { pino } from 'pino';
import { buildApp } from '../app';
import { loadConfig, type ResolvedConfig } from '../config';
import { createDatabase, type Database, type DialectName } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seed } from '../db/seed';
import { loggerOptions } from '../plugins/request-log';
import { readOutbox, tokenFromMail, type OutboxMail } from './outbox';

export const TEST_API_KEY = 'test-api-key-123';
export const TEST_ADMIN = { email: 'admin@atrium.test', password: 'Admin-Pass-123' };
export const TEST_PUBLIC_URL = 'http://atrium.test';

/** The databases the suites run on: describe.each(testDatabases). */
export const testDatabases: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface ApiAnswer {
  status: number;
  // Tests read arbitrary answer shapes; they check them with expect().
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only convenience
  body: any;
  headers: Record<string, unknown>;
  raw: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: ResolvedConfig;
  database: Database;
  dataDir: string;
  logs: () => string;
  api: (
    method: InjectOptions['method'],
    url: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      apiKey?: string | null;
    },
  ) => Promise<ApiAnswer>;
  mails: () => OutboxMail[];
  login: (email: string, password: string) => Promise<string>;
  close: () => Promise<void>;
}

/** Any fixed number: the advisory lock that keeps schema drops out of running migrations. */
const SCHEMA_LOCK = 74_201;

interface PostgresSchema {
  url: string;
  /** Runs `fn` while no other test's schema can be dropped. */
  whileMigrating: <T>(fn: () => Promise<T>) => Promise<T>;
  drop: () => Promise<void>;
}

/**
 * Kysely's migrator lists the tables of every schema; a schema another test file drops in that
 * moment fails it with "relation … does not exist". Migrations hold a shared advisory lock and
 * drops an exclusive one, so the two never overlap (migrations still run side by side).
 */
async function freshPostgresSchema(): Promise<PostgresSchema> {
  const base = process.env.TEST_DATABASE_URL as string;
  const schema = `atrium_test_${randomBytes(6).toString('hex')}`;
  const withClient = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  await withClient((c) => c.query(`create schema ${schema}`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    whileMigrating: (fn) =>
      withClient(async (c) => {
        await c.query('select pg_advisory_lock_shared($1)', [SCHEMA_LOCK]);
        try {
          return await fn();
        } finally {
          await c.query('select pg_advisory_unlock_shared($1)', [SCHEMA_LOCK]);
        }
      }),
    drop: () =>
      withClient(async (c) => {
        await c.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
        try {
          await c.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await c.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
        }
      }),
  };
}

async function build(
  dataDir: string,
  pgSchema: PostgresSchema | undefined,
  env: Record<string, string>,
  lines: string[],
) {
  const databaseUrl = pgSchema?.url;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    API_KEY: TEST_API_KEY,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    PUBLIC_URL: TEST_PUBLIC_URL,
    STATIC_DIR: join(dataDir, 'no-build'),
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT: '100000',
    WIDGET_RATE_LIMIT: '100000',
    WIDGET_ADDRESS_RATE_LIMIT: '100000',
    ...env,
  });
  const database = createDatabase(config);
  try {
    if (pgSchema) await pgSchema.whileMigrating(() => migrateToLatest(database));
    else await migrateToLatest(database);
    await seed(database, config);
    const logger = pino(loggerOptions(config.logLevel), {
      write: (line: string) => lines.push(line),
    });
    const app = await buildApp(config, { database, logger });
    await app.ready();
    return { config, database, app };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function startTestApp(
  dialect: DialectName = 'sqlite',
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-api-'));
  const pgSchema = dialect === 'postgres' ? await freshPostgresSchema() : undefined;
  let built: { config: ResolvedConfig; database: Database; app: FastifyInstance };
  const lines: string[] = [];
  try {
    built = await build(dataDir, pgSchema, env, lines);
  } catch (error) {
    // A failed start must not leave a schema or a directory behind.
    await pgSchema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { config, database, app } = built;

  const api: TestApp['api'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey !== null) headers['x-api-key'] = options.apiKey ?? TEST_API_KEY;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
    // Mails go out after the answer; a test reads the outbox once they are written.
    await app.backgroundTasks.idle();
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body };
  };

  return {
    app,
    config,
    database,
    dataDir,
    logs: () => lines.join(''),
    api,
    mails: () => readOutbox(dataDir),
    async login(email, password) {
      const res = await api('POST', '/api/users/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.raw}`);
      return res.body.access_token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh, valid signup body; names differ per call so tests never collide. */
export function newPerson(tag = 'user') {
  counter += 1;
  const id = `${tag}${counter}${randomBytes(3).toString('hex')}`.toLowerCase();
  return {
    username: id.slice(0, 32),
    first_name: 'Test',
    last_name: 'Person',
    email: `${id}@example.com`,
    password: 'Good-Pass-123',
  };
}

/** A body for POST /api/users: a fresh person (no password: they get an invitation) with roles. */
export function newUserBody(
  assignments: { department_id: number; role_id: number }[],
  tag = 'managed',
) {
  const { username, first_name, last_name, email } = newPerson(tag);
  return { username, first_name, last_name, email, assignments };
}

/** Signs a person up through the API and follows the mailed verification link. */
export async function createVerifiedUser(t: TestApp, who = newPerson()) {
  const res = await t.api('POST', '/api/users/signup', { body: who });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${res.raw}`);
  const token = tokenFromMail(t.mails(), who.email, '/verify?token=');
  const verified = await t.api('GET', `/api/verify/${token}`);
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return who;
}

/** A verified user (see createVerifiedUser), signed in: who they are and their access token. */
export async function signedInUser(t: TestApp, who = newPerson()) {
  await createVerifiedUser(t, who);
  return { ...who, token: await t.login(who.email, who.password) };
}

/** A self-registered Trial user, signed in, and the sandbox department of their role. */
export async function trialUser(t: TestApp, tag: string) {
  const who = await signedInUser(t, newPerson(tag));
  const me = await t.api('GET', '/api/users/me', { token: who.token });
  return { ...who, department: me.body.permissions[0].department_id as number };
}

/** The app of a test file, as its tests and later `beforeAll` hooks see it. */
export interface SuiteApp extends TestApp {
  /** The default administrator's access token, signed in when the app started. */
  readonly admin: string;
}

/**
 * The app of a test file: started on `dialect` before the file's tests, closed after them, with
 * the default administrator signed in unless `admin` is false. Its members work from the first
 * `beforeAll` on (hooks run in the order they are declared), not while the suite is declared.
 */
interface SuiteOptions {
  /** Sign the default administrator in (`t.admin`); true unless said otherwise. */
  admin?: boolean;
  /** Environment the app starts with, over the test defaults. */
  env?: Record<string, string>;
}

export function useTestApp(dialect: DialectName, options: SuiteOptions = {}): SuiteApp {
  let started: TestApp | undefined;
  let adminToken: string | undefined;
  beforeAll(async () => {
    started = await startTestApp(dialect, options.env);
    if (options.admin !== false)
      adminToken = await started.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  const running = (): TestApp => {
    if (!started) throw new Error('the test app is used before its beforeAll started it');
    return started;
  };
  const suite: SuiteApp = {
    get app() {
      return running().app;
    },
    get config() {
      return running().config;
    },
    get database() {
      return running().database;
    },
    get dataDir() {
      return running().dataDir;
    },
    get admin() {
      if (adminToken === undefined) throw new Error('this suite signs no administrator in');
      return adminToken;
    },
    logs: () => running().logs(),
    api: (method, url, apiOptions) => running().api(method, url, apiOptions),
    mails: () => running().mails(),
    login: (email, password) => running().login(email, password),
    async close() {
      const app = started;
      started = undefined;
      await app?.close();
    },
  };
  afterAll(() => suite.close());
  return suite;
}

type SuiteBody = (t: SuiteApp, dialect: DialectName) => void;

/**
 * An API suite: `title` on each of the test databases, each run against its own app (see
 * useTestApp), e.g. `describeApi('departments', (t) => { it(…) })` runs "departments on sqlite".
 */
export function describeApi(title: string, body: SuiteBody): void;
export function describeApi(title: string, options: SuiteOptions, body: SuiteBody): void;
export function describeApi(title: string, ...args: [SuiteBody] | [SuiteOptions, SuiteBody]): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  describe.each(testDatabases)(`${title} on %s`, (dialect) =>
    body(useTestApp(dialect, options), dialect),
  );
}
