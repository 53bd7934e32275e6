/**
 * The top products of the sentiment dashboard without reading a year of questions (0022): the
 * mentions of each product (lower-cased) in questions and answers, per day × channel × widget ×
 * department, counted on when read. Only settled turns are counted into the rollup — those stored
 * before the last turn asked SETTLE_MS ago, so a visitor turn's widget is named by then; newer
 * turns are read from the log (a short range of ids). Each product keeps its own mark, so a
 * product new to the list (the admin's, or a new SOP product type) is counted from the first
 * turn alone, and one taken off keeps its rows for when it comes back. Each batch is its own
 * transaction, begun by writing the products' state rows: concurrent readers, also in other
 * processes, count each turn once.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { contains } from '../../db/dialect';
import type { Sentiment } from '../../../contract/reports';
import { PRODUCT_SENTIMENT_COLUMNS as SPLIT } from '../../db/migrations/0024-report-product-sentiments';
import { type ReportFilter, rollupCondition, turnCondition } from './filters';
import { analyzeProductTables, countProductTurns, lockMarks } from './product-turns';
import { num, widgetOf } from './report-sql';

/** Turns a batch counts: on SQLite, the server answers nothing else meanwhile (< 0.4 s). */
const PRODUCT_BATCH = 2_500;
/** After counting this many turns, the planner's statistics are taken again. */
const ANALYZE_AFTER = 50_000;
const SETTLE_MS = 10 * 60_000;

const SENTIMENT_NAMES: readonly Sentiment[] = ['positive', 'neutral', 'negative'];

interface ProductCount {
  /** Lower-cased. */
  product: string;
  asked: number;
  suggested: number;
}

export function createProductRollup(database: Database) {
  const { db, dialect } = database;
  const has = (text: ReturnType<typeof sql>, needle: ReturnType<typeof sql>) =>
    contains(dialect, text, needle);
  const namesTable = (names: readonly string[]) =>
    sql.join(
      names.map((n) => sql`select cast(${n} as varchar(200)) as name`),
      sql` union all `,
    );
  const asked = has(sql`lower(t.question)`, sql`p.name`);
  const answered = has(sql`lower(t.answer)`, sql`p.name`);
  /** The mentions by the turn's sentiment (`s`), times `sign`. */
  const split = (sign: 1 | -1) =>
    sql.join(
      SPLIT.map((column) => {
        const [side, sentiment] = column.split('_');
        return sql`${sql.raw(String(sign))} * sum(case when ${side === 'asked' ? asked : answered} and s.sentiment = ${sentiment} then 1 else 0 end)`;
      }),
    );
  const addSplit = sql.raw(
    SPLIT.map((c) => `${c} = report_product_days.${c} + excluded.${c}`).join(', '),
  );

  /** The last settled turn: stored before the last turn asked SETTLE_MS ago. */
  async function settledId(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - SETTLE_MS).toISOString();
    const row = await db
      .selectFrom('chat_turns')
      .select('id')
      .where('asked_at', '<', cutoff)
      .orderBy('asked_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? 0;
  }

  async function watermarks(trx: typeof db, names: readonly string[]) {
    const rows = await trx
      .selectFrom('report_product_state')
      .select(['product', 'counted_through'])
      .where('product', 'in', names)
      .execute();
    const found = new Map(rows.map((r) => [r.product, num(r.counted_through)]));
    return new Map(names.map((n) => [n, found.get(n) ?? 0]));
  }

  /**
   * Counts the settled turns each product has not counted yet, a batch a transaction: the
   * products furthest behind first (a new one from the first turn), up to the next product's
   * mark so that they then go on together; with `atLeast`, to that mark at least (another's).
   * Returns each product's mark.
   */
  async function catchUp(
    names: readonly string[],
    now = new Date(),
    atLeast = 0,
  ): Promise<Map<string, number>> {
    const upto = Math.max(await settledId(now), atLeast);
    // Most reads find every product counted: no write, no lock.
    const seen = await watermarks(db, names);
    if ([...seen.values()].every((n) => n >= upto)) return seen;
    let counted = 0;
    for (;;) {
      const marks = await db.transaction().execute(async (trx) => {
        // Writing the products' rows first takes the lock (PostgreSQL's table lock, SQLite's
        // write lock) before their marks are read: concurrent readers count each turn once.
        await lockMarks(trx, 'batch');
        await trx
          .insertInto('report_product_state')
          .values(names.map((product) => ({ product, counted_through: 0 })))
          .onConflict((oc) =>
            oc
              .column('product')
              .doUpdateSet({ counted_through: sql`report_product_state.counted_through` }),
          )
          .execute();
        const marks = await watermarks(trx, names);
        const low = Math.min(...marks.values());
        if (low >= upto) return marks;
        const ahead = [...marks.values()].filter((n) => n > low);
        const end = Math.min(upto, low + PRODUCT_BATCH, ...ahead);
        const group = names.filter((n) => marks.get(n) === low);
        await sql`
          insert into report_product_days (day, channel, widget_id, department_id,
            department_ids, product, asked, suggested, ${sql.raw(SPLIT.join(', '))})
          select substr(t.asked_at, 1, 10), t.channel, ${widgetOf}, coalesce(t.department_id, 0),
            t.department_ids, p.name,
            sum(case when ${asked} then 1 else 0 end),
            sum(case when ${answered} then 1 else 0 end), ${split(1)}
          from chat_turns t join (${namesTable(group)}) p on (${asked} or ${answered})
            left join turn_sentiments s on s.turn_id = t.id
          where t.cancelled = 0 and t.id > ${low} and t.id <= ${end}
          group by 1, 2, 3, 4, 5, 6
          on conflict (day, channel, widget_id, department_id, department_ids, product)
          do update set asked = report_product_days.asked + excluded.asked,
            suggested = report_product_days.suggested + excluded.suggested,
            ${addSplit}`.execute(trx);
        await countProductTurns(trx, group, low, end);
        await trx
          .updateTable('report_product_state')
          .set({ counted_through: end })
          .where('product', 'in', group)
          .execute();
        for (const n of group) marks.set(n, end);
        counted += end - low;
        return marks;
      });
      // Between batches other work runs: SQLite's driver never yields while it works.
      await new Promise((resolve) => setImmediate(resolve));
      if ([...marks.values()].every((n) => n >= upto)) {
        if (counted >= ANALYZE_AFTER) await analyzeProductTables(database);
        return marks;
      }
    }
  }

  /**
   * Takes away (-1) or adds back (1) the sentiment split of turns already counted, around a
   * change of their sentiment, in the transaction making it (the totals do not change).
   */
  async function rejudge(trx: typeof db, ids: readonly number[], sign: 1 | -1) {
    if (!ids.length) return;
    await sql`
      insert into report_product_days (day, channel, widget_id, department_id,
        department_ids, product, asked, suggested, ${sql.raw(SPLIT.join(', '))})
      select substr(t.asked_at, 1, 10), t.channel, ${widgetOf}, coalesce(t.department_id, 0),
        t.department_ids, p.name, 0, 0, ${split(sign)}
      from chat_turns t
        join (select product as name, counted_through from report_product_state) p
          on t.id <= p.counted_through and (${asked} or ${answered})
        left join turn_sentiments s on s.turn_id = t.id
      where t.cancelled = 0 and t.id in (${sql.join(ids)})
      group by 1, 2, 3, 4, 5, 6
      on conflict (day, channel, widget_id, department_id, department_ids, product)
      do update set ${addSplit}`.execute(trx);
  }

  return {
    catchUp,
    rejudge,
    /**
     * Mentions of `names` (lower-cased, distinct) for the filter's days, channel and departments;
     * with a sentiment chosen (`f.sentiment`), in the turns of that sentiment.
     */
    async mentions(f: ReportFilter, names: readonly string[]): Promise<ProductCount[]> {
      if (!names.length) return [];
      const only = SENTIMENT_NAMES.find((x) => x === f.sentiment);
      const marks = await catchUp(names);
      // The turns after each product's mark, from the log: a short range of ids.
      const tail = sql.join(
        names.map(
          (n) =>
            sql`select cast(${n} as varchar(200)) as name, cast(${marks.get(n) ?? 0} as bigint) as through`,
        ),
        sql` union all `,
      );
      const { rows } = await sql<{ product: string; asked: unknown; suggested: unknown }>`
        select x.product, sum(x.asked) as asked, sum(x.suggested) as suggested from (
          select r.product as product, r.${sql.raw(only ? `asked_${only}` : 'asked')} as asked,
            r.${sql.raw(only ? `suggested_${only}` : 'suggested')} as suggested
          from report_product_days r
          where ${rollupCondition(f, dialect, 'day')} and r.product in (${sql.join(names)})
          union all
          select p.name, case when ${asked} then 1 else 0 end,
            case when ${answered} then 1 else 0 end
          from chat_turns t join (${tail}) p on t.id > p.through and (${asked} or ${answered})
            left join turn_sentiments s on s.turn_id = t.id
          where t.id > ${Math.min(...marks.values())} and ${turnCondition(f, dialect)}
        ) x group by x.product`.execute(db);
      return rows.map((r) => ({
        product: r.product,
        asked: num(r.asked),
        suggested: num(r.suggested),
      }));
    },
  };
}

export type ProductRollup = ReturnType<typeof createProductRollup>;
