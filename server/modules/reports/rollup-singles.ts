/**
 * The conversations of one rollup row (rollups.ts), summed per day × channel × widget ×
 * department in `report_conversation_days`, so the overview and the summary add a few hundred
 * rows instead of grouping every conversation; the conversations with turns in several rows are
 * listed in `report_multi_conversations` (for good) and grouped at read time. Around a change of
 * turns, `singles(-1)` takes their conversations out, `markMulti` lists those that now span rows
 * and `singles(1)` puts the others back.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;
type Which = ReturnType<typeof sql>;

const keysOf = (which: Which) =>
  sql`(select coalesce(t.conversation_id, cast(t.id as varchar(20))) from chat_turns t
       where ${which})`;

const DAY_FIGURES = [
  'conversations',
  'turns',
  'latency_sum',
  'span_ms',
  'positive',
  'neutral',
  'negative',
  'has_positive',
  'has_neutral',
  'has_negative',
  'prevail_positive',
  'prevail_negative',
] as const;

/** Adds (1) or takes away (-1) the single-row conversations of the turns `which` selects. */
export function singles(db: Db, which: Which, sign: 1 | -1) {
  const s = sql.raw(String(sign));
  const updates = sql.raw(
    DAY_FIGURES.map((c) => `${c} = report_conversation_days.${c} + excluded.${c}`).join(', '),
  );
  return sql`
    insert into report_conversation_days (day, channel, widget_id, department_id, department_ids,
      ${sql.raw(DAY_FIGURES.join(', '))})
    select r.day, r.channel, r.widget_id, r.department_id, r.department_ids,
      ${s} * count(*), ${s} * sum(r.turns), ${s} * sum(r.latency_sum),
      ${s} * sum(r.last_ms - r.first_ms),
      ${s} * sum(r.positive), ${s} * sum(r.neutral), ${s} * sum(r.negative),
      ${s} * sum(case when r.positive > 0 then 1 else 0 end),
      ${s} * sum(case when r.neutral > 0 then 1 else 0 end),
      ${s} * sum(case when r.negative > 0 then 1 else 0 end),
      ${s} * sum(case when r.positive > r.neutral and r.positive > r.negative then 1 else 0 end),
      ${s} * sum(case when r.negative > r.neutral and r.negative > r.positive then 1 else 0 end)
    from report_conversations r
    where r.turns > 0 and r.conversation in ${keysOf(which)}
      and r.conversation not in (select m.conversation from report_multi_conversations m)
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (day, channel, widget_id, department_id, department_ids)
    do update set ${updates}`.execute(db);
}

/** Lists the conversations of the turns `which` selects that now have turns in several rows. */
export function markMulti(db: Db, which: Which) {
  return sql`
    insert into report_multi_conversations (conversation)
    select r.conversation from report_conversations r
    where r.turns > 0 and r.conversation in ${keysOf(which)}
    group by r.conversation
    having count(*) > 1
    on conflict (conversation) do nothing`.execute(db);
}

/**
 * Locks the chats of the turns `which` selects: a change to one turn rewrites its whole
 * conversation's sums, so two changes to turns of one chat take turns.
 */
export function lockChats(db: Db, which: Which) {
  return sql`update conversations set title = title where id in ${keysOf(which)}`.execute(db);
}
