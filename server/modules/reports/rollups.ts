/**
 * The hourly rollup of the turn log (0018-report-rollups), kept in the transaction of every write
 * that changes a turn's figures: storing a turn, naming its widget, rating it, judging its
 * sentiment. A change locks its turns (an update of the row: PostgreSQL's row lock, SQLite's write
 * lock, taken by the transaction's first statement), takes their figures out of the rollup, makes
 * the change and adds their figures back — `x = x + excluded.x` upserts, so concurrent writers,
 * also in other server processes, never lose one another's counts. Turns stored before the
 * migration (ids up to `backfill_upto`) count once the backfill has reached them; until then a
 * change to one of them leaves the rollup alone (the backfill reads its final state).
 */
import { type Kysely, sql } from 'kysely';
import { dialectOf, epochMillis, takingTurns } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { followTurns, lockMarks } from './product-turns';
import { widgetOf } from './report-sql';
import { lockChats, markMulti, singles } from './rollup-singles';

type Db = Kysely<DB>;

const ROLLUP_BATCH = 5000;

/**
 * The rollup's writers take turns (an advisory lock on PostgreSQL). Each touches the same few
 * shared rows (the hour's, the day's single-row conversations) but in an order that depends on
 * its turns: a conversation's first turn adds to the hour before the day, a later one takes the
 * conversation out of the day first. Concurrent visitors' answers deadlocked on that.
 */
const ROLLUP_WRITERS = 718_001;

const FIGURES = [
  'questions',
  'latency_sum',
  'positive',
  'neutral',
  'negative',
  'rated_up',
  'rated_down',
] as const;

type Which = ReturnType<typeof sql>;

/** Adds (1) or takes away (-1) the figures of the turns `which` selects (a condition on `t`). */
async function roll(db: Db, which: Which, sign: 1 | -1) {
  await rollHourly(db, which, sign);
  await rollConversations(db, which, sign);
}

function rollHourly(db: Db, which: Which, sign: 1 | -1) {
  const s = sql.raw(String(sign));
  const updates = sql.raw(
    FIGURES.map((c) => `${c} = report_hourly.${c} + excluded.${c}`).join(', '),
  );
  return sql`
    insert into report_hourly (hour, channel, widget_id, department_id, department_ids,
      questions, latency_sum, positive, neutral, negative, rated_up, rated_down)
    select substr(t.asked_at, 1, 13), t.channel, ${widgetOf},
      coalesce(t.department_id, 0), t.department_ids,
      ${s} * count(*), ${s} * sum(t.latency_ms),
      ${s} * sum(case when s.sentiment = 'positive' then 1 else 0 end),
      ${s} * sum(case when s.sentiment = 'neutral' then 1 else 0 end),
      ${s} * sum(case when s.sentiment = 'negative' then 1 else 0 end),
      ${s} * sum(case when f.rating = 'up' then 1 else 0 end),
      ${s} * sum(case when f.rating = 'down' then 1 else 0 end)
    from chat_turns t
      left join turn_sentiments s on s.turn_id = t.id
      left join chat_feedback f on f.turn_id = t.id
    where t.cancelled = 0 and ${which}
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (hour, channel, widget_id, department_id, department_ids)
    do update set ${updates}`.execute(db);
}

/** Epoch milliseconds of an ISO instant (text). */
const epochMs = (db: Db, iso: Which) => epochMillis(dialectOf(db), iso);

/**
 * The conversation rows. Taking turns away leaves the first question and last answer as they
 * are (a row's turns only leave it all together: a chat deleted, a widget's turn named); a row
 * whose turns went to 0 starts afresh when turns come back.
 */
function rollConversations(db: Db, which: Which, sign: 1 | -1) {
  const s = sql.raw(String(sign));
  const sums = ['turns', 'latency_sum', 'positive', 'neutral', 'negative'].map(
    (c) => `${c} = report_conversations.${c} + excluded.${c}`,
  );
  const span =
    sign === 1
      ? [
          `first_ms = case when report_conversations.turns <= 0
             or excluded.first_ms < report_conversations.first_ms
             then excluded.first_ms else report_conversations.first_ms end`,
          `last_ms = case when report_conversations.turns <= 0
             or excluded.last_ms > report_conversations.last_ms
             then excluded.last_ms else report_conversations.last_ms end`,
        ]
      : [];
  return sql`
    insert into report_conversations (conversation, day, channel, widget_id, department_id,
      department_ids, first_ms, last_ms, turns, latency_sum, positive, neutral, negative)
    select coalesce(t.conversation_id, cast(t.id as varchar(20))), substr(t.asked_at, 1, 10),
      t.channel, ${widgetOf}, coalesce(t.department_id, 0), t.department_ids,
      ${epochMs(db, sql`min(t.asked_at)`)}, ${epochMs(db, sql`max(t.answered_at)`)},
      ${s} * count(*), ${s} * sum(t.latency_ms),
      ${s} * sum(case when s.sentiment = 'positive' then 1 else 0 end),
      ${s} * sum(case when s.sentiment = 'neutral' then 1 else 0 end),
      ${s} * sum(case when s.sentiment = 'negative' then 1 else 0 end)
    from chat_turns t
      left join turn_sentiments s on s.turn_id = t.id
    where t.cancelled = 0 and ${which}
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (conversation, day, channel, widget_id, department_id, department_ids)
    do update set ${sql.raw([...sums, ...span].join(', '))}`.execute(db);
}

/** Turns the rollup holds: stored after the migration, or reached by the backfill. */
const rolled = sql`(t.id > (select backfill_upto from report_rollup_state where id = 1)
  or t.id <= (select backfilled_through from report_rollup_state where id = 1))`;

const among = (ids: readonly number[]) => sql`t.id in (${sql.join(ids.map((id) => sql`${id}`))})`;

/** Locks the turns until the transaction ends (and, on SQLite, the database for writing). */
function lock(db: Db, ids: readonly number[]) {
  return db
    .updateTable('chat_turns')
    .set({ cancelled: sql`cancelled` })
    .where('id', 'in', ids)
    .execute();
}

/** Adds turns just stored in this transaction (with their sentiment and rating, if any). */
export async function addTurns(trx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await takingTurns(trx, ROLLUP_WRITERS);
  await rollAround(trx, sql`${among(ids)} and ${rolled}`);
}

/** Adds the turns `which` selects, keeping the single-row conversations' sums in step. */
async function rollAround(trx: Db, which: Which, change?: () => Promise<void>) {
  await lockChats(trx, which);
  await singles(trx, which, -1);
  if (change) {
    await roll(trx, which, -1);
    await change();
  }
  await roll(trx, which, 1);
  await markMulti(trx, which);
  await singles(trx, which, 1);
}

/** Runs `change` to the turns inside `trx` (a transaction), keeping the rollup in step. */
export async function changingTurns<T>(
  trx: Db,
  ids: readonly number[],
  change: () => Promise<T>,
): Promise<T> {
  if (!ids.length) return change();
  await takingTurns(trx, ROLLUP_WRITERS);
  await lock(trx, ids);
  await lockMarks(trx, 'change');
  let result: T | undefined;
  await rollAround(trx, sql`${among(ids)} and ${rolled}`, async () => {
    result = await change();
  });
  // The products' turn rows (product-turns.ts) follow too.
  await followTurns(trx, among(ids));
  return result as T;
}

/** One batch of the backfill; how many turn ids it covered (0: done). */
async function backfillBatch(db: Db, batch: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await takingTurns(trx, ROLLUP_WRITERS);
    // A write first: two processes backfilling take turns on the state row.
    const state = await trx
      .updateTable('report_rollup_state')
      .set({ backfilled_through: sql`backfilled_through` })
      .where('id', '=', 1)
      .returning(['backfill_upto', 'backfilled_through'])
      .executeTakeFirst();
    if (!state || state.backfilled_through >= state.backfill_upto) return 0;
    const from = state.backfilled_through;
    const to = Math.min(from + batch, state.backfill_upto);
    // A change to one of these turns waits for the batch, or the batch reads it once made.
    await trx
      .updateTable('chat_turns')
      .set({ cancelled: sql`cancelled` })
      .where('id', '>', from)
      .where('id', '<=', to)
      .execute();
    await rollAround(trx, sql`t.id > ${from} and t.id <= ${to}`);
    await trx
      .updateTable('report_rollup_state')
      .set({ backfilled_through: to })
      .where('id', '=', 1)
      .execute();
    return to - from;
  });
}

/** Rolls up the turns stored before the rollup existed; how many ids it went through. */
export async function backfillRollups(db: Db, batch = ROLLUP_BATCH): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await backfillBatch(db, batch);
    if (!n) return done;
    done += n;
  }
}

/**
 * Before an account is deleted (its chats go with it): its chats' turns count alone from now on,
 * as the log will have them (`conversation_id` null), in the rollups too. Inside the deletion's
 * transaction.
 */
export async function detachChatsOf(trx: Db, userId: number): Promise<void> {
  const turns = await trx
    .updateTable('chat_turns')
    .set({ cancelled: sql`cancelled` })
    .where(
      'conversation_id',
      'in',
      trx.selectFrom('conversations as c').select('c.id').where('c.user_id', '=', userId),
    )
    .returning('id')
    .execute();
  for (let i = 0; i < turns.length; i += ROLLUP_BATCH) {
    const ids = turns.slice(i, i + ROLLUP_BATCH).map((r) => r.id);
    await changingTurns(trx, ids, () =>
      trx.updateTable('chat_turns').set({ conversation_id: null }).where('id', 'in', ids).execute(),
    );
  }
}
