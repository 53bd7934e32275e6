/**
 * Database sources (SPEC §2 database-integration, §3 "Database integration", §4 is_active
 * toggle, §7 Database sources). SPEC names the paths, `id`, `is_active` and
 * key/label types; the other fields and the browsing/query calls are ours.
 *
 * - Rights follow the Documents module (ADD to add, UPDATE to edit and toggle, VIEW/LIST_VIEW
 *   to see and browse, DELETE to delete); running a query also needs Query.QUERY_DOCUMENT.
 *   A source belongs to one department and is seen where the right is held there.
 * - The password is write-only: answers carry `has_password`, never the secret.
 * - For `sqlite`, `database` is the absolute path of the file; host, port and user are unused.
 * - A stored password goes only where it was stored for: a change of type, host, port, user
 *   name or database needs the password again (changedDestination, on both sides).
 */
import { z } from 'zod';
import { recordIdSchema } from './ids';
import { pagedSchema, pageQuerySchema } from './paging';
import { patterns } from './validation';

/**
 * The paths (SPEC §7 Database sources, and ours for testing, browsing and querying); kept here
 * rather than in api-paths.ts so that the console's first load does not carry them.
 * `integration_id` travels in the query string, as SPEC has it.
 */
export const dbSourceRoutes = {
  dbSources: '/integrations/db-source',
  dbSourceTypes: '/integrations/db-source/db-types',
  dbSourceTest: '/integrations/db-source/test',
  dbSourceTables: '/integrations/db-source/tables',
  dbSourceQuery: '/integrations/db-source/query',
} as const;

export const DB_SOURCE_TYPES = ['postgres', 'mysql', 'sqlite', 'mssql'] as const;
export type DbSourceType = (typeof DB_SOURCE_TYPES)[number];

/** GET /integrations/db-source/db-types: key and label pairs (SPEC §3). */
export const DB_TYPE_LABELS: Record<DbSourceType, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
  sqlite: 'SQLite file',
  mssql: 'Microsoft SQL Server',
};
export const DB_DEFAULT_PORTS: Record<DbSourceType, number | null> = {
  postgres: 5432,
  mysql: 3306,
  sqlite: null,
  mssql: 1433,
};
const dbTypeSchema = z.object({ key: z.enum(DB_SOURCE_TYPES), label: z.string() });
export const dbTypesSchema = z.array(dbTypeSchema);

export const DB_SQL_MAX = 20_000;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation:tooLong')
    .regex(patterns.plainText, 'validation:plainText');

const fields = {
  name: text(80).min(1, 'validation:required'),
  db_type: z.enum(DB_SOURCE_TYPES),
  host: text(255),
  port: z
    .number()
    .int('validation:numberRange')
    .min(1, 'validation:numberRange')
    .max(65535, 'validation:numberRange')
    .nullable(),
  database: text(1024).min(1, 'validation:required'),
  username: text(128),
  /** Write-only. On update: absent or empty keeps the stored one. */
  password: z.string().max(1024, 'validation:tooLong'),
  department_id: z.number().int().positive(),
  is_active: z.boolean(),
};

const needsHost = (v: { db_type?: DbSourceType; host?: string }) =>
  v.db_type === undefined || v.db_type === 'sqlite' || (v.host ?? '').length > 0;
const hostRequired = { message: 'validation:required', path: ['host'] };

/** POST /integrations/db-source and POST /integrations/db-source/test. */
export const dbSourceInputSchema = z
  .object({
    ...fields,
    host: fields.host.default(''),
    port: fields.port.default(null),
    username: fields.username.default(''),
    password: fields.password.default(''),
    is_active: fields.is_active.default(true),
  })
  .refine(needsHost, hostRequired);
export type DbSourceCreate = z.infer<typeof dbSourceInputSchema>;

/** PUT /integrations/db-source?integration_id: any subset; `{ is_active }` is the toggle. */
export const dbSourceUpdateSchema = z.object(fields).partial();
export type DbSourceUpdate = z.infer<typeof dbSourceUpdateSchema>;

export const dbSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  db_type: z.enum(DB_SOURCE_TYPES),
  db_type_label: z.string(),
  host: z.string(),
  port: z.number().int().nullable(),
  database: z.string(),
  username: z.string(),
  has_password: z.boolean(),
  department_id: z.number().int(),
  department_name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DbSource = z.infer<typeof dbSourceSchema>;

const integrationIdSchema = recordIdSchema;

/** GET /integrations/db-source?page&size&search&integration_id. */
export const dbSourcesQuerySchema = pageQuerySchema.extend({
  integration_id: integrationIdSchema.optional(),
});
export const dbSourcePageSchema = pagedSchema(dbSourceSchema);
export const integrationIdQuerySchema = z.object({ integration_id: integrationIdSchema });

/** DELETE /integrations/db-source: all or nothing. */
export const dbSourceDeleteSchema = z.object({
  integration_ids: z.array(integrationIdSchema).min(1, 'validation:required').max(500),
});

/**
 * What a connection test found: `ok`, or which part failed. `unreachable` is every network
 * failure alike (refused, silent, another protocol), so that a test tells nothing about a port.
 */
export const DB_FAILURES = [
  'unreachable',
  'host_refused',
  'auth_failed',
  'database_missing',
  'database_denied',
  'not_a_database',
  'path_refused',
  'sqlite_disabled',
  'privileged_account',
  'password_required',
  'timeout',
  'unknown',
] as const;
export type DbFailure = (typeof DB_FAILURES)[number];

/** What the server could not rule out about the account (the test still passes). */
const DB_ACCOUNT_WARNINGS = ['table_writes', 'object_creation', 'rights_unchecked'] as const;

export const dbTestResultSchema = z.object({
  ok: z.literal(true),
  server_version: z.string(),
  warnings: z.array(z.enum(DB_ACCOUNT_WARNINGS)),
});

export type DbTestResult = z.infer<typeof dbTestResultSchema>;

/** The fields that say where a stored password goes. */
const DB_DESTINATION_FIELDS = ['db_type', 'host', 'port', 'username', 'database'] as const;
type DbDestinationField = (typeof DB_DESTINATION_FIELDS)[number];
type Destination = {
  db_type: DbSourceType;
  host: string;
  port: number | null;
  username: string;
  database: string;
};

/** The destination fields of `next` that differ from `stored` (no port: the type's default). */
export function changedDestination(
  stored: Destination,
  next: Partial<Destination>,
): DbDestinationField[] {
  const port = (d: Partial<Destination>, type: DbSourceType) =>
    d.port ?? DB_DEFAULT_PORTS[type] ?? null;
  const type = next.db_type ?? stored.db_type;
  const same: Record<DbDestinationField, boolean> = {
    db_type: type === stored.db_type,
    host:
      next.host === undefined ||
      next.host.trim().toLowerCase() === stored.host.trim().toLowerCase(),
    port: next.port === undefined || port(next, type) === port(stored, stored.db_type),
    username: next.username === undefined || next.username.trim() === stored.username.trim(),
    database: next.database === undefined || next.database.trim() === stored.database.trim(),
  };
  return DB_DESTINATION_FIELDS.filter((field) => !same[field]);
}

/**
 * The refusal of an account that may do more than read names the rights to revoke; these two
 * write and read that list in the answer's message, so that the console can show it.
 */
export const privilegedAccountMessage = (rights: readonly string[]) =>
  `The account may do more than read: revoke ${rights.join(', ')} from it, or use an account that may only SELECT.`;
export const rightsInMessage = (message: string): string | null =>
  /revoke (.+?) from it, or use/.exec(message)?.[1] ?? null;

export const dbColumnSchema = z.object({ name: z.string(), type: z.string() });
export type DbColumn = z.infer<typeof dbColumnSchema>;
export const dbTableSchema = z.object({
  name: z.string(),
  columns: z.array(dbColumnSchema),
});
export type DbTable = z.infer<typeof dbTableSchema>;
export const dbTablesSchema = z.object({ tables: z.array(dbTableSchema) });

export const DB_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type DbAggregate = (typeof DB_AGGREGATES)[number];

/** Aggregates that add numbers: a text column sums to nothing meaningful (zeros on MySQL). */
const NUMERIC_ONLY_AGGREGATES: readonly DbAggregate[] = ['sum', 'avg'];

/** Type names of numbers across the drivers (information_schema, SQLite's declared types). */
const NUMERIC_TYPES = new Set([
  'dec',
  'decimal',
  'double',
  'double precision',
  'fixed',
  'float',
  'float4',
  'float8',
  'money',
  'number',
  'numeric',
  'real',
  'smallmoney',
  'bigserial',
  'serial',
  'smallserial',
]);

/**
 * Whether a column, by the type its source reported, holds numbers: integers of every width
 * (int, bigint, int8, "unsigned big int"), decimals, floats and money. An SQLite column declared
 * without a type may hold anything and is not counted as numeric.
 */
export function isNumericColumnType(type: string): boolean {
  const base = type
    .toLowerCase()
    .replace(/\(.*\)/g, '')
    .replace(/\b(unsigned|signed|zerofill)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (NUMERIC_TYPES.has(base)) return true;
  return /^(tiny|small|medium|big)? ?int(eger)?\d*$/.test(base);
}

/** Whether `aggregate` may read a column of `type` (sum and average read numbers only). */
export const aggregateFits = (aggregate: DbAggregate, type: string) =>
  !NUMERIC_ONLY_AGGREGATES.includes(aggregate) || isNumericColumnType(type);

/** A query built by picking (table, grouping, aggregate), or SQL text. */
export const dbQueryBuiltSchema = z.object({
  table: z.string().min(1).max(255),
  group_by: z.string().min(1).max(255),
  aggregate: z.enum(DB_AGGREGATES),
  /** The column the aggregate reads; not needed for count. */
  measure: z.string().min(1).max(255).optional(),
  /** A second grouping ("by region and quarter"): one series per value of one of the two. */
  series_by: z.string().min(1).max(255).optional(),
  /** Only the rows of one year ("2025 sales"): a year column, or a date column's year. */
  in_year: z
    .object({ column: z.string().min(1).max(255), year: z.number().int().min(1000).max(9999) })
    .optional(),
});
export type DbQueryBuilt = z.infer<typeof dbQueryBuiltSchema>;
export const dbQueryInputSchema = z.union([
  z.object({ sql: z.string().min(1, 'validation:required').max(DB_SQL_MAX, 'validation:tooLong') }),
  dbQueryBuiltSchema,
]);
export type DbQueryInput = z.infer<typeof dbQueryInputSchema>;

/** One value of a result row, as JSON carries it. */
export const dbCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type DbCell = z.infer<typeof dbCellSchema>;

export const dbQueryResultSchema = z.object({
  sql: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(dbCellSchema)),
  truncated: z.boolean(),
  elapsed_ms: z.number(),
  /** A Vega-Lite spec of the first two columns (inline data), when they chart. */
  chart: z.record(z.string(), z.unknown()).nullable(),
  /** The chart drawn on the server as an SVG document, when asked with `?svg=true`. */
  svg: z.string().nullable(),
});
export const dbQueryOptionsSchema = z.object({
  integration_id: integrationIdSchema,
  svg: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type DbQueryResult = z.infer<typeof dbQueryResultSchema>;

/** POST /integrations/db-source/test: a saved source's id, to test it with its stored password. */
export const dbSourceTestQuerySchema = z.object({
  integration_id: integrationIdQuerySchema.shape.integration_id.optional(),
});
