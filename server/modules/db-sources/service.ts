/**
 * Database sources (issue 17 items 5–7). Rules:
 * - Rights follow the Documents module, department-scoped: ADD in the source's department to
 *   add, UPDATE to edit or toggle, VIEW / LIST_VIEW to see and browse, DELETE to delete; a
 *   query also needs Query.QUERY_DOCUMENT there (the route checks it is held somewhere). A
 *   source outside the reader's scope answers 404, as if it did not exist.
 * - The password is sealed before it is stored and never answered (`has_password`).
 * - An active source is saved only when it connects; the error names what failed.
 * - SQLite files must be absolute paths outside DATA_DIR (Atrium's own database lives there).
 * - Every query, built or written, passes read-only-guard and then the driver's layers.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import type { z } from 'zod';
import { departmentScope, inScope } from '../../../contract/access';
import {
  DB_TYPE_LABELS,
  type DbQueryInput,
  type DbQueryResult,
  type DbSource,
  type DbSourceCreate,
  type DbSourceType,
  type DbSourceUpdate,
  type DbTable,
  type dbSourcesQuerySchema,
} from '../../../contract/db-sources';
import type { Paged } from '../../../contract/paging';
import type { ActionName } from '../../../contract/permissions';
import { nowIso } from '../../db/database';
import { renderVegaLiteSvg } from '../../services/render/vega-svg';
import type { SecretBox } from '../../services/security/secret-box';
import type { Actor } from '../identity/actor-scope';
import { buildGroupedQuery } from './built-query';
import { drivers } from './drivers';
import { ConnectionFailed, QueryFailed, type SourceConnection } from './drivers/types';
import { dbSourceErrors } from './errors';
import { assertReadOnlySelect, QueryRefused } from './read-only-guard';
import type { DbSourceRecord, DbSourceRepo } from './repo';
import { resultChart } from './result-chart';

type ListQuery = z.infer<typeof dbSourcesQuerySchema>;

export interface DbSourceDeps {
  repo: DbSourceRepo;
  box: SecretBox;
  dataDir: string;
  limits: { timeoutMs: number; rowCap: number };
}

function toDbSource(r: DbSourceRecord): DbSource {
  const type = r.db_type as DbSourceType;
  return {
    id: r.id,
    name: r.name,
    db_type: type,
    db_type_label: DB_TYPE_LABELS[type] ?? r.db_type,
    host: r.host,
    port: r.port,
    database: r.database_name,
    username: r.username,
    has_password: r.password_enc !== '',
    department_id: r.department_id,
    department_name: r.department_name,
    is_active: r.is_active === 1,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function createDbSourceService({ repo, box, dataDir, limits }: DbSourceDeps) {
  const scope = (actor: Actor, action: ActionName) =>
    departmentScope(actor.subject, 'Documents', action);

  async function visible(actor: Actor, id: number, action: ActionName) {
    const record = await repo.find(id);
    if (!record || !inScope(scope(actor, action), record.department_id))
      throw dbSourceErrors.notFound();
    return record;
  }

  async function assertDepartment(actor: Actor, id: number, action: ActionName) {
    if (!(await repo.departmentExists(id))) throw dbSourceErrors.unknownDepartment(id);
    if (!inScope(scope(actor, action), id)) throw dbSourceErrors.departmentForbidden(id);
  }

  function assertPath(type: DbSourceType, database: string) {
    if (type !== 'sqlite') return;
    const inside = relative(resolve(dataDir), resolve(database));
    if (!isAbsolute(database) || !inside.startsWith('..'))
      throw dbSourceErrors.connection(
        'path_refused',
        'An SQLite source must be an absolute path outside the console’s data directory.',
      );
  }

  async function connect<T>(type: DbSourceType, conn: SourceConnection, fn: () => Promise<T>) {
    assertPath(type, conn.database);
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ConnectionFailed)
        throw dbSourceErrors.connection(error.failure, error.message);
      throw error;
    }
  }

  const connectionOf = (r: DbSourceRecord): SourceConnection => ({
    host: r.host,
    port: r.port,
    database: r.database_name,
    username: r.username,
    password: r.password_enc ? box.open(r.password_enc) : '',
  });

  const testConnection = (type: DbSourceType, conn: SourceConnection) =>
    connect(type, conn, () => drivers[type].test(conn));

  async function usable(actor: Actor, id: number, action: ActionName) {
    const record = await visible(actor, id, action);
    if (record.is_active !== 1) throw dbSourceErrors.inactive();
    return record;
  }

  async function tablesOf(record: DbSourceRecord): Promise<DbTable[]> {
    const type = record.db_type as DbSourceType;
    const conn = connectionOf(record);
    return connect(type, conn, () => drivers[type].tables(conn));
  }

  /** Runs SQL on a source through every read-only layer. */
  async function runSql(record: DbSourceRecord, sqlText: string, title: string, drawn = false) {
    const type = record.db_type as DbSourceType;
    let checked: string;
    try {
      checked = assertReadOnlySelect(sqlText, type);
    } catch (error) {
      if (error instanceof QueryRefused) throw dbSourceErrors.refused(error.reason, error.message);
      throw error;
    }
    const conn = connectionOf(record);
    const started = performance.now();
    try {
      const result = await connect(type, conn, () => drivers[type].run(conn, checked, limits));
      const elapsed = Math.round((performance.now() - started) * 10) / 10;
      const chart = resultChart(title, result.columns, result.rows);
      const svg = drawn && chart ? await renderVegaLiteSvg(chart) : null;
      return { sql: checked, ...result, elapsed_ms: elapsed, chart, svg } as DbQueryResult;
    } catch (error) {
      if (!(error instanceof QueryFailed)) throw error;
      if (error.kind === 'timeout') throw dbSourceErrors.timeout(limits.timeoutMs);
      if (error.kind === 'read_only') throw dbSourceErrors.refused('not_select', error.message);
      throw dbSourceErrors.failed(error.message);
    }
  }

  return {
    types: () =>
      (Object.keys(DB_TYPE_LABELS) as DbSourceType[]).map((key) => ({
        key,
        label: DB_TYPE_LABELS[key],
      })),

    async list(actor: Actor, query: ListQuery): Promise<Paged<DbSource>> {
      const filter = { departments: scope(actor, 'LIST_VIEW'), search: query.search };
      const { total, items } = await repo.list(filter, query.page, query.size);
      return { items: items.map(toDbSource), total, page: query.page, size: query.size };
    },

    async get(actor: Actor, id: number): Promise<DbSource> {
      return toDbSource(await visible(actor, id, 'VIEW'));
    },

    /** POST …/test: the connection of a form, or of a stored source (its password kept). */
    async test(actor: Actor, input: DbSourceCreate, id?: number) {
      let password = input.password;
      if (id !== undefined) {
        const record = await visible(actor, id, 'UPDATE');
        if (!password && record.password_enc) password = box.open(record.password_enc);
      } else if (!inScope(scope(actor, 'ADD'), input.department_id)) {
        throw dbSourceErrors.departmentForbidden(input.department_id);
      }
      const conn = { ...input, password };
      return { ok: true as const, server_version: await testConnection(input.db_type, conn) };
    },

    async create(actor: Actor, input: DbSourceCreate): Promise<DbSource> {
      await assertDepartment(actor, input.department_id, 'ADD');
      assertPath(input.db_type, input.database);
      if (input.is_active) await testConnection(input.db_type, input);
      const now = nowIso();
      const id = await repo.insert({
        name: input.name,
        db_type: input.db_type,
        host: input.db_type === 'sqlite' ? '' : input.host,
        port: input.db_type === 'sqlite' ? null : input.port,
        database_name: input.database,
        username: input.username,
        password_enc: input.password ? box.seal(input.password) : '',
        department_id: input.department_id,
        is_active: input.is_active ? 1 : 0,
        created_by: actor.id,
        updated_by: actor.id,
        created_at: now,
        updated_at: now,
      });
      return this.get(actor, id);
    },

    async update(actor: Actor, id: number, input: DbSourceUpdate): Promise<DbSource> {
      const record = await visible(actor, id, 'UPDATE');
      if (input.department_id !== undefined && input.department_id !== record.department_id)
        await assertDepartment(actor, input.department_id, 'UPDATE');
      const type = input.db_type ?? (record.db_type as DbSourceType);
      const conn: SourceConnection = {
        host: input.host ?? record.host,
        port: input.port === undefined ? record.port : input.port,
        database: input.database ?? record.database_name,
        username: input.username ?? record.username,
        password: input.password || (record.password_enc ? box.open(record.password_enc) : ''),
      };
      const changed = ['db_type', 'host', 'port', 'database', 'username', 'password'].some(
        (k) => input[k as keyof DbSourceUpdate] !== undefined,
      );
      const active = input.is_active ?? record.is_active === 1;
      if (changed) assertPath(type, conn.database);
      if (changed && active) await testConnection(type, conn);
      await repo.update(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(changed
          ? {
              db_type: type,
              host: type === 'sqlite' ? '' : conn.host,
              port: type === 'sqlite' ? null : conn.port,
              database_name: conn.database,
              username: conn.username,
              ...(input.password ? { password_enc: box.seal(input.password) } : {}),
            }
          : {}),
        ...(input.department_id !== undefined ? { department_id: input.department_id } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active ? 1 : 0 } : {}),
        updated_by: actor.id,
        updated_at: nowIso(),
      });
      return this.get(actor, id);
    },

    /** All or nothing: one id outside the actor's scope and nothing is deleted (404). */
    async remove(actor: Actor, ids: readonly number[]): Promise<{ message: string }> {
      const unique = [...new Set(ids)];
      const found = await repo.findMany(unique);
      const allowed = scope(actor, 'DELETE');
      if (found.length !== unique.length || found.some((r) => !inScope(allowed, r.department_id)))
        throw dbSourceErrors.notFound();
      await repo.remove(unique);
      return { message: `${unique.length} database source(s) deleted.` };
    },

    async tables(actor: Actor, id: number): Promise<{ tables: DbTable[] }> {
      return { tables: await tablesOf(await usable(actor, id, 'VIEW')) };
    },

    async query(
      actor: Actor,
      id: number,
      input: DbQueryInput,
      svg = false,
    ): Promise<DbQueryResult> {
      const record = await usable(actor, id, 'VIEW');
      if (!inScope(departmentScope(actor.subject, 'Query', 'QUERY_DOCUMENT'), record.department_id))
        throw dbSourceErrors.notFound();
      if ('sql' in input) return runSql(record, input.sql, record.name, svg);
      const type = record.db_type as DbSourceType;
      const text = buildGroupedQuery(drivers[type], await tablesOf(record), input);
      const title = `${input.aggregate}(${input.measure ?? '*'}) by ${input.group_by}`;
      return runSql(record, text, title, svg);
    },

    /** For the assistant's visual route: active sources the actor may query, and their use. */
    queryable: async (actor: Actor) => {
      const docs = scope(actor, 'VIEW');
      const query = departmentScope(actor.subject, 'Query', 'QUERY_DOCUMENT');
      const records = await repo.active(docs);
      return records.filter((r) => inScope(query, r.department_id));
    },
    tablesOf,
    runSql,
  };
}

export type DbSourceService = ReturnType<typeof createDbSourceService>;
