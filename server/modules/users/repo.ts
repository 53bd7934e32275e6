/** SQL of managed users: accounts, their role assignments, history and the admin count. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database';
import { lockingRows } from '../../db/dialect';
import { prepareQuery } from '../../db/prepared';
import { inScope } from '../../db/scope';
import { searchesByTrigrams, usersMatching } from '../../db/user-search';
import { fromSortShape, type SortColumns, sortShape, sortTerms } from '../../db/sorting';
import type { DB, UserHistoryTable, UserRow } from '../../db/schema';
import type { SortValue } from '../../../contract/paging';
import type { UserSort } from '../../../contract/identity';
import { assignmentsQuery, type UserAssignmentRow } from '../identity/assignment-rows';
import { createHistoryRepo } from '../identity/history-repo';
import type { TurnLog } from '../reports/public';
import { insertUser, updateUser, usernameTaken } from '../identity/user-rows';

type Executor = Kysely<DB> | Transaction<DB>;

export type { UserAssignmentRow };

interface UserFilter {
  /** Users with an assignment in one of these departments; 'all' for default admins. */
  scope: 'all' | readonly number[];
  search?: string;
  departmentName?: string;
  status?: 'active' | 'disabled';
  sort?: SortValue<UserSort>;
}

export type UserHistoryRow = Selectable<UserHistoryTable>;

/** What a list shows of a user: no password hash or sign-in counters. */
const LISTED_COLUMNS = [
  'u.id',
  'u.username',
  'u.email',
  'u.first_name',
  'u.last_name',
  'u.status',
  'u.is_verified',
  'u.is_defaultadmin',
  'u.created_at',
  'u.updated_at',
  'u.created_by',
  'u.updated_by',
] as const;

export type ListedUserRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'status'
  | 'is_verified'
  | 'is_defaultadmin'
  | 'created_at'
  | 'updated_at'
  | 'created_by'
  | 'updated_by'
>;

/** A list filter as prepared-query arguments: null leaves a filter out. */
interface ListArgs {
  scope: readonly number[] | null;
  like: string | null;
  departmentName: string | null;
  status: 'active' | 'disabled' | null;
}

/** What each `sort` of the users list orders by (migration 0011 indexes the name order). */
const USER_SORT_COLUMNS: SortColumns<UserSort> = {
  name: ['lower(u.first_name)', 'lower(u.last_name)'],
  email: ['u.email'],
  status: ['u.status'],
};

/** The users list: filters, page and count, and the listed users' assignments. */
function userListing(db: Kysely<DB>, dialect: DialectName) {
  /**
   * Filters drive from indexes: departments through user_roles(department_id, user_id) as an
   * IN list (a correlated EXISTS per user scanned every user), search through the trigram index
   * of migration 0006 (FTS5 on SQLite, pg_trgm on PostgreSQL). `%` and `_` in a search act as
   * wildcards; harmless for a read-only filter. Built as prepared queries (db/prepared.ts): the
   * list is the most read page of the console, and building it was a good part of its cost.
   */
  function filtered(f: ListArgs) {
    let q = db.selectFrom('users as u');
    const { scope } = f;
    if (scope !== null)
      q = q.where('u.id', 'in', (eb) =>
        eb
          .selectFrom('user_roles as s')
          .select('s.user_id')
          .where(inScope('s.department_id', scope)),
      );
    if (f.like !== null) q = q.where(usersMatching(dialect, f.like));
    if (f.departmentName !== null) {
      const { departmentName } = f;
      q = q.where('u.id', 'in', (eb) =>
        eb
          .selectFrom('user_roles as f')
          .innerJoin('departments as fd', 'fd.id', 'f.department_id')
          .select('f.user_id')
          .where((e) => e(e.fn('lower', ['fd.name']), '=', departmentName)),
      );
    }
    if (f.status !== null) q = q.where('u.status', '=', f.status);
    return q;
  }
  const countOf = prepareQuery((f: ListArgs) =>
    filtered(f).select((eb) => eb.fn.countAll<number | string>().as('total')),
  );
  // Read by the trigram index rather than in the key's order (db/user-search.ts).
  const pageOf = prepareQuery(
    (
      f: ListArgs,
      sort: ReturnType<typeof sortShape<UserSort>>,
      byIndexedSearch: boolean,
      size: number,
      offset: number,
    ) => {
      let q = filtered(f).select(LISTED_COLUMNS);
      for (const term of sortTerms(fromSortShape(sort), USER_SORT_COLUMNS)) q = q.orderBy(term);
      return q
        .orderBy(byIndexedSearch ? sql`u.id + 0` : sql`u.id`)
        .limit(size)
        .offset(offset);
    },
  );
  const assignmentsOf = prepareQuery((userIds: readonly number[]) =>
    assignmentsQuery(db).where('ur.user_id', 'in', userIds),
  );
  return {
    async list(filter: UserFilter, limit: { size: number; offset: number }) {
      const args: ListArgs = {
        scope: filter.scope === 'all' ? null : filter.scope,
        like: filter.search ? `%${filter.search.toLowerCase()}%` : null,
        departmentName: filter.departmentName ? filter.departmentName.toLowerCase() : null,
        status: filter.status ?? null,
      };
      const counted = await countOf.first(db, args);
      const byIndexedSearch = searchesByTrigrams(dialect, filter.search);
      const sort = sortShape(filter.sort);
      const rows = await pageOf.all(db, args, sort, byIndexedSearch, limit.size, limit.offset);
      return { total: Number(counted?.total ?? 0), rows };
    },

    assignmentsOf: (ex: Executor, userIds: readonly number[]): Promise<UserAssignmentRow[]> =>
      userIds.length === 0 ? Promise.resolve([]) : assignmentsOf.all(ex, userIds),
  };
}

/** One user by id or e-mail, uniqueness checks, the active administrators and history. */
function userLookups(db: Kysely<DB>, dialect: DialectName) {
  return {
    async find(ex: Executor, id: number, lock = false): Promise<UserRow | undefined> {
      // On PostgreSQL a write locks the row first, so concurrent saves take turns and each
      // history entry's "old" is what the other one left.
      const q = ex.selectFrom('users').selectAll().where('id', '=', id);
      return (lock ? lockingRows(dialect, q) : q).executeTakeFirst();
    },

    findByEmail: (ex: Executor, email: string): Promise<UserRow | undefined> =>
      ex
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst(),

    async emailTaken(ex: Executor, email: string, exceptId?: number) {
      let q = ex.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    usernameTaken,

    /** Ids of the active default administrators, locked on PostgreSQL until the write commits. */
    async activeAdminIds(ex: Executor): Promise<number[]> {
      const q = ex
        .selectFrom('users')
        .select('id')
        .where('is_defaultadmin', '=', 1)
        .where('status', '=', 'active')
        .orderBy('id');
      return (await lockingRows(dialect, q).execute()).map((r) => r.id);
    },

    /** The first default administrator (whom the work of nobody in particular is logged under). */
    async firstAdminId(): Promise<number> {
      const admin = await db
        .selectFrom('users')
        .select('id')
        .where('is_defaultadmin', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return admin.id;
    },

    ...createHistoryRepo(db, 'user_history', 'user_id'),

    /**
     * The deletion entries of users who are still deleted: the newest entry of their id is the
     * deletion and no account holds the id. Newest deletion first; scope and search are applied
     * by the caller on the snapshots (deleted users are few, and their departments live in JSON).
     */
    deletedUsers: (ex: Executor, userId?: number): Promise<UserHistoryRow[]> => {
      let q = ex
        .selectFrom('user_history as h')
        .selectAll('h')
        .where('h.action', '=', 'delete')
        .where((eb) =>
          eb(
            'h.id',
            '=',
            eb
              .selectFrom('user_history as newer')
              .select((e) => e.fn.max('newer.id').as('id'))
              .whereRef('newer.user_id', '=', 'h.user_id'),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('users as u').select('u.id').whereRef('u.id', '=', 'h.user_id'),
            ),
          ),
        );
      if (userId !== undefined) q = q.where('h.user_id', '=', userId);
      return q.orderBy('h.id', 'desc').execute();
    },
  };
}

/** Account rows and their role assignments. */
function userWrites(turnLog: TurnLog) {
  return {
    insert: insertUser,
    update: updateUser,

    /** Deletes the account; sessions, assignments and mail tokens go with it (foreign keys). */
    async remove(ex: Executor, id: number) {
      await turnLog.detachChatsOf(ex, id);
      await ex.deleteFrom('users').where('id', '=', id).execute();
    },

    /** Makes the user's assignments exactly `wanted`, touching only the rows that differ. */
    async setAssignments(
      ex: Executor,
      userId: number,
      current: readonly { department_id: number; role_id: number }[],
      wanted: readonly { department_id: number; role_id: number }[],
    ) {
      const key = (a: { department_id: number; role_id: number }) =>
        `${a.department_id}:${a.role_id}`;
      const keep = new Set(wanted.map(key));
      const have = new Set(current.map(key));
      for (const a of current.filter((c) => !keep.has(key(c))))
        await ex
          .deleteFrom('user_roles')
          .where('user_id', '=', userId)
          .where('department_id', '=', a.department_id)
          .where('role_id', '=', a.role_id)
          .execute();
      const added = wanted.filter((w) => !have.has(key(w)));
      if (added.length > 0)
        await ex
          .insertInto('user_roles')
          .values(added.map((a) => ({ user_id: userId, ...a })))
          .execute();
    },
  };
}

export function createUsersRepo(db: Kysely<DB>, dialect: DialectName, turnLog: TurnLog) {
  return {
    ...userListing(db, dialect),
    ...userLookups(db, dialect),
    ...userWrites(turnLog),
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
