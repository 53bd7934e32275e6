import { expect, it } from 'vitest';
import { addPerson } from '../../test-support/identity';
import { describeApi, type TestApp } from '../../test-support/test-app';
import { createWidget, visitorOf } from '../../test-support/widgets';
import { writeConversation } from './report-fixtures';
import { recountOf, rollupsOf } from './rollup-check';
import { backfillRollups } from './rollups';
import { createSentimentRepo } from './sentiment-repo';
import { createTurnLog } from './turn-log';

const agree = async (t: TestApp) => expect(await rollupsOf(t)).toEqual(await recountOf(t));

describeApi('report rollups', (t) => {
  it('when turns are stored, rated, re-judged, linked to a widget, and their chat and its owner are deleted, then the rollups equal a recount of the log', async () => {
    const ask = (query: string, chat_id?: string) =>
      t.api('POST', '/api/chat/stuff', {
        token: t.admin,
        body: { query, department_id: 1, ...(chat_id ? { chat_id } : {}) },
      });
    const first = await ask('Thanks, where is the holiday policy?');
    expect(first.status, first.raw).toBe(200);
    const second = await ask('This is awful, the form is broken', first.body.chat_id);
    const other = await ask('What are the opening hours?');
    for (const [message_id, rating] of [
      [first.body.message_id, 'up'],
      [second.body.message_id, 'down'],
      [second.body.message_id, 'up'],
      [other.body.message_id, 'down'],
    ] as const) {
      const rated = await t.api('POST', '/api/chat/feedback', {
        token: t.admin,
        body: { message_id, rating },
      });
      expect(rated.status, rated.raw).toBe(200);
    }
    await createSentimentRepo(t.database, createTurnLog()).saveSentiment(first.body.message_id, {
      sentiment: 'negative',
      score: -1,
      source: 'llm',
    });
    const widget = await createWidget(t, t.admin);
    const visitor = await visitorOf(t, widget.client_id);
    const asked = await t.api('POST', '/api/service-agent/me/chat', {
      token: visitor.access_token,
      body: { query: 'Wonderful service, thank you!' },
    });
    expect(asked.status, asked.raw).toBe(200);
    const visitorRated = await t.api('POST', '/api/service-agent/me/feedback', {
      token: visitor.access_token,
      body: { message_id: asked.body.message_id, rating: 'down' },
    });
    expect(visitorRated.status, visitorRated.raw).toBe(200);
    const rollups = await rollupsOf(t);
    expect(Object.keys(rollups.hourly).some((k) => k.includes(`|widget|${widget.id}|`))).toBe(true);
    await agree(t);

    const deleted = await t.api('DELETE', `/api/chat/conversations/${first.body.chat_id}`, {
      token: t.admin,
    });
    expect(deleted.status, deleted.raw).toBeLessThan(300);
    await agree(t);

    const leaving = await addPerson(t);
    await writeConversation(t, leaving.id, {
      channel: 'console',
      department: 1,
      departments: [1],
      turns: [
        { question: 'Hello', answer: 'Hi', asked: '2025-03-05T08:00:00.000Z', latency: 30 },
        { question: 'Thanks', answer: 'Welcome', asked: '2025-03-05T08:01:00.000Z', latency: 20 },
      ],
    });
    const gone = await t.api('DELETE', `/api/users/delete/${leaving.id}`, { token: t.admin });
    expect(gone.status, gone.raw).toBe(200);
    await agree(t);
  });

  it('when many ratings and sentiments change at once, then no count is lost', async () => {
    const { turnIds } = await writeConversation(t, (await addPerson(t)).id, {
      channel: 'console',
      department: 1,
      departments: [1],
      turns: Array.from({ length: 6 }, (_, i) => ({
        question: `Question ${i}`,
        answer: 'An answer',
        asked: new Date(Date.UTC(2026, 0, 5, 9, i)).toISOString(),
        latency: 100 + i,
      })),
    });
    const repo = createSentimentRepo(t.database, createTurnLog());
    await Promise.all(
      turnIds.flatMap((id, i) => [
        repo.saveSentiment(id, {
          sentiment: i % 2 ? 'positive' : 'negative',
          score: 1,
          source: 'llm',
        }),
        repo.saveSentiment(id, { sentiment: 'neutral', score: 0, source: 'llm' }),
        t.api('POST', '/api/chat/feedback', {
          token: t.admin,
          body: { message_id: id, rating: i % 2 ? 'up' : 'down' },
        }),
      ]),
    );
    await agree(t);
  });

  it('when turns were stored before the rollups existed, then the backfill rolls each of them up once', async () => {
    const { db } = t.database;
    const before = await db
      .selectFrom('chat_turns')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const old = await writeConversation(t, (await addPerson(t)).id, {
      channel: 'console',
      department: 2,
      departments: [2],
      turns: [
        {
          question: 'I love it',
          answer: 'Good',
          asked: '2025-03-03T10:00:00.000Z',
          latency: 40,
          rating: 'up',
        },
        {
          question: 'Broken again',
          answer: 'Sorry',
          asked: '2025-03-04T23:59:00.000Z',
          latency: 60,
        },
      ],
    });
    // As if stored before 0018: out of the rollups, awaiting the backfill.
    await db.deleteFrom('report_hourly').execute();
    await db.deleteFrom('report_conversations').execute();
    await db.deleteFrom('report_conversation_days').execute();
    await db.deleteFrom('report_multi_conversations').execute();
    const upto = Math.max(...old.turnIds);
    await db
      .updateTable('report_rollup_state')
      .set({ backfill_upto: upto, backfilled_through: 0 })
      .execute();
    expect(Number(before?.id ?? 0)).toBeLessThan(upto);
    // A change before the backfill reaches the turn: the backfill reads its final state.
    await createSentimentRepo(t.database, createTurnLog()).saveSentiment(old.turnIds[1] as number, {
      sentiment: 'positive',
      score: 1,
      source: 'llm',
    });
    expect(await backfillRollups(db, 2)).toBe(upto);
    await agree(t);
    expect(await backfillRollups(db, 2)).toBe(0);
    await agree(t);
  });
});
