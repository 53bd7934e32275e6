/**
 * Conversations with known times, latencies, channels, departments, feedback and sentiments,
 * written straight to the turn log, for the reports' API tests (the figures are then read
 * through the API). The period is the week of Monday 2025-03-03.
 */
import { randomUUID } from 'node:crypto';
import type { ChatTurnsTable } from '../../db/schema';
import { nowIso } from '../../db/database';
import { offlineSentiment } from '../../services/sentiment';
import { addTurns } from './rollups';
import type { TestApp } from '../../test-support/test-app';

const WEEK = { start_date: '2025-03-03', end_date: '2025-03-09' };
/** WEEK as the reports' query. */
export const WEEK_QUERY = `start_date=${WEEK.start_date}&end_date=${WEEK.end_date}`;

interface TurnSpec {
  asked: string;
  latency: number;
  question: string;
  answer: string;
  rating?: 'up' | 'down';
  cancelled?: boolean;
  /** This turn's chosen department and sources searched, when not the conversation's. */
  department?: number | null;
  departments?: number[];
}

interface ConversationSpec {
  channel: 'console' | 'widget';
  department: number | null;
  departments: number[];
  turns: TurnSpec[];
}

export async function writeConversation(t: TestApp, userId: number, spec: ConversationSpec) {
  const { db } = t.database;
  const id = randomUUID();
  const first = spec.turns[0]?.asked ?? '2025-03-03T00:00:00.000Z';
  await db
    .insertInto('conversations')
    .values({ id, user_id: userId, title: 'Fixture', created_at: first, updated_at: first })
    .execute();
  const ids: number[] = [];
  for (const turn of spec.turns) {
    const answered = new Date(Date.parse(turn.asked) + turn.latency).toISOString();
    const row: Omit<ChatTurnsTable, 'id'> = {
      conversation_id: id,
      user_id: userId,
      channel: spec.channel,
      department_id: turn.department === undefined ? spec.department : turn.department,
      department_ids: JSON.stringify(turn.departments ?? spec.departments),
      mode: 'stuff',
      question: turn.question,
      standalone_question: null,
      sub_questions: null,
      answer: turn.answer,
      engine: 'builtin',
      model: 'builtin',
      no_answer: 0,
      cancelled: turn.cancelled ? 1 : 0,
      latency_ms: turn.latency,
      references_json: '[]',
      eval_json: null,
      provider_error: null,
      asked_at: turn.asked,
      answered_at: answered,
    };
    const { id: turnId } = await db
      .insertInto('chat_turns')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(turnId);
    const judged = offlineSentiment(turn.question);
    await db
      .insertInto('turn_sentiments')
      .values({ turn_id: turnId, ...judged, created_at: answered })
      .execute();
    if (turn.rating)
      await db
        .insertInto('chat_feedback')
        .values({
          turn_id: turnId,
          user_id: userId,
          rating: turn.rating,
          comment: '',
          created_at: answered,
          updated_at: answered,
        })
        .execute();
    // Stored as the assistant stores a turn: the reports' rollup counts it.
    await addTurns(db, [turnId]);
  }
  return { id, turnIds: ids };
}

/**
 * In the week: c1 (assistant, General) two turns 09:00 and 09:02 on Monday; c2 (assistant,
 * `otherDepartment`) 09:30 Monday; c3 (widget, every source searched: General) 14:00 Tuesday.
 * Outside it: c4 on the next Monday. A cancelled turn in c1 does not count.
 */
export async function seedWeek(t: TestApp, userId: number, otherDepartment: number) {
  const c1 = await writeConversation(t, userId, {
    channel: 'console',
    department: 1,
    departments: [1],
    turns: [
      {
        asked: '2025-03-03T09:00:00.000Z',
        latency: 1000,
        question: 'How do I get a refund for my order?',
        answer: 'Use the Harbour Box return label.',
        rating: 'up',
      },
      {
        asked: '2025-03-03T09:02:00.000Z',
        latency: 3000,
        question: 'Refund still not received, this is terrible',
        answer: 'Sorry, a Harbour Box refund takes 5 days.',
        rating: 'down',
      },
      {
        asked: '2025-03-03T09:05:00.000Z',
        latency: 500,
        question: 'Never mind',
        answer: '',
        cancelled: true,
      },
    ],
  });
  const c2 = await writeConversation(t, userId, {
    channel: 'console',
    department: otherDepartment,
    departments: [otherDepartment],
    turns: [
      {
        asked: '2025-03-03T09:30:00.000Z',
        latency: 2000,
        question: 'Where is my parcel tracking number?',
        answer: 'Your Parcel Pro number is on the receipt.',
      },
    ],
  });
  const c3 = await writeConversation(t, userId, {
    channel: 'widget',
    department: null,
    departments: [1],
    turns: [
      {
        asked: '2025-03-04T14:00:00.000Z',
        latency: 4000,
        question: 'Thanks, great help with the refund!',
        answer: 'You are welcome.',
        rating: 'up',
      },
    ],
  });
  const c4 = await writeConversation(t, userId, {
    channel: 'console',
    department: 1,
    departments: [1],
    turns: [
      {
        asked: '2025-03-10T10:00:00.000Z',
        latency: 9000,
        question: 'Refund please',
        answer: 'Harbour Box',
        rating: 'up',
      },
    ],
  });
  return { c1, c2, c3, c4 };
}

/**
 * seedWeek's conversations plus c5 (assistant, General) across midnight Wednesday to Thursday,
 * so it spans two rollup rows, c6 after the week (asked last, so the product rollup counts every
 * turn before it), and the product list Harbour Box, Parcel, Lantern (report-filters tests).
 * The week, turn by turn:
 *
 * | turn | when      | channel / department | ms   | sentiment | rating | product in Q / A |
 * | T1   | Mon 09:00 | assistant / General  | 1000 | neutral   | up     | – / Harbour Box  |
 * | T2   | Mon 09:02 | assistant / General  | 3000 | negative  | down   | – / Harbour Box  |
 * | T3   | Mon 09:30 | assistant / other    | 2000 | neutral   |        | Parcel / Parcel  |
 * | T4   | Tue 14:00 | widget / (General)   | 4000 | positive  | up     | – / –            |
 * | T5   | Wed 23:50 | assistant / General  | 1000 | positive  | up     | Lantern / Lantern|
 * | T6   | Thu 00:10 | assistant / General  | 3000 | negative  | down   | Lantern / Lantern|
 * | T7   | Thu 00:20 | assistant / General  | 2000 | negative  |        | Lantern / –      |
 *
 * Conversations: c1 = T1 T2, c2 = T3, c3 = T4, c5 = T5 T6 T7. "refund" is in T1, T2 and T4.
 */
export async function seedFilterWeek(t: TestApp, userId: number, otherDepartment: number) {
  await seedWeek(t, userId, otherDepartment);
  await writeConversation(t, userId, {
    channel: 'console',
    department: 1,
    departments: [1],
    turns: [
      {
        asked: '2025-03-05T23:50:00.000Z',
        latency: 1000,
        question: 'I love the Lantern, excellent',
        answer: 'The Lantern is on sale.',
        rating: 'up',
      },
      {
        asked: '2025-03-06T00:10:00.000Z',
        latency: 3000,
        question: 'The Lantern broke, awful',
        answer: 'Sorry, a new Lantern is on its way.',
        rating: 'down',
      },
      {
        asked: '2025-03-06T00:20:00.000Z',
        latency: 2000,
        question: 'The Lantern broke again, terrible',
        answer: 'It is covered by the warranty.',
      },
    ],
  });
  // After the week, asked last: the product rollup counts every turn before it (it counts the
  // turns stored before the latest one asked 10 minutes ago; product-rollup.ts).
  await writeConversation(t, userId, {
    channel: 'console',
    department: 1,
    departments: [1],
    turns: [{ asked: '2025-03-12T10:00:00.000Z', latency: 100, question: 'Hi', answer: 'Hi' }],
  });
  await t.database.db.deleteFrom('report_products').execute();
  await t.database.db
    .insertInto('report_products')
    .values(['Harbour Box', 'Parcel', 'Lantern'].map((name) => ({ name, created_at: nowIso() })))
    .execute();
}
