/**
 * Database sources. Rules:
 * - Rights follow the Documents module, department-scoped: ADD in the source's department to
 *   add, UPDATE to edit or toggle, VIEW / LIST_VIEW to see and browse, DELETE to delete; a
 *   query also needs Query.QUERY_DOCUMENT there (the route checks it is held somewhere). A
 *   source outside the reader's scope answers 404, as if it did not exist.
 * - A Trial user may not add, test or change sources at all (403).
 * - The password is sealed before it is stored and never answered (`has_password`), and goes
 *   only to the stored destination: a test or change that moves the type, host, port, user name
 *   or database needs it again (422 on the password).
 * - An active source is saved only when it connects with an account that may only read; the
 *   error names what failed. How a source is reached is connections.ts.
 * - Every query, built or written, passes read-only-guard and then the driver's layers, and
 *   what runs is the SQL the guard regenerated.
 */
import type { z } from 'zod';
import { departmentScope, inScope, isTrialUser } from '../../../contract/access';
import {
  changedDestination,
  DB_TYPE_LABELS,
  type DbQueryInput,
  type DbQueryResult,
  type DbSource,
  type DbSourceCreate,
  type DbSourceType,
  type DbSourceUpdate,
  type DbTable,
  type DbTestResult,
  type dbSourcesQuerySchema,
} from '../../../contract/db-sources';
import type { Paged } from '../../../contract/paging';
import type { ActionName } from '../../../contract/permissions';
import { nowIso } from '../../db/database';
import { renderVegaLiteSvg } from '../../services/render/vega-svg';
import type { Requester } from '../../services/fetch/integration-hosts';
import type { SecretBox } from '../../services/security/secret-box';
import type { Actor } from '../identity/public';
import { buildGroupedQuery } from './built-query';
import type { SourceConnections } from './connections';
import { drivers } from './drivers';
import { ConnectionFailed, QueryFailed, type SourceConnection } from './drivers/types';
import { dbSourceErrors } from './errors';
import { assertReadOnlySelect, QueryRefused } from './read-only-guard';
import type { DbSourceRecord, DbSourceRepo } from './repo';
import { resultChart } from './result-chart';
import { storedDestination, toDbSource } from './source-record';

type ListQuery = z.infer<typeof dbSourcesQuerySchema>;

interface DbSourceDeps {
  repo: DbSourceRepo;
  box: SecretBox;
  connections: SourceConnections;
  /** DB_SOURCE_SQLITE_DIR is set: SQLite sources are offered. */
  sqliteEnabled: boolean;
  limits: { timeoutMs: number; rowCap: number };
}

const isTrial = (actor: Actor) => !actor.isAdmin && isTrialUser(actor.subject);

export function createDbSourceService(deps: DbSourceDeps) {
  const { repo, box, connections, limits } = deps;
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

  function assertNotTrial(actor: Actor) {
    if (isTrial(actor)) throw dbSourceErrors.trialRefused();
  }

  /**
   * Who a source's connection is made for: a Trial user's reach, when the person asking or the
   * one who chose the destination is one.
   */
  async function requesterOf(actor: Actor, record?: DbSourceRecord): Promise<Requester> {
    const chosenByTrial =
      record !== undefined && (await repo.anyTrial([record.created_by, record.updated_by]));
    return { trial: isTrial(actor) || chosenByTrial };
  }

  /** A source saved switched off connects nowhere, but its SQLite file must be allowed. */
  async function assertFileAllowed(type: DbSourceType, path: string) {
    if (type !== 'sqlite') return;
    try {
      await connections.checkFile(path);
    } catch (error) {
      if (!(error instanceof ConnectionFailed)) throw error;
      if (error.failure === 'path_refused' || error.failure === 'sqlite_disabled')
        throw dbSourceErrors.connection(error.failure, error.message);
    }
  }

  const connectionOf = (r: DbSourceRecord): SourceConnection => ({
    host: r.host,
    port: r.port,
    database: r.database_name,
    username: r.username,
    password: r.password_enc ? box.open(r.password_enc) : '',
  });

  /** Connects, and refuses an account that may do more than read. */
  async function testConnection(type: DbSourceType, conn: SourceConnection, who: Requester) {
    const answer = await connections.open(type, conn, who, (c) => drivers[type].test(c));
    if (answer.account.refused.length > 0) throw dbSourceErrors.privileged(answer.account.refused);
    return answer;
  }

  /** The stored password, unless the destination changed: then it must come again. */
  function storedPassword(record: DbSourceRecord, next: Parameters<typeof changedDestination>[1]) {
    if (!record.password_enc) return '';
    const changed = changedDestination(storedDestination(record), next);
    if (changed.length > 0) throw dbSourceErrors.passwordRequired(changed);
    return box.open(record.password_enc);
  }

  async function usable(actor: Actor, id: number, action: ActionName) {
    const record = await visible(actor, id, action);
    if (record.is_active !== 1) throw dbSourceErrors.inactive();
    return record;
  }

  async function tablesOf(actor: Actor, record: DbSourceRecord): Promise<DbTable[]> {
    const type = record.db_type as DbSourceType;
    const who = await requesterOf(actor, record);
    return connections.open(type, connectionOf(record), who, (c) =>
      drivers[type].tables(c, { checkAccount: true }),
    );
  }

  /** Runs SQL on a source through every read-only layer. */
  async function runSql(
    actor: Actor,
    record: DbSourceRecord,
    sqlText: string,
    title: string,
    drawn = false,
  ) {
    const type = record.db_type as DbSourceType;
    let checked: string;
    try {
      checked = assertReadOnlySelect(sqlText, type);
    } catch (error) {
      if (error instanceof QueryRefused) throw dbSourceErrors.refused(error.reason, error.message);
      throw error;
    }
    const who = await requesterOf(actor, record);
    const started = performance.now();
    try {
      const result = await connections.open(type, connectionOf(record), who, (c) =>
        drivers[type].run(c, checked, limits, { checkAccount: true }),
      );
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
    /** SQLite files only where the operator set a directory aside for them. */
    types: () =>
      (Object.keys(DB_TYPE_LABELS) as DbSourceType[])
        .filter((key) => key !== 'sqlite' || deps.sqliteEnabled)
        .map((key) => ({ key, label: DB_TYPE_LABELS[key] })),

    async list(actor: Actor, query: ListQuery): Promise<Paged<DbSource>> {
      const filter = { departments: scope(actor, 'LIST_VIEW'), search: query.search };
      const { total, items } = await repo.list(filter, query.page, query.size);
      return { items: items.map(toDbSource), total, page: query.page, size: query.size };
    },

    async get(actor: Actor, id: number): Promise<DbSource> {
      return toDbSource(await visible(actor, id, 'VIEW'));
    },

    /**
     * POST …/test: the connection of a form, or of a stored source: its password is used only
     * for the stored destination.
     */
    async test(actor: Actor, input: DbSourceCreate, id?: number) {
      assertNotTrial(actor);
      let password = input.password;
      if (id !== undefined) {
        const record = await visible(actor, id, 'UPDATE');
        if (!password) password = storedPassword(record, input);
      } else if (!inScope(scope(actor, 'ADD'), input.department_id)) {
        throw dbSourceErrors.departmentForbidden(input.department_id);
      }
      const conn = { ...input, password };
      const answer = await testConnection(input.db_type, conn, await requesterOf(actor));
      return {
        ok: true as const,
        server_version: answer.version,
        warnings: answer.account.warnings as DbTestResult['warnings'],
      };
    },

    async create(actor: Actor, input: DbSourceCreate): Promise<DbSource> {
      assertNotTrial(actor);
      await assertDepartment(actor, input.department_id, 'ADD');
      if (input.is_active) await testConnection(input.db_type, input, await requesterOf(actor));
      else await assertFileAllowed(input.db_type, input.database);
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
      assertNotTrial(actor);
      const record = await visible(actor, id, 'UPDATE');
      if (input.department_id !== undefined && input.department_id !== record.department_id)
        await assertDepartment(actor, input.department_id, 'UPDATE');
      const type = input.db_type ?? (record.db_type as DbSourceType);
      const conn: SourceConnection = {
        host: input.host ?? record.host,
        port: input.port === undefined ? record.port : input.port,
        database: input.database ?? record.database_name,
        username: input.username ?? record.username,
        password: input.password || storedPassword(record, input),
      };
      const changed = ['db_type', 'host', 'port', 'database', 'username', 'password'].some(
        (k) => input[k as keyof DbSourceUpdate] !== undefined,
      );
      const active = input.is_active ?? record.is_active === 1;
      if (changed && active) await testConnection(type, conn, await requesterOf(actor));
      else if (changed) await assertFileAllowed(type, conn.database);
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
      return { tables: await tablesOf(actor, await usable(actor, id, 'VIEW')) };
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
      if ('sql' in input) return runSql(actor, record, input.sql, record.name, svg);
      const type = record.db_type as DbSourceType;
      const text = buildGroupedQuery(drivers[type], await tablesOf(actor, record), input);
      const title = `${input.aggregate}(${input.measure ?? '*'}) by ${input.group_by}`;
      return runSql(actor, record, text, title, svg);
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
