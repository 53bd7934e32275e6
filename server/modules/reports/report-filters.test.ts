import { beforeAll, expect, it } from 'vitest';
import { addDepartment, addPerson } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { seedFilterWeek, WEEK_QUERY } from './report-fixtures';
import { createSentimentRepo } from './sentiment-repo';
import { createTurnLog } from './turn-log';

const week = WEEK_QUERY;

/** The reports' filters, figure by figure, on seedFilterWeek's week (its table). */
describeApi('report filters', (t) => {
  let other = 0;
  beforeAll(async () => {
    other = await addDepartment(t);
    await seedFilterWeek(t, (await addPerson(t)).id, other);
  });
  const get = async (path: string) => {
    const res = await t.api('GET', `/api/reports/${path}`, { token: t.admin });
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };
  const summary = (filter: string) =>
    get(`sentiments/average_conversation_summary?${week}&${filter}`);
  const products = async (filter: string) => {
    const d = await get(`sentiments/dashboard?${week}&${filter}`);
    return { popular: d.popular_products, suggested: d.suggested_products };
  };

  it('when the overview is read, then every intent cluster has its exact label, count and example, from a sample as large as the range', async () => {
    const overview = await get(`analytics/overview?${week}`);
    // c5's three Lantern questions (two of them say "The Lantern broke": the phrase as written,
    // without "awful" or "terrible"), the three about a refund, and the parcel question; equal
    // counts by label, a tie of examples to the first in order.
    expect(overview.intents).toEqual([
      { label: 'Lantern broke', count: 3, example: 'I love the Lantern, excellent' },
      { label: 'refund', count: 3, example: 'How do I get a refund for my order?' },
      { label: 'parcel tracking number', count: 1, example: 'Where is my parcel tracking number?' },
    ]);
    expect(overview.intents_sample).toEqual({ questions: 7, of: 7 });
  });

  it('when conversations are summarised for one sentiment, then each counts by the sentiment of all its turns, as many as without the filter', async () => {
    // c1 (T1 neutral, T2 negative: a tie, neutral), c2 neutral, c3 positive, c5 (one positive,
    // two negative) negative: c1's negative turn does not make it a negative conversation.
    const all = await summary('');
    expect(all).toMatchObject({
      total_conversations: 4,
      average_turns: 1.75,
      positive: 1,
      neutral: 2,
      negative: 1,
    });
    expect(await summary('sentiment=negative')).toMatchObject({
      total_conversations: all.negative,
      average_turns: 1.75,
      positive: 0,
      neutral: 0,
      negative: all.negative,
    });
    expect(await summary('sentiment=positive')).toMatchObject({
      total_conversations: 1,
      positive: 1,
      neutral: 0,
      negative: 0,
    });
    expect(await summary('sentiment=neutral')).toMatchObject({
      total_conversations: 2,
      positive: 0,
      neutral: 2,
      negative: 0,
    });
  });

  it('when two hours are equally busy, then the heat map names the first and counts the other as tied, and both are peak hours', async () => {
    // T4 Tuesday 14:00 and T5 Wednesday 23:50: one question each.
    const range = 'start_date=2025-03-04&end_date=2025-03-05';
    const peak = await get(`analytics/peak_hours?${range}`);
    expect(peak.busiest).toEqual({ weekday: 1, hour: 14, count: 1, ties: 1 });
    expect(await get(`analytics/response_time?${range}`)).toMatchObject({
      peak_hours: [14, 23],
      peak: { turns: 2, average_ms: 2500 },
      normal: { turns: 0, average_ms: 0 },
    });
  });

  it('when conversations are summarised for products, then only the turns naming them count', async () => {
    // c5: one positive, two negative.
    expect(await summary('products=lantern')).toMatchObject({
      total_conversations: 1,
      average_turns: 3,
      positive: 0,
      neutral: 0,
      negative: 1,
    });
    // c1 (T1 neutral, T2 negative: a tie, neutral) and c3 (T4 positive).
    expect(await summary('products=refund')).toMatchObject({
      total_conversations: 2,
      average_turns: 1.5,
      positive: 1,
      neutral: 1,
      negative: 0,
    });
  });

  it('when the top products are read for one sentiment or for products, then only those turns name them', async () => {
    expect(await products('')).toEqual({
      popular: [
        { name: 'Lantern', count: 3 },
        { name: 'Parcel', count: 1 },
      ],
      suggested: [
        { name: 'Harbour Box', count: 2 },
        { name: 'Lantern', count: 2 },
        { name: 'Parcel', count: 1 },
      ],
    });
    expect(await products('sentiment=negative')).toEqual({
      popular: [{ name: 'Lantern', count: 2 }],
      suggested: [
        { name: 'Harbour Box', count: 1 },
        { name: 'Lantern', count: 1 },
      ],
    });
    expect(await products('sentiment=neutral')).toEqual({
      popular: [{ name: 'Parcel', count: 1 }],
      suggested: [
        { name: 'Harbour Box', count: 1 },
        { name: 'Parcel', count: 1 },
      ],
    });
    expect(await products('products=lantern')).toEqual({
      popular: [{ name: 'Lantern', count: 3 }],
      suggested: [{ name: 'Lantern', count: 2 }],
    });
    expect(await products('products=refund')).toEqual({
      popular: [],
      suggested: [{ name: 'Harbour Box', count: 2 }],
    });
  });

  it('when a counted turn’s sentiment changes, then the top products by sentiment follow it', async () => {
    // Counted first (the dashboard reads the product rollup), then T5 re-judged as the model
    // would: its Lantern mention moves from positive to negative.
    expect(await products('sentiment=positive')).toEqual({
      popular: [{ name: 'Lantern', count: 1 }],
      suggested: [{ name: 'Lantern', count: 1 }],
    });
    const turn = await t.database.db
      .selectFrom('chat_turns')
      .select('id')
      .where('question', '=', 'I love the Lantern, excellent')
      .executeTakeFirstOrThrow();
    const repo = createSentimentRepo(t.database, createTurnLog());
    await repo.saveSentiment(turn.id, { sentiment: 'negative', score: -1, source: 'llm' });
    expect(await products('sentiment=positive')).toEqual({ popular: [], suggested: [] });
    expect(await products('sentiment=negative')).toEqual({
      popular: [{ name: 'Lantern', count: 3 }],
      suggested: [
        { name: 'Lantern', count: 2 },
        { name: 'Harbour Box', count: 1 },
      ],
    });
    await repo.saveSentiment(turn.id, { sentiment: 'positive', score: 1, source: 'llm' });
    expect(await products('sentiment=negative')).toEqual({
      popular: [{ name: 'Lantern', count: 2 }],
      suggested: [
        { name: 'Harbour Box', count: 1 },
        { name: 'Lantern', count: 1 },
      ],
    });
  });
});
