/** SQL of e-mail accounts: the accounts, their knowledge departments and their history. */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import { nowIso } from '../../db/database';
import type { DB, EmailAgentsTable } from '../../db/schema';
import { inScope } from '../../db/scope';
import { anyTrialUser } from '../identity/public';

type AccountRow = Selectable<EmailAgentsTable>;
export interface AccountRecord extends AccountRow {
  knowledge: number[];
  department_name: string | null;
}

export interface HistoryInput {
  action: string;
  actorId: number | null;
  actorName: string | null;
  changes: Record<string, [unknown, unknown]>;
  draftId?: number | null;
}

export function createAccountRepo(db: Kysely<DB>) {
  async function complete(rows: AccountRow[]): Promise<AccountRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const departmentIds = rows.flatMap((r) => (r.department_id ? [r.department_id] : []));
    const [knowledge, departments] = await Promise.all([
      db
        .selectFrom('email_agent_knowledge')
        .select(['email_agent_id', 'department_id'])
        .where('email_agent_id', 'in', ids)
        .orderBy('department_id')
        .execute(),
      departmentIds.length
        ? db
            .selectFrom('departments')
            .select(['id', 'name'])
            .where('id', 'in', departmentIds)
            .execute()
        : Promise.resolve([]),
    ]);
    return rows.map((row) => ({
      ...row,
      knowledge: knowledge.filter((k) => k.email_agent_id === row.id).map((k) => k.department_id),
      department_name: departments.find((d) => d.id === row.department_id)?.name ?? null,
    }));
  }

  return {
    /** By numeric id or by address. */
    async find(ref: { id: number } | { email: string }): Promise<AccountRecord | undefined> {
      let query = db.selectFrom('email_agents').selectAll();
      query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('email', '=', ref.email);
      const row = await query.executeTakeFirst();
      return row ? (await complete([row]))[0] : undefined;
    },

    async list(scope: DepartmentScope, search: string | undefined, page: number, size: number) {
      let base = db.selectFrom('email_agents').where(inScope('department_id', scope));
      if (search) {
        // % and _ in a search act as wildcards; harmless for a read-only filter.
        const like = `%${search.toLowerCase()}%`;
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), 'like', like),
            eb(eb.fn('lower', ['title']), 'like', like),
          ]),
        );
      }
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), items: await complete(rows) };
    },

    async existingDepartments(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('departments').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('email_agents').select('id').where('email', '=', email);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return Boolean(await q.executeTakeFirst());
    },

    async insert(
      values: Insertable<EmailAgentsTable>,
      knowledge: readonly number[],
      history: HistoryInput,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('email_agents')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        if (knowledge.length)
          await trx
            .insertInto('email_agent_knowledge')
            .values(knowledge.map((department_id) => ({ email_agent_id: id, department_id })))
            .execute();
        await trx.insertInto('email_agent_history').values(historyRow(id, history)).execute();
        return id;
      });
    },

    async update(
      id: number,
      values: Updateable<EmailAgentsTable>,
      knowledge: readonly number[] | undefined,
      history: HistoryInput,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('email_agents').set(values).where('id', '=', id).execute();
        if (knowledge) {
          await trx.deleteFrom('email_agent_knowledge').where('email_agent_id', '=', id).execute();
          if (knowledge.length)
            await trx
              .insertInto('email_agent_knowledge')
              .values(knowledge.map((department_id) => ({ email_agent_id: id, department_id })))
              .execute();
        }
        await trx.insertInto('email_agent_history').values(historyRow(id, history)).execute();
      });
    },

    /** Deletes the account (its messages and drafts go with it) and records who did. */
    async remove(id: number, history: HistoryInput): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('email_agent_history').values(historyRow(id, history)).execute();
        await trx.deleteFrom('email_agents').where('id', '=', id).execute();
      });
    },

    /**
     * The history of a deleted account, by its former id or address (entries of accounts that
     * still exist are not among them), newest first, with the department it was in last.
     */
    async deletedHistory(ref: { id: number } | { email: string }, page: number, size: number) {
      let base = db
        .selectFrom('email_agent_history')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('email_agents')
                .select('email_agents.id')
                .whereRef('email_agents.id', '=', 'email_agent_history.email_agent_id'),
            ),
          ),
        );
      base =
        'id' in ref
          ? base.where('email_agent_id', '=', ref.id)
          : base.where('email_address', '=', ref.email);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      const last = await base
        .select('department_id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { total: Number(n), rows, departmentId: last?.department_id ?? null };
    },

    async record(id: number, history: HistoryInput): Promise<void> {
      await db.insertInto('email_agent_history').values(historyRow(id, history)).execute();
    },

    async history(id: number, page: number, size: number) {
      const base = db.selectFrom('email_agent_history').where('email_agent_id', '=', id);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    /** Whether any of these people is a Trial user (identity/trial-people.ts). */
    anyTrial: (userIds: readonly (number | null)[]) => anyTrialUser(db, userIds),

    /** Active accounts whose sync lease is free, for the sync job. */
    async activeIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('email_agents')
        .select('id')
        .where('status', '=', 1)
        .where('imap_host', '!=', '')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

/**
 * One history entry. It records the account's address and department as they are when it is
 * written (read in the same statement), so the trail still says whose it was, and who may read
 * it, after the account is deleted (0023: no cascade).
 */
export function historyRow(id: number, h: HistoryInput) {
  return {
    email_agent_id: id,
    email_address: sql<string | null>`(select a.email from email_agents a where a.id = ${id})`,
    department_id: sql<
      number | null
    >`(select a.department_id from email_agents a where a.id = ${id})`,
    action: h.action,
    actor_id: h.actorId,
    actor_name: h.actorName,
    changes: JSON.stringify(h.changes),
    draft_id: h.draftId ?? null,
    created_at: nowIso(),
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
