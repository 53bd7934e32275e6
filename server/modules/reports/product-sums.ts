/**
 * `report_product_sets` (0026): the products' turns by place, sentiment and names. product-turns.ts
 * keeps it in step with `report_product_turns` in the transaction that changes its rows: the
 * rows' turns are taken out (-1) before and added back (1) after.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf, longTextKey } from '../../db/dialect';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const SET_KEY = 'day, channel, widget_id, department_id, department_ids, sentiment';

/** Takes out (-1) or adds (1) the turns of the rows `rows` selects (a condition on `x`). */
export async function rollSets(trx: Db, rows: RawBuilder<unknown>, sign: 1 | -1) {
  // The names as the sets' unique index holds them (0026).
  const names = longTextKey(dialectOf(trx), ['asked_names', 'suggested_names']);
  await sql`
    insert into report_product_sets (${sql.raw(SET_KEY)}, asked_names, suggested_names, turns)
    select substr(x.asked_at, 1, 10), x.channel, x.widget_id, x.department_id, x.department_ids,
      coalesce(x.sentiment, ''), x.asked_names, x.suggested_names,
      ${sql.raw(String(sign))} * count(distinct x.turn_id)
    from report_product_turns x where ${rows}
    group by substr(x.asked_at, 1, 10), x.channel, x.widget_id, x.department_id,
      x.department_ids, coalesce(x.sentiment, ''), x.asked_names, x.suggested_names
    on conflict (${sql.raw(SET_KEY)}, ${names})
    do update set turns = report_product_sets.turns + excluded.turns`.execute(trx);
}

/** The sets' rows left with no turns (their turns moved to other names or sentiments). */
export async function dropEmptySets(trx: Db) {
  await trx.deleteFrom('report_product_sets').where('turns', '=', 0).execute();
}
