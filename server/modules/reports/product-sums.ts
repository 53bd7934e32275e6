/**
 * The sums of the products' turns (0026): `report_product_sets` by place, sentiment and names,
 * `report_product_conversations` by product × conversation for the conversations naming one
 * product in one place, `report_product_conversation_parts` by conversation × place × names for
 * the others. product-turns.ts keeps them in step with
 * `report_product_turns` in the transaction that changes its rows: the sets take the rows' turns
 * out (-1) before and add them back (1) after; the conversations are counted again.
 */
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const SET_KEY = 'day, channel, widget_id, department_id, department_ids, sentiment';

/** Takes out (-1) or adds (1) the turns of the rows `rows` selects (a condition on `x`). */
export async function rollSets(trx: Db, rows: RawBuilder<unknown>, sign: 1 | -1) {
  const names =
    trx.getExecutor().adapter instanceof PostgresAdapter
      ? sql`md5(asked_names), md5(suggested_names)`
      : sql`asked_names, suggested_names`;
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

/** Counts the conversations `keys` (a subquery, or the keys) again from their turns' rows. */
export async function recountConversations(trx: Db, keys: RawBuilder<unknown> | string[]) {
  if (Array.isArray(keys) && !keys.length) return;
  const list = Array.isArray(keys) ? sql.join(keys) : keys;
  for (const table of ['report_product_conversations', 'report_product_conversation_parts'])
    await sql`delete from ${sql.table(table)} where conversation in (${list})`.execute(trx);
  const count = (s: string) => sql`sum(case when x.sentiment = ${s} then 1 else 0 end)`;
  const same = ['channel', 'widget_id', 'department_id', 'department_ids']
    .map((c) => `min(y.${c}) = max(y.${c})`)
    .join(' and ');
  // One product in one place: its turns are the conversation's turns of any filter naming it.
  const simple = sql`select y.conversation from report_product_turns y
    where y.conversation in (${list})
    group by y.conversation
    having count(distinct y.product) = 1
      and min(substr(y.asked_at, 1, 10)) = max(substr(y.asked_at, 1, 10)) and ${sql.raw(same)}`;
  await sql`
    insert into report_product_conversations (product, day, conversation, channel, widget_id,
      department_id, department_ids, turns, positive, neutral, negative)
    select x.product, min(substr(x.asked_at, 1, 10)), x.conversation, min(x.channel),
      min(x.widget_id), min(x.department_id), min(x.department_ids),
      count(*), ${count('positive')}, ${count('neutral')}, ${count('negative')}
    from report_product_turns x
    where x.conversation in (${list}) and x.conversation in (${simple})
    group by x.product, x.conversation`.execute(trx);
  const part = 'x.conversation, x.day, x.channel, x.widget_id, x.department_id, x.department_ids';
  await sql`
    insert into report_product_conversation_parts (conversation, day, channel, widget_id,
      department_id, department_ids, asked_names, turns, positive, neutral, negative)
    select ${sql.raw(part)}, x.asked_names, count(*), ${count('positive')},
      ${count('neutral')}, ${count('negative')}
    from (
      select distinct y.turn_id, y.conversation, substr(y.asked_at, 1, 10) as day, y.channel,
        y.widget_id, y.department_id, y.department_ids, y.asked_names, y.sentiment
      from report_product_turns y
      where y.conversation in (${list}) and y.conversation not in (${simple})
    ) x
    group by ${sql.raw(part)}, x.asked_names`.execute(trx);
}
