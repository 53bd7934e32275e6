/** SQL of the sentiment dashboard, the products list and the sentiment of stored turns. */
import { sql } from 'kysely';
import { type Sentiment, SENTIMENTS } from '../../../contract/reports';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import type { Judgement } from '../../services/sentiment';
import { contains, type ReportFilter, rollupCondition, turnCondition } from './filters';
import { createProductRollup } from './product-rollup';
import { backfillRollups, changingTurns } from './rollups';
import { writeTurnSentiment } from './turn-sentiment';

const isSentiment = (s: string): s is Sentiment => (SENTIMENTS as readonly string[]).includes(s);
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export interface DaySentiments {
  day: string;
  sentiment: Sentiment;
  turns: number;
}

const totalsOf = (row: Record<string, unknown> = {}) => ({
  conversations: num(row.conversations),
  turns: num(row.turns),
  positive: num(row.positive),
  negative: num(row.negative),
});

/** The product rollup's keys: lower-cased, once each, sorted. */
const keysOf = (names: readonly string[]) => [...new Set(names.map((n) => n.toLowerCase()))].sort();

export function createSentimentRepo(database: Database) {
  const { db, dialect } = database;
  const products = createProductRollup(database);
  async function conversationSentimentsFromLog(f: ReportFilter) {
    const { rows } = await sql<Record<string, unknown>>`
      select count(*) as conversations, sum(x.n) as turns,
        sum(case when x.p > x.u and x.p > x.g then 1 else 0 end) as positive,
        sum(case when x.g > x.u and x.g > x.p then 1 else 0 end) as negative
      from (
        select coalesce(t.conversation_id, cast(t.id as varchar(20))) as c, count(*) as n,
          sum(case when s.sentiment = 'positive' then 1 else 0 end) as p,
          sum(case when s.sentiment = 'neutral' then 1 else 0 end) as u,
          sum(case when s.sentiment = 'negative' then 1 else 0 end) as g
        from chat_turns t left join turn_sentiments s on s.turn_id = t.id
        where ${turnCondition(f, dialect)}
        group by coalesce(t.conversation_id, cast(t.id as varchar(20)))
      ) x`.execute(db);
    return totalsOf(rows[0]);
  }

  return {
    /** From the hourly rollup (rollups.ts); from the log when filtered by products. */
    async perDay(f: ReportFilter): Promise<DaySentiments[]> {
      if (f.products) {
        const { rows } = await sql<{ day: string; sentiment: Sentiment; n: unknown }>`
          select substr(t.asked_at, 1, 10) as day, s.sentiment as sentiment, count(*) as n
          from chat_turns t join turn_sentiments s on s.turn_id = t.id
          where ${turnCondition(f, dialect)}
          group by substr(t.asked_at, 1, 10), s.sentiment`.execute(db);
        return rows.map((r) => ({ day: r.day, sentiment: r.sentiment, turns: num(r.n) }));
      }
      const { rows } = await sql<{ day: string } & Record<Sentiment, unknown>>`
        select substr(r.hour, 1, 10) as day, sum(r.positive) as positive,
               sum(r.neutral) as neutral, sum(r.negative) as negative
        from report_hourly r
        where ${rollupCondition(f)}
        group by substr(r.hour, 1, 10)`.execute(db);
      return rows.flatMap((r) =>
        SENTIMENTS.filter((s) => !f.sentiment || s === f.sentiment)
          .map((sentiment) => ({ day: r.day, sentiment, turns: num(r[sentiment]) }))
          .filter((d) => d.turns > 0),
      );
    },

    /** Counts the product rollup on for `names` (product-rollup.ts). */
    async countProductMentions(names: readonly string[]) {
      if (names.length) await products.catchUp(keysOf(names));
    },

    /**
     * How many turns name each product in the question and in the answer: from the product
     * rollup (product-rollup.ts), by sentiment too; from the log when filtered by products.
     */
    async productMentions(f: ReportFilter, names: readonly string[]) {
      if (!names.length) return [];
      if (!f.products) {
        const keys = keysOf(names);
        const counts = new Map((await products.mentions(f, keys)).map((c) => [c.product, c]));
        return names.map((name) => ({
          name,
          asked: counts.get(name.toLowerCase())?.asked ?? 0,
          suggested: counts.get(name.toLowerCase())?.suggested ?? 0,
        }));
      }
      const column = (side: 'q' | 'a', i: number) => sql.raw(`${side}${i}`);
      const picks = names.flatMap((name, i) => {
        const needle = name.toLowerCase();
        return [
          sql`sum(case when ${contains(dialect, sql`lower(t.question)`, needle)} then 1 else 0 end) as ${column('q', i)}`,
          sql`sum(case when ${contains(dialect, sql`lower(t.answer)`, needle)} then 1 else 0 end) as ${column('a', i)}`,
        ];
      });
      const { rows } = await sql<Record<string, unknown>>`
        select ${sql.join(picks)}
        from chat_turns t left join turn_sentiments s on s.turn_id = t.id
        where ${turnCondition(f, dialect)}`.execute(db);
      const row = rows[0] ?? {};
      return names.map((name, i) => ({
        name,
        asked: num(row[`q${i}`]),
        suggested: num(row[`a${i}`]),
      }));
    },

    /**
     * From the rollups (rollups.ts): the single-row conversations' daily sums, plus the
     * conversations spanning rows, grouped; from the log when filtered by products.
     */
    async conversationSentiments(f: ReportFilter) {
      if (f.products) return conversationSentimentsFromLog(f);
      // With a sentiment chosen, only the turns of that sentiment count.
      const only = f.sentiment;
      const count = (s: Sentiment) => (only && only !== s ? sql`0` : sql`sum(r.${sql.raw(s)})`);
      const turns = only ? sql`sum(r.${sql.raw(only)})` : sql`sum(r.turns)`;
      const single = (s: 'positive' | 'negative') =>
        only
          ? only === s
            ? sql`sum(r.has_${sql.raw(s)})`
            : sql`0`
          : sql`sum(r.prevail_${sql.raw(s)})`;
      const { rows } = await sql<Record<string, unknown>>`
        select sum(x.conversations) as conversations, sum(x.turns) as turns,
          sum(x.positive) as positive, sum(x.negative) as negative
        from (
          select ${only ? sql`sum(r.has_${sql.raw(only)})` : sql`sum(r.conversations)`} as conversations,
            ${turns} as turns, ${single('positive')} as positive, ${single('negative')} as negative
          from report_conversation_days r
          where ${rollupCondition(f, 'day')}
          union all
          select count(*), sum(m.n),
            sum(case when m.p > m.u and m.p > m.g then 1 else 0 end),
            sum(case when m.g > m.u and m.g > m.p then 1 else 0 end)
          from (
            select ${turns} as n, ${count('positive')} as p, ${count('neutral')} as u,
              ${count('negative')} as g
            from report_conversations r
            where ${rollupCondition(f, 'day')} and r.turns > 0
              and r.conversation in (select conversation from report_multi_conversations)
            group by r.conversation
            having ${turns} > 0
          ) m
        ) x`.execute(db);
      return totalsOf(rows[0]);
    },

    /**
     * The turns of the filter, newest first, with their sentiment; how many there are from the
     * hourly rollup (its questions, or its count of the sentiment), from the log when filtered
     * by products.
     */
    async turns(f: ReportFilter, page: number, size: number) {
      const where = turnCondition(f, dialect);
      const counted = f.products
        ? sql<{ n: unknown }>`
          select count(*) as n from chat_turns t left join turn_sentiments s on s.turn_id = t.id
          where ${where}`
        : sql<{ n: unknown }>`
          select sum(r.${sql.raw(f.sentiment && isSentiment(f.sentiment) ? f.sentiment : 'questions')}) as n
          from report_hourly r where ${rollupCondition(f)}`;
      const [{ rows: total }, { rows }] = await Promise.all([
        counted.execute(db),
        sql<{
          id: number;
          conversation_id: string | null;
          channel: 'console' | 'widget';
          asked_at: string;
          question: string;
          answer: string;
          sentiment: Sentiment | null;
        }>`
          select t.id as id, t.conversation_id as conversation_id, t.channel as channel,
                 t.asked_at as asked_at, t.question as question,
                 substr(t.answer, 1, 300) as answer, s.sentiment as sentiment
          from chat_turns t left join turn_sentiments s on s.turn_id = t.id
          where ${where}
          order by t.asked_at desc, t.id desc
          limit ${size} offset ${(page - 1) * size}`.execute(db),
      ]);
      return { total: num(total[0]?.n), items: rows.map((r) => ({ ...r, id: Number(r.id) })) };
    },

    listProducts() {
      return db.selectFrom('report_products').select(['id', 'name']).orderBy('name').execute();
    },

    /** Replaces the list in one transaction. */
    async replaceProducts(names: readonly string[]) {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('report_products').execute();
        if (names.length)
          await trx
            .insertInto('report_products')
            .values(names.map((name) => ({ name, created_at: now })))
            .execute();
      });
    },

    async saveSentiment(turnId: number, j: Judgement) {
      await db.transaction().execute((trx) =>
        changingTurns(trx, [turnId], async () => {
          await products.rejudge(trx, [turnId], -1);
          await writeTurnSentiment(trx, turnId, j);
          await products.rejudge(trx, [turnId], 1);
        }),
      );
    },

    async saveSentiments(rows: readonly (Judgement & { turnId: number })[]) {
      const now = nowIso();
      await db.transaction().execute((trx) =>
        changingTurns(
          trx,
          rows.map((r) => r.turnId),
          async () => {
            const ids = rows.map((r) => r.turnId);
            // The product rollup's split of turns it already counted follows (product-rollup.ts).
            await products.rejudge(trx, ids, -1);
            await trx
              .insertInto('turn_sentiments')
              .values(
                rows.map((r) => ({
                  turn_id: r.turnId,
                  sentiment: r.sentiment,
                  score: r.score,
                  source: r.source,
                  created_at: now,
                })),
              )
              .onConflict((oc) => oc.column('turn_id').doNothing())
              .execute();
            await products.rejudge(trx, ids, 1);
          },
        ),
      );
    },

    /** Rolls up the turns stored before the hourly rollup existed (rollups.ts). */
    backfillRollups: (batch?: number) => backfillRollups(db, batch),

    /** Turns stored before sentiments were kept (or while their judging failed), oldest first. */
    unjudgedTurns(limit: number) {
      return db
        .selectFrom('chat_turns as t')
        .leftJoin('turn_sentiments as s', 's.turn_id', 't.id')
        .select(['t.id', 't.question'])
        .where('s.turn_id', 'is', null)
        .orderBy('t.id')
        .limit(limit)
        .execute();
    },
  };
}

export type SentimentRepo = ReturnType<typeof createSentimentRepo>;
