/** SQL of the sentiment dashboard, the products list and the sentiment of stored turns. */
import { sql, type SqlBool } from 'kysely';
import { type Sentiment, SENTIMENTS } from '../../../contract/reports';
import type { Database } from '../../db/database';
import { conversationWithin } from '../../db/scope';
import { nowIso } from '../../db/database';
import type { Judgement } from '../../services/sentiment';
import { type ReportFilter, rollupCondition, turnCondition } from './filters';
import { createProductFiltered } from './product-filtered';
import { createProductRollup } from './product-rollup';
import { createSentimentLog } from './sentiment-log';
import { backfillRollups } from './rollups';
import type { TurnLog } from './turn-log';
import { writeTurnSentiment } from './turn-sentiment';
import { num } from './report-sql';

const isSentiment = (s: string): s is Sentiment => (SENTIMENTS as readonly string[]).includes(s);

interface DaySentiments {
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

/** One entry per day and sentiment (the rows' and the log's after the mark add up). */
function mergeDays(days: readonly DaySentiments[]): DaySentiments[] {
  const merged = new Map<string, DaySentiments>();
  for (const d of days) {
    const key = `${d.day} ${d.sentiment}`;
    const seen = merged.get(key);
    merged.set(key, { ...d, turns: (seen?.turns ?? 0) + d.turns });
  }
  return [...merged.values()];
}

/** The product rollup's keys: lower-cased, once each, sorted. */
const keysOf = (names: readonly string[]) => [...new Set(names.map((n) => n.toLowerCase()))].sort();

export function createSentimentRepo(database: Database, turnLog: TurnLog) {
  const { db, dialect } = database;
  const products = createProductRollup(database);
  const log = createSentimentLog(database);
  const filtered = createProductFiltered(database, products);

  /** From the hourly rollup (rollups.ts). */
  async function perDay(f: ReportFilter): Promise<DaySentiments[]> {
    const { rows } = await sql<{ day: string } & Record<Sentiment, unknown>>`
      select substr(r.hour, 1, 10) as day, sum(r.positive) as positive,
             sum(r.neutral) as neutral, sum(r.negative) as negative
      from report_hourly r
      where ${rollupCondition(f, dialect)}
      group by substr(r.hour, 1, 10)`.execute(db);
    return rows.flatMap((r) =>
      SENTIMENTS.filter((s) => !f.sentiment || s === f.sentiment)
        .map((sentiment) => ({ day: r.day, sentiment, turns: num(r[sentiment]) }))
        .filter((d) => d.turns > 0),
    );
  }

  /** From the product rollup (product-rollup.ts), by sentiment too. */
  async function productMentions(f: ReportFilter, names: readonly string[]) {
    const keys = keysOf(names);
    const counts = new Map((await products.mentions(f, keys)).map((c) => [c.product, c]));
    return names.map((name) => ({
      name,
      asked: counts.get(name.toLowerCase())?.asked ?? 0,
      suggested: counts.get(name.toLowerCase())?.suggested ?? 0,
    }));
  }

  return {
    /**
     * The sentiment dashboard's figures: per day and sentiment, the turns; per product of
     * `names`, the turns naming it in the question and in the answer. From the rollups; when
     * filtered by products, from the products' turns (product-filtered.ts) and the log after
     * their marks, or from the log when a product of the filter was never counted.
     */
    async dashboardFigures(f: ReportFilter, names: readonly string[]) {
      if (!f.products) {
        const [days, mentions] = await Promise.all([
          perDay(f),
          names.length ? productMentions(f, names) : [],
        ]);
        return { days, mentions };
      }
      const through = await filtered.through(f, names);
      if (through === undefined) {
        const [days, mentions] = await Promise.all([log.perDay(f), log.mentions(f, names)]);
        return { days, mentions };
      }
      const tail = { ...f, afterTurn: through };
      const [rows, days, mentions] = await Promise.all([
        filtered.dashboard(f, names),
        log.perDay(tail),
        log.mentions(tail, names),
      ]);
      return {
        days: mergeDays([...rows.days, ...days]),
        mentions: rows.mentions.map((m, i) => ({
          name: m.name,
          asked: m.asked + (mentions[i]?.asked ?? 0),
          suggested: m.suggested + (mentions[i]?.suggested ?? 0),
        })),
      };
    },

    /** Counts the product rollup on for `names` (product-rollup.ts). */
    async countProductMentions(names: readonly string[]) {
      if (names.length) await products.catchUp(keysOf(names));
    },

    /**
     * From the rollups (rollups.ts): the single-row conversations' daily sums, plus the
     * conversations spanning rows, grouped. Filtered by products, from the products' sums
     * (product-filtered.ts) and the log after their mark, or from the log when a product of
     * the filter was never counted.
     */
    async conversationSentiments(f: ReportFilter) {
      if (f.products) {
        const through = await filtered.through(f);
        if (through === undefined) return log.conversations(f);
        // The conversations from their sums, and those with turns after the mark from the
        // rows and the log.
        const [same, others] = await Promise.all([
          filtered.conversations(f, through),
          filtered
            .lateConversationTurns(f, through)
            .then((turns) => log.conversations({ ...f, afterTurn: through }, turns)),
        ]);
        return {
          conversations: same.conversations + others.conversations,
          turns: same.turns + others.turns,
          positive: same.positive + others.positive,
          negative: same.negative + others.negative,
        };
      }
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
          where ${rollupCondition(f, dialect, 'day')}
          union all
          select count(*), sum(m.n),
            sum(case when m.p > m.u and m.p > m.g then 1 else 0 end),
            sum(case when m.g > m.u and m.g > m.p then 1 else 0 end)
          from (
            select ${turns} as n, ${count('positive')} as p, ${count('neutral')} as u,
              ${count('negative')} as g
            from report_conversations r
            where ${rollupCondition(f, dialect, 'day')} and r.turns > 0
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
     * by products. Their words are listed, so a reader of some departments gets the turns of
     * conversations held whole by them (filters.ts), counted from the rollups less the
     * turns of conversations they do not hold whole.
     */
    async turns(filter: ReportFilter, page: number, size: number) {
      const f: ReportFilter = { ...filter, wholeConversations: true };
      const scoped = f.scope !== 'all';
      const offset = (page - 1) * size;
      const through = f.products ? await filtered.through(f) : undefined;
      let counted: Promise<number>;
      let where = turnCondition(f, dialect);
      let limit = sql`limit ${size} offset ${offset}`;
      if (through !== undefined) {
        // The products' rows and the log after their marks, newest first (product-filtered.ts).
        const tail = { ...f, afterTurn: through };
        counted = Promise.all([
          scoped ? filtered.countWhole(f, through) : filtered.count(f),
          log.count(tail),
        ]).then(([rows, more]) => rows + more);
        where = sql<SqlBool>`t.id in (select n.id from (
          ${filtered.newest(f, through, offset + size)} union all ${log.newest(tail, offset + size)}
        ) n order by n.asked_at desc, n.id desc limit ${size} offset ${offset})`;
        limit = sql``;
      } else if (f.products) counted = log.count(f);
      else if (scoped) {
        // The hourly rollup's turns in the reader's departments, but for those of
        // conversations with a row outside them: only conversations of several rows can be.
        const figure = f.sentiment && isSentiment(f.sentiment) ? f.sentiment : undefined;
        counted = sql<{ n: unknown; mixed: unknown }>`
          select (select sum(r.${sql.raw(figure ?? 'questions')}) from report_hourly r
              where ${rollupCondition(f, dialect)}) as n,
            (select sum(r.${sql.raw(figure ?? 'turns')})
              from report_multi_conversations m
              join report_conversations r on r.conversation = m.conversation
              where ${rollupCondition(f, dialect, 'day')} and r.turns > 0
                and not ${conversationWithin(dialect, 'r.conversation', f.scope, 'rollup')}) as mixed`
          .execute(db)
          .then(({ rows }) => num(rows[0]?.n) - num(rows[0]?.mixed));
      } else
        counted = sql<{ n: unknown }>`
          select sum(r.${sql.raw(f.sentiment && isSentiment(f.sentiment) ? f.sentiment : 'questions')}) as n
          from report_hourly r where ${rollupCondition(f, dialect)}`
          .execute(db)
          .then(({ rows }) => num(rows[0]?.n));
      const [total, { rows }] = await Promise.all([
        counted,
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
          order by t.asked_at desc, t.id desc ${limit}`.execute(db),
      ]);
      return { total, items: rows.map((r) => ({ ...r, id: Number(r.id) })) };
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
        turnLog.change(trx, [turnId], async () => {
          await products.rejudge(trx, [turnId], -1);
          await writeTurnSentiment(trx, turnId, j);
          await products.rejudge(trx, [turnId], 1);
        }),
      );
    },

    async saveSentiments(rows: readonly (Judgement & { turnId: number })[]) {
      const now = nowIso();
      await db.transaction().execute((trx) =>
        turnLog.change(
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
