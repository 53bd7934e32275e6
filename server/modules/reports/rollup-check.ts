/**
 * For tests: the rollups (rollups.ts) as a recount of the turn log would give them, computed here
 * in TypeScript from the log's rows, next to what the rollup tables hold.
 */
import { sql } from 'kysely';
import type { TestApp } from '../../test-support/test-app';

interface LogRow {
  id: number;
  conversation_id: string | null;
  channel: string;
  department_id: number | null;
  department_ids: string;
  latency_ms: number;
  asked_at: string;
  answered_at: string;
  sentiment: string | null;
  rating: string | null;
  widget: number | null;
}

const n = (v: unknown) => Number(v);

/** Hourly and conversation rows with turns, keyed, as `key -> figures`. */
export async function rollupsOf(t: TestApp) {
  const { db } = t.database;
  const hourly = await db.selectFrom('report_hourly').selectAll().execute();
  const conversations = await db.selectFrom('report_conversations').selectAll().execute();
  const days = await db.selectFrom('report_conversation_days').selectAll().execute();
  const multi = await db.selectFrom('report_multi_conversations').select('conversation').execute();
  return {
    days: Object.fromEntries(
      days
        .filter((r) => n(r.conversations) !== 0)
        .map((r) => [
          [r.day, r.channel, r.widget_id, r.department_id, r.department_ids].join('|'),
          [
            r.conversations,
            r.turns,
            r.latency_sum,
            r.span_ms,
            r.positive,
            r.neutral,
            r.negative,
            r.has_positive,
            r.has_neutral,
            r.has_negative,
            r.prevail_positive,
            r.prevail_negative,
          ]
            .map(n)
            .join(','),
        ]),
    ),
    multi: multi.map((m) => m.conversation).sort(),
    hourly: Object.fromEntries(
      hourly
        .filter((r) => [r.questions, r.rated_up, r.rated_down].some((v) => n(v) !== 0))
        .map((r) => [
          [r.hour, r.channel, r.widget_id, r.department_id, r.department_ids].join('|'),
          [r.questions, r.latency_sum, r.positive, r.neutral, r.negative, r.rated_up, r.rated_down]
            .map(n)
            .join(','),
        ]),
    ),
    conversations: Object.fromEntries(
      conversations
        .filter((r) => n(r.turns) !== 0)
        .map((r) => [
          [r.conversation, r.day, r.channel, r.widget_id, r.department_id, r.department_ids].join(
            '|',
          ),
          [
            ...[r.turns, r.latency_sum, r.positive, r.neutral, r.negative].map(n),
            n(r.first_ms),
            n(r.last_ms),
          ].join(','),
        ]),
    ),
  };
}

/** The same, recounted from every turn of the log that is not cancelled. */
export async function recountOf(t: TestApp) {
  const { rows } = await sql<LogRow>`
    select t.id, t.conversation_id, t.channel, t.department_id, t.department_ids, t.latency_ms,
      t.asked_at, t.answered_at, s.sentiment, f.rating,
      (select max(w.service_agent_id) from service_agent_turns w where w.chat_turn_id = t.id)
        as widget
    from chat_turns t
      left join turn_sentiments s on s.turn_id = t.id
      left join chat_feedback f on f.turn_id = t.id
    where t.cancelled = 0`.execute(t.database.db);
  const hourly = new Map<string, number[]>();
  const conversations = new Map<string, { sums: number[]; first: string; last: string }>();
  for (const r of rows) {
    const place = [r.channel, n(r.widget ?? 0), n(r.department_id ?? 0), r.department_ids];
    const moods = ['positive', 'neutral', 'negative'].map((s) => (r.sentiment === s ? 1 : 0));
    const hourKey = [r.asked_at.slice(0, 13), ...place].join('|');
    const h = hourly.get(hourKey) ?? [0, 0, 0, 0, 0, 0, 0];
    [1, n(r.latency_ms), ...moods, r.rating === 'up' ? 1 : 0, r.rating === 'down' ? 1 : 0].forEach(
      (v, i) => (h[i] = (h[i] ?? 0) + v),
    );
    hourly.set(hourKey, h);
    const convKey = [r.conversation_id ?? String(r.id), r.asked_at.slice(0, 10), ...place].join(
      '|',
    );
    const c = conversations.get(convKey) ?? {
      sums: [0, 0, 0, 0, 0],
      first: r.asked_at,
      last: r.answered_at,
    };
    [1, n(r.latency_ms), ...moods].forEach((v, i) => (c.sums[i] = (c.sums[i] ?? 0) + v));
    if (r.asked_at < c.first) c.first = r.asked_at;
    if (r.answered_at > c.last) c.last = r.answered_at;
    conversations.set(convKey, c);
  }
  // Conversations with turns in one row, summed per day and place; the others, listed.
  const rowsOf = new Map<string, number>();
  for (const key of conversations.keys()) {
    const conversation = key.split('|')[0] ?? '';
    rowsOf.set(conversation, (rowsOf.get(conversation) ?? 0) + 1);
  }
  const days = new Map<string, number[]>();
  for (const [key, c] of conversations) {
    const [conversation = '', ...place] = key.split('|');
    if (rowsOf.get(conversation) !== 1) continue;
    const [turns = 0, latency = 0, p = 0, u = 0, g = 0] = c.sums;
    const d = days.get(place.join('|')) ?? Array<number>(12).fill(0);
    [
      1,
      turns,
      latency,
      Date.parse(c.last) - Date.parse(c.first),
      p,
      u,
      g,
      p > 0 ? 1 : 0,
      u > 0 ? 1 : 0,
      g > 0 ? 1 : 0,
      p > u && p > g ? 1 : 0,
      g > u && g > p ? 1 : 0,
    ].forEach((v, i) => (d[i] = (d[i] ?? 0) + v));
    days.set(place.join('|'), d);
  }
  return {
    days: Object.fromEntries([...days].map(([k, v]) => [k, v.join(',')])),
    multi: [...rowsOf].flatMap(([c, rows]) => (rows > 1 ? [c] : [])).sort(),
    hourly: Object.fromEntries([...hourly].map(([k, v]) => [k, v.join(',')])),
    conversations: Object.fromEntries(
      [...conversations].map(([k, c]) => [
        k,
        [...c.sums, Date.parse(c.first), Date.parse(c.last)].join(','),
      ]),
    ),
  };
}
