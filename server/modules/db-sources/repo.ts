/** SQL of database sources: the rows and their departments' names. */
import { type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import type { DB, DbSourceRow, DbSourcesTable } from '../../db/schema';
import { inScope } from '../../db/scope';
import { anyTrialUser } from '../identity/public';

export interface DbSourceRecord extends DbSourceRow {
  department_name: string;
}

interface DbSourceFilter {
  departments: DepartmentScope;
  search?: string;
  id?: number;
}

export function createDbSourceRepo(db: Kysely<DB>) {
  function base(filter: DbSourceFilter) {
    let q = db
      .selectFrom('db_sources as s')
      .innerJoin('departments as d', 'd.id', 's.department_id')
      .where(inScope('s.department_id', filter.departments));
    if (filter.id !== undefined) q = q.where('s.id', '=', filter.id);
    if (filter.search) {
      const like = `%${filter.search.toLowerCase()}%`;
      q = q.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['s.name']), 'like', like),
          eb(eb.fn('lower', ['s.database_name']), 'like', like),
          eb(eb.fn('lower', ['s.host']), 'like', like),
        ]),
      );
    }
    return q;
  }

  return {
    async find(id: number): Promise<DbSourceRecord | undefined> {
      return base({ departments: 'all', id })
        .selectAll('s')
        .select('d.name as department_name')
        .executeTakeFirst();
    },

    async findMany(ids: readonly number[]): Promise<DbSourceRecord[]> {
      if (ids.length === 0) return [];
      return base({ departments: 'all' })
        .where('s.id', 'in', ids)
        .selectAll('s')
        .select('d.name as department_name')
        .execute();
    },

    async list(filter: DbSourceFilter, page: number, size: number) {
      const [count, items] = await Promise.all([
        base(filter)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        base(filter)
          .selectAll('s')
          .select('d.name as department_name')
          .orderBy('s.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(count.n), items };
    },

    /** The active sources of some departments, for the assistant's visual route. */
    async active(departments: DepartmentScope): Promise<DbSourceRecord[]> {
      return base({ departments })
        .where('s.is_active', '=', 1)
        .selectAll('s')
        .select('d.name as department_name')
        .orderBy('s.id')
        .execute();
    },

    /** Whether any of these people is a Trial user (identity/trial-people.ts). */
    anyTrial: (userIds: readonly (number | null)[]) => anyTrialUser(db, userIds),

    async departmentExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('departments')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: Insertable<DbSourcesTable>): Promise<number> {
      const row = await db
        .insertInto('db_sources')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<DbSourcesTable>): Promise<void> {
      await db.updateTable('db_sources').set(values).where('id', '=', id).execute();
    },

    /** All or nothing, in one statement. */
    async remove(ids: readonly number[]): Promise<void> {
      await db.deleteFrom('db_sources').where('id', 'in', ids).execute();
    },
  };
}

export type DbSourceRepo = ReturnType<typeof createDbSourceRepo>;
