/**
 * The turns bench:reports seeds: BENCH_TURNS turns over the last 365 days in
 * conversations of 1 to 7 turns, 80 % in the assistant and 20 % in a widget, three departments,
 * business-hour peaks, a sentiment for every turn and a rating for one in ten. Deterministic.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../server/db/database';
import type { ChatTurnsTable, ConversationsTable } from '../server/db/schema';
import { addTurns } from '../server/modules/reports/rollups';
import { offlineSentiment } from '../server/services/sentiment';

let state = 20261126;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

const QUESTIONS = [
  'How do I get a refund for my Harbour Box order?',
  'Where is my parcel tracking number?',
  'Thanks, the Lantern works great!',
  'The delivery arrived broken, this is terrible',
  'What are the opening hours of the Bergen shop?',
  'Can I change the delivery address of my order?',
  'I love the new Harbour Box, excellent quality',
  'Why was I charged twice? I am angry',
  'How long does shipping to Oslo take?',
  'Is the Lantern available in blue?',
  'How do I reset my account password?',
  'The app keeps crashing, nothing works',
];
const ANSWERS = [
  'You can return the Harbour Box within 30 days.',
  'Your tracking number is in the confirmation mail.',
  'The Lantern comes in three colours.',
  'Sorry about that, we will send a replacement.',
  'The shop opens at 9:00.',
];
const judged = new Map(QUESTIONS.map((q) => [q, offlineSentiment(q)]));
// Busier in business hours (UTC), as people ask.
const HOURS = Array.from({ length: 24 }, (_, h) =>
  h >= 8 && h <= 17 ? 6 : h >= 6 && h <= 21 ? 2 : 1,
);
const HOUR_PICK = HOURS.flatMap((w, h) => Array<number>(w).fill(h));

export async function seedTurns(
  database: Database,
  turnCount: number,
  userId: number,
  departments: number[],
) {
  const { db } = database;
  const now = Date.now();
  const batch = database.dialect === 'postgres' ? 1000 : 400;
  let turnsLeft = turnCount;
  type Turn = Omit<ChatTurnsTable, 'id'> & { rating?: 'up' | 'down' };
  let pending: { conv: ConversationsTable[]; turns: Turn[] } = {
    conv: [],
    turns: [],
  };
  const flush = async () => {
    if (!pending.turns.length) return;
    const { conv, turns } = pending;
    pending = { conv: [], turns: [] };
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < conv.length; i += batch)
        await trx
          .insertInto('conversations')
          .values(conv.slice(i, i + batch))
          .execute();
      for (let i = 0; i < turns.length; i += batch) {
        const rows = turns.slice(i, i + batch);
        const ids = await trx
          .insertInto('chat_turns')
          .values(rows.map(({ rating: _r, ...row }) => row))
          .returning('id')
          .execute();
        const created = new Date().toISOString();
        await trx
          .insertInto('turn_sentiments')
          .values(
            ids.map((r, k) => {
              const j = judged.get(rows[k]?.question ?? '') ?? offlineSentiment('');
              return { turn_id: r.id, ...j, created_at: created };
            }),
          )
          .execute();
        const rated = ids.flatMap((r, k) => {
          const rating = rows[k]?.rating;
          return rating
            ? [
                {
                  turn_id: r.id,
                  user_id: userId,
                  rating,
                  comment: '',
                  created_at: created,
                  updated_at: created,
                },
              ]
            : [];
        });
        if (rated.length) await trx.insertInto('chat_feedback').values(rated).execute();
        // Stored as the assistant stores turns: the reports' hourly rollup counts them.
        await addTurns(
          trx,
          ids.map((r) => r.id),
        );
      }
    });
  };
  while (turnsLeft > 0) {
    const day = Math.floor(rand() * 365);
    const start = new Date(now - (day + 1) * 864e5);
    start.setUTCHours(pick(HOUR_PICK), Math.floor(rand() * 60), Math.floor(rand() * 60), 0);
    const id = randomUUID();
    const widget = rand() < 0.2;
    const department = pick(departments);
    const n = Math.min(turnsLeft, 1 + Math.floor(rand() * 7));
    turnsLeft -= n;
    pending.conv.push({
      id,
      user_id: userId,
      title: 'Bench',
      created_at: start.toISOString(),
      updated_at: start.toISOString(),
    });
    let t = start.getTime();
    for (let k = 0; k < n; k += 1) {
      const latency = 200 + Math.floor(rand() * 2800);
      const question = pick(QUESTIONS);
      pending.turns.push({
        conversation_id: id,
        user_id: userId,
        channel: widget ? 'widget' : 'console',
        department_id: widget ? null : department,
        department_ids: JSON.stringify([department]),
        mode: 'stuff',
        question,
        standalone_question: null,
        sub_questions: null,
        answer: pick(ANSWERS),
        engine: 'builtin',
        model: 'builtin',
        no_answer: 0,
        cancelled: 0,
        latency_ms: latency,
        references_json: '[]',
        eval_json: null,
        provider_error: null,
        asked_at: new Date(t).toISOString(),
        answered_at: new Date(t + latency).toISOString(),
        rating: rand() < 0.1 ? (rand() < 0.75 ? 'up' : 'down') : undefined,
      });
      t += latency + 20_000 + Math.floor(rand() * 60_000);
    }
    if (pending.turns.length >= 20_000) await flush();
  }
  await flush();
}
