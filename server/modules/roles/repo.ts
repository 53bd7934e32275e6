/** SQL of roles and their history. `permission_set` is JSON text of sorted ids, e.g. `[1,5,9]`. */
import { createHistoryRepo } from '../identity/history-repo';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database';
import { lockRows } from '../../db/dialect';
import { inScope } from '../../db/scope';
import type { DB, RoleHistoryTable } from '../../db/schema';
import { type SortColumns, sortTerms } from '../../db/sorting';
import type { SortValue } from '../../../contract/paging';
import type { RoleSort } from '../../../contract/identity';
import type { Selectable } from 'kysely';

type Executor = Kysely<DB> | Transaction<DB>;

export interface RoleRow {
  id: number;
  name: string;
  description: string;
  department_id: number | null;
  department_name: string | null;
  permission_set: string;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  updated_by: number | null;
  user_count: number;
}

export interface RoleValues {
  name: string;
  description: string;
  department_id: number | null;
  permission_set: number[];
}

/** What each `sort` of the roles list orders by. */
const ROLE_SORT_COLUMNS: SortColumns<RoleSort> = {
  name: ['lower(r.name)'],
  updated: ['r.updated_at'],
};

export interface RoleFilter {
  /** Departments whose roles may be listed; roles for every department are always included. */
  scope: 'all' | readonly number[];
  search?: string;
  /** Roles that can be assigned in this department: its own and those for every department. */
  departmentId?: number;
  /** Only roles whose set holds this permission id. */
  permissionId?: number;
  sort?: SortValue<RoleSort>;
}

export type RoleHistoryRow = Selectable<RoleHistoryTable>;

type RoleQuery = SelectQueryBuilder<DB & { r: DB['roles'] }, 'r', object>;

function filtered(query: RoleQuery, filter: RoleFilter): RoleQuery {
  let q = query.where((eb) =>
    eb.or([eb('r.department_id', 'is', null), inScope('r.department_id', filter.scope)]),
  );
  if (filter.departmentId !== undefined) {
    const dept = filter.departmentId;
    q = q.where((eb) =>
      eb.or([eb('r.department_id', 'is', null), eb('r.department_id', '=', dept)]),
    );
  }
  if (filter.search) {
    const like = `%${filter.search.toLowerCase()}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['r.name']), 'like', like),
        eb(eb.fn('lower', ['r.description']), 'like', like),
      ]),
    );
  }
  if (filter.permissionId !== undefined)
    // `[1,5,9]` -> `,1,5,9,`: one portable LIKE instead of SQLite json_each / PostgreSQL jsonb.
    q = q.where(
      sql<string>`replace(replace(r.permission_set, '[', ','), ']', ',')`,
      'like',
      `%,${filter.permissionId},%`,
    );
  return q;
}

const rows = (ex: Executor) =>
  ex
    .selectFrom('roles as r')
    .leftJoin('departments as d', 'd.id', 'r.department_id')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.department_id',
      'd.name as department_name',
      'r.permission_set',
      'r.created_at',
      'r.updated_at',
      'r.created_by',
      'r.updated_by',
    ]);

/**
 * How many users hold each role, in one grouped query for a page of roles (a correlated count
 * per row made PostgreSQL scan user_roles once per role).
 */
async function withCounts(ex: Executor, found: Omit<RoleRow, 'user_count'>[]): Promise<RoleRow[]> {
  if (found.length === 0) return [];
  const counts = await ex
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.count<number | string>('user_id').distinct().as('n')])
    .where(
      'role_id',
      'in',
      found.map((r) => r.id),
    )
    .groupBy('role_id')
    .execute();
  const byRole = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
  return found.map((r) => ({ ...r, user_count: byRole.get(r.id) ?? 0 }));
}

export function createRolesRepo(db: Kysely<DB>, dialect: DialectName) {
  return {
    async list(filter: RoleFilter, limit?: { size: number; offset: number }) {
      const { total } = await filtered(db.selectFrom('roles as r'), filter)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      let page = filtered(rows(db) as unknown as RoleQuery, filter);
      for (const term of sortTerms(filter.sort, ROLE_SORT_COLUMNS)) page = page.orderBy(term);
      page = page.orderBy('r.id');
      if (limit) page = page.limit(limit.size).offset(limit.offset);
      const found = (await page.execute()) as Omit<RoleRow, 'user_count'>[];
      return { total: Number(total), rows: await withCounts(db, found) };
    },

    async find(ex: Executor, id: number, lock = false): Promise<RoleRow | undefined> {
      // On PostgreSQL a write locks the row first, so two saves of one role take turns and each
      // history entry's "old" is what the other left behind.
      if (lock) await lockRows(dialect, ex.selectFrom('roles').select('id').where('id', '=', id));
      const row = await rows(ex).where('r.id', '=', id).executeTakeFirst();
      return row ? (await withCounts(ex, [row]))[0] : undefined;
    },

    /** The roles among `ids` that exist, with department and rights (for assignments). */
    byIds: (ex: Executor, ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : ex
            .selectFrom('roles')
            .select(['id', 'name', 'department_id', 'permission_set'])
            .where('id', 'in', ids)
            .execute(),

    async nameTaken(ex: Executor, name: string, departmentId: number | null, exceptId?: number) {
      let query = ex
        .selectFrom('roles')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .where('department_id', departmentId === null ? 'is' : '=', departmentId);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Inserts a role; `id` only when a deleted role is brought back under its old id. */
    async insert(ex: Executor, values: RoleValues, actorId: number, now: string, id?: number) {
      const row = await ex
        .insertInto('roles')
        .values({
          ...(id !== undefined ? { id } : {}),
          ...values,
          permission_set: JSON.stringify(values.permission_set),
          created_at: now,
          updated_at: now,
          created_by: actorId,
          updated_by: actorId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(ex: Executor, id: number, values: RoleValues, actorId: number, now: string) {
      await ex
        .updateTable('roles')
        .set({
          ...values,
          permission_set: JSON.stringify(values.permission_set),
          updated_at: now,
          updated_by: actorId,
        })
        .where('id', '=', id)
        .execute();
    },

    async remove(ex: Executor, id: number) {
      await ex.deleteFrom('roles').where('id', '=', id).execute();
    },

    /** Per department, how many users hold the role there. */
    assignedIn: (ex: Executor, id: number) =>
      ex
        .selectFrom('user_roles')
        .select(['department_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('role_id', '=', id)
        .groupBy('department_id')
        .execute(),

    ...createHistoryRepo(db, 'role_history', 'role_id'),
  };
}

export type RolesRepo = ReturnType<typeof createRolesRepo>;
