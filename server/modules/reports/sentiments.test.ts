import { expect, it } from 'vitest';
import { isoDay } from '../../../contract/reports';
import { offlineSentiment } from '../../services/sentiment';
import { addPerson } from '../../test-support/identity';
import { describeApi, type TestApp } from '../../test-support/test-app';
import { createWidget, visitorOf } from '../../test-support/widgets';
import { createSentimentRecorder } from './sentiment-recorder';
import { createSentimentRepo } from './sentiment-repo';
import { createTurnLog } from './turn-log';

const sentimentOf = (t: TestApp, turnId: number) =>
  t.database.db
    .selectFrom('turn_sentiments')
    .select(['sentiment', 'source'])
    .where('turn_id', '=', turnId)
    .executeTakeFirst();

describeApi('turn sentiments', (t) => {
  it('when the offline library judges questions, then praise is positive, complaints negative, plain questions neutral', () => {
    expect(offlineSentiment('Thanks, great help!').sentiment).toBe('positive');
    expect(offlineSentiment('The parcel arrived broken, this is terrible').sentiment).toBe(
      'negative',
    );
    expect(offlineSentiment('I am not happy with the delivery').sentiment).toBe('negative');
    expect(offlineSentiment('Where is my parcel?').sentiment).toBe('neutral');
  });

  it('when a question is answered in the console, then its turn is stored with its sentiment', async () => {
    const res = await t.api('POST', '/api/chat/stuff', {
      token: t.admin,
      body: { query: 'This is awful, nothing works and I am angry', department_id: 1 },
    });
    expect(res.status, res.raw).toBe(200);
    expect(await sentimentOf(t, res.body.message_id)).toEqual({
      sentiment: 'negative',
      source: 'offline',
    });
  });

  it('when a widget visitor asks, then the turn counts for that widget and its sentiment is kept', async () => {
    const widget = await createWidget(t, t.admin);
    const otherWidget = await createWidget(t, t.admin);
    const visitor = await visitorOf(t, widget.client_id);
    const asked = await t.api('POST', '/api/service-agent/me/chat', {
      token: visitor.access_token,
      body: { query: 'Wonderful service, thank you!' },
    });
    expect(asked.status, asked.raw).toBe(200);
    const today = isoDay(new Date());
    const range = `start_date=${today}&end_date=${today}`;
    const mine = await t.api(
      'GET',
      `/api/reports/sentiments/dashboard?${range}&channel=widget&widget_id=${widget.id}`,
      { token: t.admin },
    );
    expect(mine.body.overview).toEqual({ positive: 1, neutral: 0, negative: 0 });
    const theirs = await t.api(
      'GET',
      `/api/reports/analytics/overview?${range}&widget_id=${otherWidget.id}`,
      { token: t.admin },
    );
    expect(theirs.body.total_conversations).toBe(0);
  });

  it('when turns were stored without a sentiment, then the backfill judges each of them once', async () => {
    const owner = await addPerson(t);
    const now = new Date().toISOString();
    const base = {
      conversation_id: null,
      user_id: owner.id,
      channel: 'console' as const,
      department_id: 1,
      department_ids: '[1]',
      mode: 'stuff' as const,
      standalone_question: null,
      sub_questions: null,
      answer: 'An answer',
      engine: 'builtin' as const,
      model: 'builtin',
      no_answer: 0,
      cancelled: 0,
      latency_ms: 10,
      references_json: '[]',
      eval_json: null,
      provider_error: null,
      asked_at: now,
      answered_at: now,
    };
    const rows = await t.database.db
      .insertInto('chat_turns')
      .values([
        { ...base, question: 'I love this, excellent' },
        { ...base, question: 'Terrible, broken and useless' },
        { ...base, question: 'What are the opening hours?' },
      ])
      .returning('id')
      .execute();
    const recorder = createSentimentRecorder({
      repo: createSentimentRepo(t.database, createTurnLog()),
      llm: null,
      background: { run: () => undefined, idle: async () => undefined },
    });
    expect(await recorder.backfill(2)).toBeGreaterThanOrEqual(3);
    const judged = await Promise.all(rows.map((r) => sentimentOf(t, r.id)));
    expect(judged.map((j) => j?.sentiment)).toEqual(['positive', 'negative', 'neutral']);
    expect(await recorder.backfill()).toBe(0);
  });
});
