/**
 * The sentiment reports read from the turn log (`chat_turns as t`): for a filter by products
 * never counted, and for the turns past the products' marks (product-filtered.ts).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Sentiment } from '../../../contract/reports';
import type { Database } from '../../db/database';
import { contains, sqliteIndexHint } from '../../db/dialect';
import { type ReportFilter, turnCondition } from './filters';
import { num } from './report-sql';

interface ConversationCounts {
  conversations: number;
  turns: number;
  positive: number;
  negative: number;
}

export function createSentimentLog({ db, dialect }: Database) {
  // After the products' mark, SQLite reads the turns by id: its planner would take the asked_at
  // index and read the range's every turn.
  const turns = (f: ReportFilter) =>
    f.afterTurn !== undefined
      ? sql`chat_turns t ${sqliteIndexHint(dialect, null)}`
      : sql`chat_turns t`;
  const joinedOf = (f: ReportFilter) =>
    sql`${turns(f)} left join turn_sentiments s on s.turn_id = t.id`;
  return {
    async perDay(f: ReportFilter) {
      const { rows } = await sql<{ day: string; sentiment: Sentiment; n: unknown }>`
        select substr(t.asked_at, 1, 10) as day, s.sentiment as sentiment, count(*) as n
        from ${turns(f)} join turn_sentiments s on s.turn_id = t.id
        where ${turnCondition(f, dialect)}
        group by substr(t.asked_at, 1, 10), s.sentiment`.execute(db);
      return rows.map((r) => ({ day: r.day, sentiment: r.sentiment, turns: num(r.n) }));
    },

    /** How many of the filter's turns name each of `names` in the question and the answer. */
    async mentions(f: ReportFilter, names: readonly string[]) {
      if (!names.length) return [];
      const column = (side: 'q' | 'a', i: number) => sql.raw(`${side}${i}`);
      const picks = names.flatMap((name, i) => {
        const needle = name.toLowerCase();
        return [
          sql`sum(case when ${contains(dialect, sql`lower(t.question)`, needle)} then 1 else 0 end) as ${column('q', i)}`,
          sql`sum(case when ${contains(dialect, sql`lower(t.answer)`, needle)} then 1 else 0 end) as ${column('a', i)}`,
        ];
      });
      const { rows } = await sql<Record<string, unknown>>`
        select ${sql.join(picks)} from ${joinedOf(f)}
        where ${turnCondition(f, dialect)}`.execute(db);
      const row = rows[0] ?? {};
      return names.map((name, i) => ({
        name,
        asked: num(row[`q${i}`]),
        suggested: num(row[`a${i}`]),
      }));
    },

    /**
     * The filter's turns grouped by conversation, with `more` turns as `(c, sentiment)` rows
     * (the products' rows): a conversation prevails positive or negative by its turns' count.
     */
    async conversations(f: ReportFilter, more?: RawBuilder<unknown>): Promise<ConversationCounts> {
      const { rows } = await sql<Record<string, unknown>>`
        select count(*) as conversations, sum(x.n) as turns,
          sum(case when x.p > x.u and x.p > x.g then 1 else 0 end) as positive,
          sum(case when x.g > x.u and x.g > x.p then 1 else 0 end) as negative
        from (
          select y.c, count(*) as n,
            sum(case when y.sentiment = 'positive' then 1 else 0 end) as p,
            sum(case when y.sentiment = 'neutral' then 1 else 0 end) as u,
            sum(case when y.sentiment = 'negative' then 1 else 0 end) as g
          from (
            select coalesce(t.conversation_id, cast(t.id as varchar(20))) as c,
              s.sentiment as sentiment
            from ${joinedOf(f)} where ${turnCondition(f, dialect)}
            ${more ? sql`union all ${more}` : sql``}
          ) y
          group by y.c
        ) x`.execute(db);
      const row = rows[0] ?? {};
      return {
        conversations: num(row.conversations),
        turns: num(row.turns),
        positive: num(row.positive),
        negative: num(row.negative),
      };
    },

    async count(f: ReportFilter): Promise<number> {
      const { rows } = await sql<{ n: unknown }>`
        select count(*) as n from ${joinedOf(f)} where ${turnCondition(f, dialect)}`.execute(db);
      return num(rows[0]?.n);
    },

    /** The newest `limit` turns of the filter as `(id, asked_at)`, for a union. */
    newest(f: ReportFilter, limit: number) {
      return sql`
        select * from (
          select t.id as id, t.asked_at as asked_at from ${joinedOf(f)}
          where ${turnCondition(f, dialect)}
          order by t.asked_at desc, t.id desc limit ${limit}
        ) l`;
    },
  };
}
