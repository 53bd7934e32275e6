/**
 * The sentiment reports filtered by products, from the products' turns (0026, product-turns.ts)
 * when every product of the filter has been counted: their sums and rows up to the products'
 * mark (`through`, the same for all of them), plus the log after it (a short range of ids: the
 * turns not yet settled), which sentiment-repo.ts adds. A product never counted (not on the list,
 * nor an SOP product type) is read from the log by the caller.
 *
 * A turn is the filter's when its question names one of its products: the sums' rows whose
 * `asked_names` hold one; on the rows, a product's rows but for the turns naming a product before
 * it in the filter (productTurnCondition), so each turn counts once.
 */
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { Sentiment } from '../../../contract/reports';
import type { Database } from '../../db/database';
import { contains, sqliteIndexHint, withWorkMemory } from '../../db/dialect';
import { conversationWithin } from '../../db/scope';
import { productTurnCondition, type ReportFilter, rollupCondition } from './filters';
import type { ProductRollup } from './product-rollup';
import { namesOf, nameToken } from './product-names';
import { num } from './report-sql';

const SENTIMENTS: readonly string[] = ['positive', 'neutral', 'negative'];
/** Up to this many conversations with turns after the mark are named in the query. */
const MANY_CONVERSATIONS = 1000;

interface FilteredDay {
  day: string;
  sentiment: Sentiment;
  turns: number;
}

export function createProductFiltered(database: Database, rollup: ProductRollup) {
  const { db, dialect } = database;
  /** Per product of the filter, the rows of its turns (a turn once). */
  const eachProduct = (f: ReportFilter, through: number) =>
    (f.products ?? []).map((p) => productTurnCondition(f, dialect, p, through));
  /** The sets' rows (`r`) of the filter: its days, place, sentiment and products. */
  const sumsOf = (f: ReportFilter): RawBuilder<SqlBool> => {
    const named = sql.join(
      (f.products ?? []).map((p) => contains(dialect, sql`r.asked_names`, nameToken(p))),
      sql` or `,
    );
    const mood = f.sentiment ? sql` and r.sentiment = ${f.sentiment}` : sql``;
    return sql<SqlBool>`${rollupCondition(f, dialect, 'day')} and (${named})${mood}`;
  };
  /**
   * Runs `read` with room to group a year's conversations in memory: on PostgreSQL, 64 MB of
   * work memory for its transaction (the default 4 MB spills a hash of 50,000 conversations to
   * disk).
   */
  const withGroupingMemory = <T>(read: (q: typeof db) => Promise<T>): Promise<T> =>
    withWorkMemory(database, 64, read);
  /** How many turns the filter holds, from the sets' sums. */
  const count = async (f: ReportFilter): Promise<number> => {
    const { rows } = await sql<{ n: unknown }>`
      select sum(r.turns) as n from report_product_sets r where ${sumsOf(f)}`.execute(db);
    return num(rows[0]?.n);
  };
  /** The conversations of the turns after the mark: their sums are grouped with the log's. */
  const lateConversations = (through: number) =>
    sql`select coalesce(t.conversation_id, cast(t.id as varchar(20))) as c from chat_turns t
      where t.id > ${through}`;

  return {
    /**
     * The mark every product of the filter (and of `names`) has counted to, once counted on;
     * undefined when a product of the filter was never counted.
     */
    async through(f: ReportFilter, names: readonly string[] = []): Promise<number | undefined> {
      const products = f.products ?? [];
      if (!products.length) return undefined;
      const counted = await db
        .selectFrom('report_product_state')
        .select('product')
        .where('product', 'in', products)
        .execute();
      if (counted.length < new Set(products).size) return undefined;
      const keys = [...new Set([...products, ...names.map((n) => n.toLowerCase())])].sort();
      // One mark for all: a product another reader counted further brings the others along.
      let marks = [...(await rollup.catchUp(keys)).values()];
      for (let i = 0; i < 3 && Math.min(...marks) < Math.max(...marks); i += 1)
        marks = [...(await rollup.catchUp(keys, new Date(), Math.max(...marks))).values()];
      return Math.min(...marks);
    },

    /**
     * Per day and sentiment, the turns; per product of `names`, how many of them name it in the
     * question and in the answer. From the sets' sums.
     */
    async dashboard(f: ReportFilter, names: readonly string[]) {
      const { rows } = await sql<{
        day: string;
        sentiment: string;
        asked: string;
        suggested: string;
        n: unknown;
      }>`
        select r.day as day, r.sentiment as sentiment, r.asked_names as asked,
          r.suggested_names as suggested, sum(r.turns) as n
        from report_product_sets r where ${sumsOf(f)}
        group by r.day, r.sentiment, r.asked_names, r.suggested_names`.execute(db);
      const days = new Map<string, FilteredDay>();
      const keys = new Map(names.map((n) => [n.toLowerCase(), n]));
      const counts = new Map(names.map((n) => [n, { name: n, asked: 0, suggested: 0 }]));
      for (const r of rows) {
        const n = num(r.n);
        if (SENTIMENTS.includes(r.sentiment)) {
          const key = `${r.day} ${r.sentiment}`;
          const day = days.get(key) ?? {
            day: r.day,
            sentiment: r.sentiment as Sentiment,
            turns: 0,
          };
          day.turns += n;
          days.set(key, day);
        }
        for (const [side, value] of [
          ['asked', r.asked],
          ['suggested', r.suggested],
        ] as const)
          for (const key of namesOf(value)) {
            const name = keys.get(key);
            const count = name === undefined ? undefined : counts.get(name);
            if (count) count[side] += n;
          }
      }
      return { days: [...days.values()].filter((d) => d.turns), mentions: [...counts.values()] };
    },

    count,

    /**
     * How many turns of conversations held whole by the reader's departments the filter holds
     * up to the mark: the sums', less the rows of conversations with a rollup row outside
     * them (db/scope.ts), which only conversations of several rows can have.
     */
    async countWhole(f: ReportFilter, through: number): Promise<number> {
      const mixed = sql`x.conversation in (select m.conversation from report_multi_conversations m)
        and not ${conversationWithin(dialect, 'x.conversation', f.scope, 'rollup')}`;
      const [all, { rows }] = await Promise.all([
        count(f),
        sql<{ n: unknown }>`
          select count(*) as n from (${sql.join(
            eachProduct({ ...f, wholeConversations: false }, through).map(
              (where) =>
                sql`select x.turn_id from report_product_turns x where ${where} and ${mixed}`,
            ),
            sql` union all `,
          )}) c`.execute(db),
      ]);
      return all - num(rows[0]?.n);
    },

    /**
     * The filter's conversations from their sums, but those with turns after the mark: how
     * many, their turns, and how many lean positive or negative (with a sentiment chosen, only
     * the turns of it count). Those in one place from their row, or their choice's row when
     * they name several products (product-conversations.ts); the others summed from their
     * parts.
     */
    async conversations(f: ReportFilter, through: number) {
      const only = f.sentiment && SENTIMENTS.includes(f.sentiment) ? f.sentiment : undefined;
      const col = (s: string) => sql.raw(`r.${s}`);
      const late = lateConversations(through);
      const prevails = sql`
        sum(case when c.p > c.u and c.p > c.g then 1 else 0 end) as positive,
        sum(case when c.g > c.u and c.g > c.p then 1 else 0 end) as negative`;
      // A row's turns and sentiment counts (with a sentiment chosen, its turns only); `sum`
      // when a conversation's rows are grouped.
      const figures = (sum: boolean) => {
        const pick = (column: string) => (sum ? sql`sum(${col(column)})` : col(column));
        const mood = (s: string) => (only && only !== s ? sql`0` : pick(s));
        return sql`${pick(only ?? 'turns')} as n, ${mood('positive')} as p,
          ${mood('neutral')} as u, ${mood('negative')} as g`;
      };
      // The choice of a conversation naming several products: the filter's products it names.
      const named = (p: string) => contains(dialect, sql`r.names`, nameToken(p));
      const products = f.products ?? [];
      const choice = sql.join(
        [
          sql`r.size = ${sql.join(
            products.map((p) => sql`(case when ${named(p)} then 1 else 0 end)`),
            sql` + `,
          )}`,
          ...products.map(
            (p) => sql`not (${named(p)} and not ${contains(dialect, sql`r.chosen`, nameToken(p))})`,
          ),
        ],
        sql` and `,
      );
      const [alone, chosen, parts] = await Promise.all([
        sql<Record<string, unknown>>`
          select count(*) as conversations, sum(c.n) as turns, ${prevails}
          from (
            select ${figures(false)} from report_product_conversations r
            where r.product in (${sql.join(f.products ?? [])}) and ${rollupCondition(f, dialect, 'day')}
              and r.conversation not in (${late})
          ) c where c.n > 0`.execute(db),
        sql<Record<string, unknown>>`
          select count(*) as conversations, sum(c.n) as turns, ${prevails}
          from (
            select ${figures(false)} from report_product_conversation_choices r
            where ${rollupCondition(f, dialect, 'day')} and ${choice} and r.conversation not in (${late})
          ) c where c.n > 0`.execute(db),
        withGroupingMemory((q) =>
          sql<Record<string, unknown>>`
            select count(*) as conversations, sum(c.n) as turns, ${prevails}
            from (
              select ${figures(true)} from report_product_conversation_parts r
              where ${sumsOf({ ...f, sentiment: undefined })} and r.conversation not in (${late})
              group by r.conversation
            ) c where c.n > 0`.execute(q),
        ),
      ]);
      const total = (key: string) =>
        [alone, chosen, parts].reduce((sum, { rows }) => sum + num(rows[0]?.[key]), 0);
      return {
        conversations: total('conversations'),
        turns: total('turns'),
        positive: total('positive'),
        negative: total('negative'),
      };
    },

    /**
     * The rows' turns of the conversations with turns after the mark, as `(c: conversation,
     * sentiment)` rows for a union with the log's; undefined when there are none. Named in the
     * query when few (read by the conversation index).
     */
    async lateConversationTurns(f: ReportFilter, through: number) {
      const late = lateConversations(through);
      const { rows } = await sql<{ c: string }>`select distinct l.c from (${late}) l
        limit ${MANY_CONVERSATIONS + 1}`.execute(db);
      if (!rows.length) return undefined;
      const keys = rows.length > MANY_CONVERSATIONS ? late : sql.join(rows.map((r) => r.c));
      // By the conversations' index: SQLite's planner, without statistics, takes the product's.
      const byConversation = sqliteIndexHint(dialect, 'report_product_turns_conversation');
      return sql.join(
        eachProduct(f, through).map(
          (where) => sql`
            select x.conversation as c, x.sentiment as sentiment
            from report_product_turns x ${byConversation}
            where ${where} and x.conversation in (${keys})`,
        ),
        sql` union all `,
      );
    },

    /**
     * The newest `limit` turns of the rows as `(id, asked_at)`, each product's read in the
     * order of its rows, for a union with the log's.
     */
    newest(f: ReportFilter, through: number, limit: number) {
      return sql.join(
        eachProduct(f, through).map(
          (where, i) => sql`
            select * from (
              select x.turn_id as id, x.asked_at as asked_at from report_product_turns x
              where ${where}
              order by x.asked_at desc, x.turn_id desc limit ${limit}
            ) ${sql.raw(`p${i}`)}`,
        ),
        sql` union all `,
      );
    },
  };
}
