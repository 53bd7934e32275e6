/**
 * The top products of the sentiment dashboard without reading a year of questions (0022): the
 * mentions of each product (lower-cased) in questions and answers, per day × channel × widget ×
 * department, counted on when read. Only settled turns are counted into the rollup — those stored
 * before the last turn asked SETTLE_MS ago, so a visitor turn's widget is named by then; newer
 * turns are read from the log (a short range of ids). When the names change (the admin's list,
 * a new SOP product type), the rollup starts over. Each batch is its own transaction, begun by
 * writing the state row: concurrent readers, also in other processes, count each turn once.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { type ReportFilter, rollupCondition, turnCondition } from './filters';

export const PRODUCT_BATCH = 50_000;
export const SETTLE_MS = 10 * 60_000;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export interface ProductCount {
  /** Lower-cased. */
  product: string;
  asked: number;
  suggested: number;
}

const widgetOf = sql`coalesce((select max(w.service_agent_id) from service_agent_turns w
  where w.chat_turn_id = t.id), 0)`;

export function createProductRollup({ db, dialect }: Database) {
  const has = (text: ReturnType<typeof sql>, needle: ReturnType<typeof sql>) =>
    dialect === 'postgres'
      ? sql`strpos(${text}, ${needle}) > 0`
      : sql`instr(${text}, ${needle}) > 0`;
  const namesTable = (names: readonly string[]) =>
    sql.join(
      names.map((n) => sql`select cast(${n} as varchar(200)) as name`),
      sql` union all `,
    );
  const asked = has(sql`lower(t.question)`, sql`p.name`);
  const answered = has(sql`lower(t.answer)`, sql`p.name`);

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

  /** Counts the settled turns not yet counted, a batch a transaction; starts over on new names. */
  async function catchUp(names: readonly string[], now = new Date()): Promise<number> {
    const key = JSON.stringify(names);
    const upto = await settledId(now);
    for (;;) {
      const through = await db.transaction().execute(async (trx) => {
        // The write takes the lock (PostgreSQL's row lock, SQLite's write lock) before reading.
        await trx.updateTable('report_product_state').set({ id: 1 }).where('id', '=', 1).execute();
        const state = await trx
          .selectFrom('report_product_state')
          .selectAll()
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        let done = num(state.counted_through);
        if (state.names !== key) {
          await trx.deleteFrom('report_product_days').execute();
          done = 0;
        }
        const end = Math.min(upto, done + PRODUCT_BATCH);
        if (end > done && names.length)
          await sql`
            insert into report_product_days (day, channel, widget_id, department_id,
              department_ids, product, asked, suggested)
            select substr(t.asked_at, 1, 10), t.channel, ${widgetOf}, coalesce(t.department_id, 0),
              t.department_ids, p.name,
              sum(case when ${asked} then 1 else 0 end),
              sum(case when ${answered} then 1 else 0 end)
            from chat_turns t join (${namesTable(names)}) p on (${asked} or ${answered})
            where t.cancelled = 0 and t.id > ${done} and t.id <= ${end}
            group by 1, 2, 3, 4, 5, 6
            on conflict (day, channel, widget_id, department_id, department_ids, product)
            do update set asked = report_product_days.asked + excluded.asked,
              suggested = report_product_days.suggested + excluded.suggested`.execute(trx);
        const through = Math.max(done, end);
        await trx
          .updateTable('report_product_state')
          .set({ names: key, counted_through: through })
          .where('id', '=', 1)
          .execute();
        return through;
      });
      if (through >= upto) return through;
    }
  }

  return {
    catchUp,
    /** Mentions of `names` (lower-cased, distinct) for the filter's days, channel and departments. */
    async mentions(f: ReportFilter, names: readonly string[]): Promise<ProductCount[]> {
      if (!names.length) return [];
      const through = await catchUp(names);
      const { rows } = await sql<{ product: string; asked: unknown; suggested: unknown }>`
        select x.product, sum(x.asked) as asked, sum(x.suggested) as suggested from (
          select r.product as product, r.asked as asked, r.suggested as suggested
          from report_product_days r where ${rollupCondition(f, 'day')}
          union all
          select p.name, case when ${asked} then 1 else 0 end, case when ${answered} then 1 else 0 end
          from chat_turns t join (${namesTable(names)}) p on (${asked} or ${answered})
          where t.id > ${through} and ${turnCondition(f, dialect)}
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
