/** SQL of chat widgets: the widgets, their target areas and today's question count. */
import type { DepartmentScope } from '../../../contract/access';
import { type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB, ServiceAgentRow, ServiceAgentsTable } from '../../db/schema';
import { junctionWithin } from '../../db/scope';
import type { Insertable, Updateable } from 'kysely';

type Executor = Kysely<DB> | Transaction<DB>;

/** Which widgets a reader may see: by department, and for Trial users by creator. */
export interface WidgetScope {
  /** Departments where the right is held; a widget is in scope when all its areas are. */
  departments: DepartmentScope;
  /** Set for Trial users: only the widgets they created. */
  ownerId: number | null;
}

interface WidgetFilter extends WidgetScope {
  search?: string;
}

/** A widget with its areas (department ids and names, by id). */
export interface WidgetRecord extends ServiceAgentRow {
  areas: { id: number; name: string }[];
  messagesToday: number;
}

type WidgetQuery = SelectQueryBuilder<DB & { w: DB['service_agents'] }, 'w', object>;

/** Today's UTC date, the key of the daily quota. */
export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** A widget's areas: the departments whose knowledge it answers from. */
const AREAS = { table: 'service_agent_areas', owner: 'service_agent_id', ownerRef: 'w.id' };

function scoped(query: WidgetQuery, filter: WidgetFilter): WidgetQuery {
  // At least one area, and none outside the reader's departments.
  let q = query.where(junctionWithin(AREAS, filter.departments));
  if (filter.ownerId !== null) q = q.where('w.created_by', '=', filter.ownerId);
  if (filter.search) {
    const like = `%${filter.search.toLowerCase()}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['w.client_name']), 'like', like),
        eb('w.client_id', '=', filter.search ?? ''),
      ]),
    );
  }
  return q;
}

export function createWidgetRepo(db: Kysely<DB>) {
  /** Areas and today's counts of some widgets, in two grouped queries. */
  async function complete(ex: Executor, rows: ServiceAgentRow[]): Promise<WidgetRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [areas, usage] = await Promise.all([
      ex
        .selectFrom('service_agent_areas as a')
        .innerJoin('departments as d', 'd.id', 'a.department_id')
        .select(['a.service_agent_id', 'd.id', 'd.name'])
        .where('a.service_agent_id', 'in', ids)
        .orderBy('d.id')
        .execute(),
      ex
        .selectFrom('service_agent_usage')
        .select(['service_agent_id', 'messages'])
        .where('service_agent_id', 'in', ids)
        .where('day', '=', utcDay())
        .execute(),
    ]);
    return rows.map((row) => ({
      ...row,
      areas: areas
        .filter((a) => a.service_agent_id === row.id)
        .map((a) => ({ id: a.id, name: a.name })),
      messagesToday: Number(usage.find((u) => u.service_agent_id === row.id)?.messages ?? 0),
    }));
  }

  async function setAreas(trx: Transaction<DB>, widgetId: number, areas: readonly number[]) {
    await trx.deleteFrom('service_agent_areas').where('service_agent_id', '=', widgetId).execute();
    if (areas.length > 0)
      await trx
        .insertInto('service_agent_areas')
        .values(areas.map((department_id) => ({ service_agent_id: widgetId, department_id })))
        .execute();
  }

  return {
    /** By numeric id or by client_id. */
    async find(ref: { id: number } | { clientId: string }): Promise<WidgetRecord | undefined> {
      let query = db.selectFrom('service_agents').selectAll();
      query =
        'id' in ref ? query.where('id', '=', ref.id) : query.where('client_id', '=', ref.clientId);
      const row = await query.executeTakeFirst();
      return row ? (await complete(db, [row]))[0] : undefined;
    },

    async list(filter: WidgetFilter, page: number, size: number) {
      const base = scoped(db.selectFrom('service_agents as w'), filter);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll('w')
          .orderBy('w.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), items: await complete(db, rows) };
    },

    /** The ids among `ids` that name a department. */
    async existingDepartments(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('departments').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    async insert(values: Insertable<ServiceAgentsTable>, areas: readonly number[]) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('service_agents')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        await setAreas(trx, id, areas);
        return id;
      });
    },

    async update(
      id: number,
      values: Updateable<ServiceAgentsTable>,
      areas: readonly number[] | undefined,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('service_agents').set(values).where('id', '=', id).execute();
        if (areas) await setAreas(trx, id, areas);
      });
    },

    /**
     * Ends the open visitor sessions of a widget whose page host `stillAllowed` refuses (its
     * allowed hosts changed; none when it is switched off or on): their visitors are cut off
     * at once, not when the token expires.
     */
    async revokeSessions(widgetId: number, stillAllowed: (host: string) => boolean) {
      const now = new Date().toISOString();
      const open = await db
        .selectFrom('service_agent_sessions')
        .select(['id', 'host'])
        .where('service_agent_id', '=', widgetId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
      const ended = open.filter((s) => !stillAllowed(s.host)).map((s) => s.id);
      if (ended.length > 0)
        await db
          .updateTable('service_agent_sessions')
          .set({ revoked_at: now })
          .where('id', 'in', ended)
          .execute();
    },

    async remove(id: number) {
      await db.deleteFrom('service_agents').where('id', '=', id).execute();
    },

    clientIdTaken: async (clientId: string) =>
      Boolean(
        await db
          .selectFrom('service_agents')
          .select('id')
          .where('client_id', '=', clientId)
          .executeTakeFirst(),
      ),
  };
}

export type WidgetRepo = ReturnType<typeof createWidgetRepo>;
