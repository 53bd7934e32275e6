/**
 * SQL of the live dashboard: conversations per day (from the rollups), the p95 answer time (from
 * the log: the rollups keep sums, not a distribution), documents, visitors.
 */
import { sql } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import type { Database } from '../../db/database';
import { type ReportFilter, rollupCondition, turnCondition } from './filters';
import { inScope } from '../../db/scope';
import { num } from './report-sql';

export function createLiveRepo({ db, dialect }: Database) {
  return {
    /**
     * Conversations with a turn on each day, from the rollups (rollups.ts): the single-row
     * conversations' daily counts plus the others' distinct rows of each day.
     */
    async conversationsPerDay(f: ReportFilter): Promise<Map<string, number>> {
      const { rows } = await sql<{ day: string; n: unknown }>`
        select x.day as day, sum(x.n) as n from (
          select r.day as day, sum(r.conversations) as n
          from report_conversation_days r where ${rollupCondition(f, dialect, 'day')}
          group by r.day
          union all
          select m.day, count(*) from (
            select distinct r.day as day, r.conversation as conversation
            from report_conversations r
            where ${rollupCondition(f, dialect, 'day')} and r.turns > 0
              and r.conversation in (select conversation from report_multi_conversations)
          ) m group by m.day
        ) x group by x.day`.execute(db);
      return new Map(rows.map((r) => [r.day, num(r.n)]));
    },

    /** The nearest-rank 95th percentile of the answer times. */
    async latencyP95(f: ReportFilter): Promise<number> {
      const where = turnCondition(f, dialect);
      const { rows } = await sql<{ n: unknown }>`
        select count(*) as n from chat_turns t where ${where}`.execute(db);
      const n = num(rows[0]?.n);
      if (!n) return 0;
      // The rank counted from the slowest: the database keeps only the slowest twentieth in a
      // heap while it reads the turns (a week of them on a busy console) instead of sorting all.
      const { rows: at } = await sql<{ ms: unknown }>`
        select t.latency_ms as ms from chat_turns t where ${where}
        order by t.latency_ms desc limit 1 offset ${n - Math.ceil(0.95 * n)}`.execute(db);
      return num(at[0]?.ms);
    },

    async documentsByStatus(scope: DepartmentScope) {
      let q = db
        .selectFrom('documents')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('soft_delete', '=', 0)
        .groupBy('status');
      if (scope !== 'all') q = q.where(inScope('department_id', scope));
      const rows = await q.execute();
      const count = (...s: string[]) =>
        rows.filter((r) => s.includes(r.status)).reduce((a, r) => a + Number(r.n), 0);
      return {
        ready: count('ready'),
        processing: count('queued', 'processing'),
        failed: count('failed'),
      };
    },

    latestFailures(scope: DepartmentScope, limit: number) {
      let q = db
        .selectFrom('documents')
        .select(['id', 'name', 'error', 'updated_at'])
        .where('soft_delete', '=', 0)
        .where('status', '=', 'failed')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (scope !== 'all') q = q.where(inScope('department_id', scope));
      return q.execute();
    },

    /** Visitor sessions opened since `from`, per widget of `ids`. */
    async visitors(ids: readonly number[], from: string): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('service_agent_sessions')
        .select(['service_agent_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('service_agent_id', 'in', ids)
        .where('created_at', '>=', from)
        .groupBy('service_agent_id')
        .execute();
      return new Map(rows.map((r) => [r.service_agent_id, Number(r.n)]));
    },
  };
}

export type LiveRepo = ReturnType<typeof createLiveRepo>;
