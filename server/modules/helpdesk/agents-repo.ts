/**
 * SQL of helpdesk agents and administrators. Giving or taking the Helpdesk role writes the
 * user's history row in the same transaction (DESIGN: role and user changes write history).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { HELPDESK_ROLE_ID, type DepartmentScope } from '../../../contract/access';
import type { DB } from '../../db/schema';
import { inScope } from '../../db/scope';
import {
  type Actor,
  assignmentsQuery,
  heldAssignments,
  historyValues,
  snapshotOf,
  targetOf,
  type TargetUser,
} from '../identity/public';

type Trx = Transaction<DB>;

interface AgentFilter {
  departments: DepartmentScope;
  search?: string;
  includeRemoved: boolean;
}

const agentColumns = [
  'a.id',
  'a.user_id',
  'a.department_id',
  'a.status',
  'a.capacity',
  'a.created_at',
  'a.updated_at',
  'u.first_name',
  'u.last_name',
  'u.username',
  'u.email',
  'd.name as department_name',
] as const;

export function createAgentsRepo(db: Kysely<DB>) {
  const base = () =>
    db
      .selectFrom('helpdesk_agents as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('departments as d', 'd.id', 'a.department_id');

  async function snapshot(trx: Trx, userId: number) {
    const row = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const held = await assignmentsQuery(trx).where('ur.user_id', '=', userId).execute();
    return snapshotOf(row, heldAssignments(held));
  }

  /** Gives or takes the Helpdesk role in a department; history when something changed. */
  async function setRole(
    trx: Trx,
    actor: Actor,
    userId: number,
    departmentId: number,
    on: boolean,
  ) {
    const before = await snapshot(trx, userId);
    const match = trx
      .selectFrom('user_roles')
      .select('id')
      .where('user_id', '=', userId)
      .where('department_id', '=', departmentId)
      .where('role_id', '=', HELPDESK_ROLE_ID);
    const held = await match.executeTakeFirst();
    if (on === Boolean(held)) return;
    if (on)
      await trx
        .insertInto('user_roles')
        .values({ user_id: userId, department_id: departmentId, role_id: HELPDESK_ROLE_ID })
        .execute();
    else
      await trx
        .deleteFrom('user_roles')
        .where('id', '=', held?.id ?? -1)
        .execute();
    await trx
      .insertInto('user_history')
      .values({
        user_id: userId,
        ...historyValues(actor, 'update', before, await snapshot(trx, userId)),
      })
      .execute();
  }

  return {
    async list(filter: AgentFilter, page: number, size: number) {
      let q = base().where(inScope('a.department_id', filter.departments));
      if (!filter.includeRemoved) q = q.where('a.status', '!=', 'removed');
      if (filter.search) {
        const like = `%${filter.search.toLowerCase()}%`;
        q = q.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['u.email']), 'like', like),
            eb(eb.fn('lower', ['u.first_name']), 'like', like),
            eb(eb.fn('lower', ['u.last_name']), 'like', like),
            eb(eb.fn('lower', ['u.username']), 'like', like),
          ]),
        );
      }
      const [{ n }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        q
          .select(agentColumns)
          .orderBy('a.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), items: rows };
    },

    find: (id: number) => base().select(agentColumns).where('a.id', '=', id).executeTakeFirst(),

    findByUser: (userId: number, departmentId: number) =>
      db
        .selectFrom('helpdesk_agents')
        .selectAll()
        .where('user_id', '=', userId)
        .where('department_id', '=', departmentId)
        .executeTakeFirst(),

    /** The user as the users module's rules read them (users/rules.ts); undefined: no such user. */
    async target(userId: number): Promise<TargetUser | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const held = await assignmentsQuery(db).where('ur.user_id', '=', userId).execute();
      return targetOf(row, heldAssignments(held));
    },

    userIdByEmail: async (email: string) =>
      (
        await db
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(email)`, '=', email.toLowerCase())
          .executeTakeFirst()
      )?.id,

    departmentName: async (id: number) =>
      (await db.selectFrom('departments').select('name').where('id', '=', id).executeTakeFirst())
        ?.name,

    helpdeskRole: async () =>
      (await db
        .selectFrom('roles')
        .select(['name', 'permission_set'])
        .where('id', '=', HELPDESK_ROLE_ID)
        .executeTakeFirst()) ?? { name: 'Helpdesk', permission_set: '[]' },

    /** A new agent, or a removed one back: the row and the role, in one transaction. */
    async add(
      actor: Actor,
      values: {
        user_id: number;
        department_id: number;
        status: 'available' | 'away';
        capacity: number;
      },
      now: string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('helpdesk_agents')
          .select('id')
          .where('user_id', '=', values.user_id)
          .where('department_id', '=', values.department_id)
          .executeTakeFirst();
        let id: number;
        if (existing) {
          await trx
            .updateTable('helpdesk_agents')
            .set({ status: values.status, capacity: values.capacity, updated_at: now })
            .where('id', '=', existing.id)
            .execute();
          id = existing.id;
        } else
          id = (
            await trx
              .insertInto('helpdesk_agents')
              .values({ ...values, created_at: now, updated_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        await setRole(trx, actor, values.user_id, values.department_id, true);
        return id;
      });
    },

    async change(
      actor: Actor,
      agent: { id: number; user_id: number; department_id: number },
      values: { status?: 'available' | 'away' | 'removed'; capacity?: number },
      now: string,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('helpdesk_agents')
          .set({ ...values, updated_at: now })
          .where('id', '=', agent.id)
          .execute();
        if (values.status)
          await setRole(
            trx,
            actor,
            agent.user_id,
            agent.department_id,
            values.status !== 'removed',
          );
      });
    },

    isAdmin: async (userId: number) =>
      Boolean(
        await db
          .selectFrom('helpdesk_admins')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      ),

    addAdmin: (userId: number, createdBy: number, now: string) =>
      db
        .insertInto('helpdesk_admins')
        .values({ user_id: userId, created_by: createdBy, created_at: now })
        .execute(),

    userCard: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'username', 'email'])
        .where('id', '=', userId)
        .executeTakeFirst(),
  };
}

export type AgentsRepo = ReturnType<typeof createAgentsRepo>;
