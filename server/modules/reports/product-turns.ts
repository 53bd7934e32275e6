/**
 * `report_product_turns` (0026): per counted product, the turns whose question names it, with the
 * figures the sentiment reports filter and group by, so a report filtered by products reads its
 * products' rows for the range instead of a year of question text (product-filtered.ts).
 *
 * Counted with `report_product_days`, in product-rollup.ts's batches and under its marks: a
 * product counts the turns up to its mark (`report_product_state.counted_through`). Invariant:
 * a row's `asked_names` / `suggested_names` hold every product whose mark has reached the turn
 * and whose name the question / answer holds (lower-cased, as the filter matches), in the order
 * of their names, so that all the rows of a turn hold the same names. A batch reads the names of
 * the rows its turns already have again, with its products, then writes its products' rows.
 *
 * A turn's later changes (its conversation deleted, its widget named, its sentiment judged again)
 * reach its rows in the change's transaction (`followTurns`, from rollups.ts's changingTurns).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import { analyzeTables, contains, dialectOf, lockingTable } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { recountConversations } from './product-conversations';
import { NAME_SEP } from './product-names';
import { dropEmptySets, rollSets } from './product-sums';
import { widgetOf } from './report-sql';

type Db = Kysely<DB>;

const has = (db: Db, text: RawBuilder<unknown>, needle: string | RawBuilder<unknown>) =>
  contains(dialectOf(db), text, needle);

/**
 * The names of `products` the turn's `text` holds, as stored; a product counts the turns up to
 * its mark (`through`, none for the batch's own products).
 */
function namesExpr(
  db: Db,
  text: RawBuilder<unknown>,
  products: readonly { name: string; through?: number }[],
) {
  const parts = products.map(({ name, through }) => {
    const named = has(db, text, name);
    const counted = through === undefined ? named : sql`t.id <= ${through} and ${named}`;
    return sql`case when ${counted} then cast(${`${name}${NAME_SEP}`} as text) else '' end`;
  });
  return sql.join([sql`cast(${NAME_SEP} as text)`, ...parts], sql` || `);
}

/**
 * On PostgreSQL, the lock on the marks that a batch counting products takes first (`batch`) and
 * a change to counted turns takes before it touches the product rollups: a change waits for a
 * batch (and a batch for changes), so neither misses the other's rows. Batches, also of other
 * products and in other processes, go one at a time. SQLite's write lock does the same.
 */
export async function lockMarks(trx: Db, by: 'batch' | 'change') {
  await lockingTable(trx, 'report_product_state', by === 'batch' ? 'share row exclusive' : 'share');
}

/**
 * Counts the turns `low` < id ≤ `end` for `group` (products whose mark is `low`), in the batch's
 * transaction, before the group's marks move to `end`.
 */
export async function countProductTurns(
  trx: Db,
  group: readonly string[],
  low: number,
  end: number,
) {
  const others = await trx
    .selectFrom('report_product_state')
    .select(['product', 'counted_through'])
    .where('counted_through', '>', low)
    .execute();
  const question = sql`lower(t.question)`;
  const answer = sql`lower(t.answer)`;
  // In one order (by name), so that a turn's rows, old and new, hold the same names.
  const known = [
    ...group.map((name) => ({ name })),
    ...others
      .filter((o) => !group.includes(o.product))
      .map((o) => ({ name: o.product, through: Number(o.counted_through) })),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // The batch's turns leave the sums, and come back with their new rows and names.
  const inBatch = sql`x.turn_id > ${low} and x.turn_id <= ${end}`;
  await rollSets(trx, inBatch, -1);
  await sql`
    update report_product_turns set
      asked_names = (select ${namesExpr(trx, question, known)} from chat_turns t
        where t.id = report_product_turns.turn_id),
      suggested_names = (select ${namesExpr(trx, answer, known)} from chat_turns t
        where t.id = report_product_turns.turn_id)
    where turn_id > ${low} and turn_id <= ${end}`.execute(trx);
  const groupTable = sql.join(
    group.map((n) => sql`select cast(${n} as varchar(200)) as name`),
    sql` union all `,
  );
  await sql`
    insert into report_product_turns (product, asked_at, turn_id, channel, widget_id,
      department_id, department_ids, conversation, sentiment, asked_names, suggested_names)
    select p.name, t.asked_at, t.id, t.channel, ${widgetOf}, coalesce(t.department_id, 0),
      t.department_ids, coalesce(t.conversation_id, cast(t.id as varchar(20))), s.sentiment,
      ${namesExpr(trx, question, known)}, ${namesExpr(trx, answer, known)}
    from chat_turns t join (${groupTable}) p on ${has(trx, question, sql`p.name`)}
      left join turn_sentiments s on s.turn_id = t.id
    where t.cancelled = 0 and t.id > ${low} and t.id <= ${end}`.execute(trx);
  await rollSets(trx, inBatch, 1);
  await dropEmptySets(trx);
  await recountConversations(
    trx,
    sql`select x.conversation as c from report_product_turns x where ${inBatch}`,
  );
}

/**
 * After a change to the turns `which` selects (a condition on `chat_turns t`), in its
 * transaction (which took `lockMarks(trx, 'change')` first): their rows take the turns'
 * conversation, widget and sentiment as they now are, and the sums follow.
 */
export async function followTurns(trx: Db, which: RawBuilder<unknown>) {
  const rows = sql`x.turn_id in (select t.id from chat_turns t where ${which})`;
  const conversations = async () =>
    (
      await sql<{ c: string }>`select distinct x.conversation as c from report_product_turns x
        where ${rows}`.execute(trx)
    ).rows.map((r) => r.c);
  const before = await conversations();
  if (!before.length) return;
  await rollSets(trx, rows, -1);
  await sql`
    update report_product_turns set
      conversation = (select coalesce(t.conversation_id, cast(t.id as varchar(20)))
        from chat_turns t where t.id = report_product_turns.turn_id),
      widget_id = (select ${widgetOf} from chat_turns t where t.id = report_product_turns.turn_id),
      sentiment = (select s.sentiment from turn_sentiments s
        where s.turn_id = report_product_turns.turn_id)
    where turn_id in (select t.id from chat_turns t where ${which})`.execute(trx);
  await rollSets(trx, rows, 1);
  await recountConversations(trx, [...new Set([...before, ...(await conversations())])]);
}

/**
 * After many turns counted: the planner's statistics of the products' tables, so that it reads
 * a product's rows or a conversation's as their numbers warrant (PostgreSQL's autovacuum would
 * come to it later; SQLite has none until told).
 */
export async function analyzeProductTables(database: Database) {
  await analyzeTables(database, PRODUCT_TABLES);
}

const PRODUCT_TABLES = [
  'report_product_turns',
  'report_product_sets',
  'report_product_conversations',
  'report_product_conversation_parts',
  'report_product_conversation_choices',
];
