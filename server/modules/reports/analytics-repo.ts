/**
 * SQL of conversation analytics: every figure is aggregated by the database in one pass, from the
 * rollups (rollups.ts) but the intents' questions, which come from the log.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { type ReportFilter, rollupCondition, turnCondition } from './filters';
import { num } from './report-sql';

/** Seconds from the first question to the last answer of the conversation's rows. */
const spanSeconds = sql`(max(r.last_ms) - min(r.first_ms)) / 1000.0`;

interface ConversationTotals {
  conversations: number;
  turns: number;
  latencySum: number;
  spanSum: number;
}

export interface HourBucket {
  /** `YYYY-MM-DDTHH` (UTC). */
  hour: string;
  turns: number;
  latencySum: number;
}

export function createAnalyticsRepo({ db, dialect }: Database) {
  return {
    /**
     * From the rollups (rollups.ts): the single-row conversations' daily sums, plus the rows of
     * the conversations spanning rows, summed per conversation over the range.
     */
    async conversationTotals(f: ReportFilter): Promise<ConversationTotals> {
      const { rows } = await sql<Record<string, unknown>>`
        select sum(x.conversations) as conversations, sum(x.turns) as turns,
               sum(x.latency) as latency, sum(x.span) as span
        from (
          select sum(r.conversations) as conversations, sum(r.turns) as turns,
                 sum(r.latency_sum) as latency, sum(r.span_ms) / 1000.0 as span
          from report_conversation_days r
          where ${rollupCondition(f, dialect, 'day')}
          union all
          select count(*), sum(m.n), sum(m.latency), sum(m.span)
          from (
            select sum(r.turns) as n, sum(r.latency_sum) as latency, ${spanSeconds} as span
            from report_conversations r
            where ${rollupCondition(f, dialect, 'day')} and r.turns > 0
              and r.conversation in (select conversation from report_multi_conversations)
            group by r.conversation
          ) m
        ) x`.execute(db);
      const row = rows[0] ?? {};
      return {
        conversations: num(row.conversations),
        turns: num(row.turns),
        latencySum: num(row.latency),
        spanSum: num(row.span),
      };
    },

    /** From the hourly rollup (rollups.ts). */
    async hourBuckets(f: ReportFilter): Promise<HourBucket[]> {
      const { rows } = await sql<{ hour: string; n: unknown; latency: unknown }>`
        select r.hour as hour, sum(r.questions) as n, sum(r.latency_sum) as latency
        from report_hourly r
        where ${rollupCondition(f, dialect)}
        group by r.hour
        having sum(r.questions) > 0`.execute(db);
      return rows.map((r) => ({ hour: r.hour, turns: num(r.n), latencySum: num(r.latency) }));
    },

    /** From the hourly rollup (rollups.ts). */
    async ratings(f: ReportFilter): Promise<{ positive: number; negative: number }> {
      const { rows } = await sql<{ up: unknown; down: unknown }>`
        select sum(r.rated_up) as up, sum(r.rated_down) as down
        from report_hourly r
        where ${rollupCondition(f, dialect)}`.execute(db);
      return { positive: num(rows[0]?.up), negative: num(rows[0]?.down) };
    },

    /** The names an export's filter line shows for the chosen department and widget. */
    async placeNames(f: ReportFilter): Promise<{ department?: string; widget?: string }> {
      const [department, widget] = await Promise.all([
        f.departmentId
          ? db
              .selectFrom('departments')
              .select('name')
              .where('id', '=', f.departmentId)
              .executeTakeFirst()
          : undefined,
        f.widgetId
          ? db
              .selectFrom('service_agents')
              .select('client_name')
              .where('id', '=', f.widgetId)
              .executeTakeFirst()
          : undefined,
      ]);
      return { department: department?.name, widget: widget?.client_name };
    },

    /**
     * The latest questions of the range, for the intents (their examples are questions' words:
     * of conversations held whole by the reader's departments, filters.ts).
     */
    async recentQuestions(f: ReportFilter, limit: number): Promise<string[]> {
      const { rows } = await sql<{ question: string }>`
        select t.question as question from chat_turns t
        where ${turnCondition({ ...f, wholeConversations: true }, dialect)}
        order by t.asked_at desc, t.id desc
        limit ${limit}`.execute(db);
      return rows.map((r) => r.question);
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
