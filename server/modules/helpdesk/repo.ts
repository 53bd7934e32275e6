/** SQL of helpdesk integrations: the helpdesks, their departments and pending deliveries. */
import {
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import type { DB, HelpdeskRow, HelpdesksTable } from '../../db/schema';
import { junctionCovers, junctionMeets, junctionWithin } from '../../db/scope';

export interface HelpdeskRecord extends HelpdeskRow {
  departments: { id: number; name: string }[];
  pendingDeliveries: number;
}

interface HelpdeskFilter {
  departments: DepartmentScope;
  search?: string;
}

type HelpdeskQuery = SelectQueryBuilder<DB & { h: DB['helpdesks'] }, 'h', object>;

const DEPARTMENTS = { table: 'helpdesk_departments', owner: 'helpdesk_id', ownerRef: 'h.id' };

/** In scope: at least one department, none outside the reader's (as chat widgets). */
function scoped(query: HelpdeskQuery, filter: HelpdeskFilter): HelpdeskQuery {
  let q = query.where(junctionWithin(DEPARTMENTS, filter.departments));
  if (filter.search) {
    const like = `%${filter.search.toLowerCase()}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['h.name']), 'like', like),
        eb(eb.fn('lower', ['h.site_url']), 'like', like),
      ]),
    );
  }
  return q;
}

export function createHelpdeskRepo(db: Kysely<DB>) {
  async function complete(rows: HelpdeskRow[]): Promise<HelpdeskRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [departments, pending] = await Promise.all([
      db
        .selectFrom('helpdesk_departments as hd')
        .innerJoin('departments as d', 'd.id', 'hd.department_id')
        .select(['hd.helpdesk_id', 'd.id', 'd.name'])
        .where('hd.helpdesk_id', 'in', ids)
        .orderBy('d.id')
        .execute(),
      db
        .selectFrom('helpdesk_outbox')
        .select((eb) => ['helpdesk_id', eb.fn.countAll<number | string>().as('n')])
        .where('helpdesk_id', 'in', ids)
        .where('state', '=', 'pending')
        .groupBy('helpdesk_id')
        .execute(),
    ]);
    return rows.map((row) => ({
      ...row,
      departments: departments
        .filter((d) => d.helpdesk_id === row.id)
        .map((d) => ({ id: d.id, name: d.name })),
      pendingDeliveries: Number(pending.find((p) => p.helpdesk_id === row.id)?.n ?? 0),
    }));
  }

  async function setDepartments(trx: Transaction<DB>, id: number, departments: readonly number[]) {
    await trx.deleteFrom('helpdesk_departments').where('helpdesk_id', '=', id).execute();
    await trx
      .insertInto('helpdesk_departments')
      .values(departments.map((department_id) => ({ helpdesk_id: id, department_id })))
      .execute();
  }

  return {
    async find(id: number): Promise<HelpdeskRecord | undefined> {
      const row = await db
        .selectFrom('helpdesks')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? (await complete([row]))[0] : undefined;
    },

    async list(filter: HelpdeskFilter, page: number, size: number) {
      const base = scoped(db.selectFrom('helpdesks as h'), filter);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll('h')
          .orderBy('h.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), items: await complete(rows) };
    },

    /**
     * Active helpdesks serving every one of the departments, oldest first: what a ticket of a
     * conversation that touched them may go to. None for no departments.
     */
    servingEvery: (departments: readonly number[]): Promise<HelpdeskRow[]> =>
      db
        .selectFrom('helpdesks as h')
        .selectAll('h')
        .where('h.status', '=', 1)
        .where(junctionCovers(DEPARTMENTS, departments))
        .orderBy('h.id')
        .execute(),

    /** Active helpdesks serving at least one department of the scope, oldest first. */
    servingSome: (scope: DepartmentScope): Promise<HelpdeskRow[]> =>
      db
        .selectFrom('helpdesks as h')
        .selectAll('h')
        .where('h.status', '=', 1)
        .where(junctionMeets(DEPARTMENTS, scope))
        .orderBy('h.id')
        .execute(),

    /** The departments' names, by id. */
    async departmentNames(ids: readonly number[]): Promise<{ id: number; name: string }[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('departments')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    async existingDepartments(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('departments').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    /** Inserts the helpdesk; `secretFor(id)` gives the sealed secret, which names the id. */
    async insert(
      values: Omit<Insertable<HelpdesksTable>, 'secret_sealed'>,
      departments: readonly number[],
      secretFor: (id: number) => string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('helpdesks')
          .values({ ...values, secret_sealed: 'pending' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('helpdesks')
          .set({ secret_sealed: secretFor(id) })
          .where('id', '=', id)
          .execute();
        await setDepartments(trx, id, departments);
        return id;
      });
    },

    async update(
      id: number,
      values: Updateable<HelpdesksTable>,
      departments: readonly number[] | undefined,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('helpdesks').set(values).where('id', '=', id).execute();
        if (departments) await setDepartments(trx, id, departments);
      });
    },
  };
}

export type HelpdeskRepo = ReturnType<typeof createHelpdeskRepo>;
