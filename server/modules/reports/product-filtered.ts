/**
 * The sentiment reports filtered by products, from the products' turns (`report_product_turns`,
 * product-turns.ts) when every product of the filter is counted there: its rows for the range,
 * up to the lowest mark, plus the log after it (a short range of ids: the turns not yet settled).
 * A product never counted (not on the list, nor an SOP product type) is read from the log by the
 * caller. Each query here covers the rows part; sentiment-repo.ts adds the log part.
 */
import { sql } from 'kysely';
import type { Sentiment } from '../../../contract/reports';
import type { Database } from '../../db/database';
import { productTurnCondition, type ReportFilter } from './filters';
import type { ProductRollup } from './product-rollup';
import { namesOf } from './product-turns';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export interface FilteredDay {
  day: string;
  sentiment: Sentiment;
  turns: number;
}

export function createProductFiltered({ db, dialect }: Database, rollup: ProductRollup) {
  /** Per product of the filter, the rows of its turns (a turn once). */
  const eachProduct = (f: ReportFilter, through: number) =>
    (f.products ?? []).map((p) => productTurnCondition(f, dialect, p, through));

  return {
    /**
     * The mark the rows hold every product of the filter (and `names`) through, once counted on;
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
      return Math.min(...(await rollup.catchUp(keys)).values());
    },

    /**
     * Per day and sentiment, the turns; per product of `names`, how many of them name it in the
     * question and in the answer. One pass over the rows.
     */
    async dashboard(f: ReportFilter, through: number, names: readonly string[]) {
      const parts = eachProduct(f, through).map(
        (where) => sql`
          select substr(x.asked_at, 1, 10) as day, x.sentiment as sentiment,
            x.asked_names as asked, x.suggested_names as suggested, count(*) as n
          from report_product_turns x where ${where}
          group by substr(x.asked_at, 1, 10), x.sentiment, x.asked_names, x.suggested_names`,
      );
      const { rows } = await sql<{
        day: string;
        sentiment: Sentiment | null;
        asked: string;
        suggested: string;
        n: unknown;
      }>`${sql.join(parts, sql` union all `)}`.execute(db);
      const days = new Map<string, FilteredDay>();
      const keys = new Map(names.map((n) => [n.toLowerCase(), n]));
      const counts = new Map(names.map((n) => [n, { name: n, asked: 0, suggested: 0 }]));
      for (const r of rows) {
        const n = num(r.n);
        if (r.sentiment) {
          const key = `${r.day} ${r.sentiment}`;
          const day = days.get(key) ?? { day: r.day, sentiment: r.sentiment, turns: 0 };
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
      return { days: [...days.values()], mentions: [...counts.values()] };
    },

    /** The rows' turns as `(c: conversation, sentiment)`, for a union with the log's. */
    conversationTurns(f: ReportFilter, through: number) {
      return sql.join(
        eachProduct(f, through).map(
          (where) => sql`
            select x.conversation as c, x.sentiment as sentiment
            from report_product_turns x where ${where}`,
        ),
        sql` union all `,
      );
    },

    async count(f: ReportFilter, through: number): Promise<number> {
      const parts = eachProduct(f, through).map(
        (where) => sql`select count(*) as n from report_product_turns x where ${where}`,
      );
      const { rows } = await sql<{ n: unknown }>`${sql.join(parts, sql` union all `)}`.execute(db);
      return rows.reduce((sum, r) => sum + num(r.n), 0);
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

export type ProductFiltered = ReturnType<typeof createProductFiltered>;
