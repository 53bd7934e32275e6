import { beforeAll, expect, it } from 'vitest';
import { addDepartment, addPerson, GENERAL } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { createWidget, visitorOf } from '../../test-support/widgets';
import { seedWeek, WEEK, writeConversation } from './report-fixtures';

const week = `start_date=${WEEK.start_date}&end_date=${WEEK.end_date}`;

/**
 * The reports' filters, figure by figure (issue 14). The week of seedWeek plus c5 (assistant,
 * General) across midnight Wednesday to Thursday, so it spans two rollup rows:
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
describeApi('report filters', (t) => {
  let other = 0;
  beforeAll(async () => {
    other = await addDepartment(t);
    const owner = await addPerson(t);
    await seedWeek(t, owner.id, other);
    await writeConversation(t, owner.id, {
      channel: 'console',
      department: GENERAL,
      departments: [GENERAL],
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
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: ['Harbour Box', 'Parcel', 'Lantern'] },
    });
    expect(put.status).toBe(200);
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
    // c5's three Lantern questions (two of them say "broke"), the three about a refund, and
    // the parcel question; equal counts by label, a tie of examples to the first in order.
    expect(overview.intents).toEqual([
      { label: 'lantern broke', count: 3, example: 'I love the Lantern, excellent' },
      { label: 'refund', count: 3, example: 'How do I get a refund for my order?' },
      { label: 'number parcel', count: 1, example: 'Where is my parcel tracking number?' },
    ]);
    expect(overview.intents_sample).toEqual({ questions: 7, of: 7 });
  });

  it('when conversations are summarised for one sentiment, then only the conversations with turns of it count, by those turns', async () => {
    // c1 by T2 alone (one rollup row), c5 by T6 and T7 (two rows).
    expect(await summary('sentiment=negative')).toMatchObject({
      total_conversations: 2,
      average_turns: 1.5,
      positive: 0,
      neutral: 0,
      negative: 2,
    });
    // c3 by T4, c5 by T5.
    expect(await summary('sentiment=positive')).toMatchObject({
      total_conversations: 2,
      average_turns: 1,
      positive: 2,
      neutral: 0,
      negative: 0,
    });
    expect(await summary('sentiment=neutral')).toMatchObject({
      total_conversations: 2,
      average_turns: 1,
      positive: 0,
      neutral: 2,
      negative: 0,
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

  it('when peak hours, response time and satisfaction are read for the assistant or the widgets, then only that channel counts', async () => {
    const peak = await get(`analytics/peak_hours?${week}&channel=assistant`);
    expect(peak.busiest).toEqual({ weekday: 0, hour: 9, count: 3 });
    expect(peak.matrix[2][23]).toBe(1);
    expect(peak.matrix[3][0]).toBe(2);
    expect(peak.matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(6);
    expect(await get(`analytics/response_time?${week}&channel=assistant`)).toMatchObject({
      peak_hours: [9],
      peak: { turns: 3, average_ms: 2000 },
      normal: { turns: 3, average_ms: 2000 },
    });
    expect(await get(`analytics/customer_satisfaction?${week}&channel=assistant`)).toMatchObject({
      total_responses: 4,
      satisfaction_score: 50,
      breakdown: { positive: 2, negative: 2 },
    });
    const widget = await get(`analytics/peak_hours?${week}&channel=widget`);
    expect(widget.busiest).toEqual({ weekday: 1, hour: 14, count: 1 });
    expect(widget.matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(await get(`analytics/response_time?${week}&channel=widget`)).toMatchObject({
      peak_hours: [],
      peak: { turns: 0, average_ms: 0 },
      normal: { turns: 1, average_ms: 4000 },
    });
    expect(await get(`analytics/customer_satisfaction?${week}&channel=widget`)).toMatchObject({
      total_responses: 1,
      satisfaction_score: 100,
      breakdown: { positive: 1, negative: 0 },
    });
  });

  it('when peak hours, response time and satisfaction are read for a department, then only its turns count', async () => {
    const peak = await get(`analytics/peak_hours?${week}&department_id=${GENERAL}`);
    // Monday 09 and Thursday 00 both have 2; Monday comes first.
    expect(peak.busiest).toEqual({ weekday: 0, hour: 9, count: 2 });
    expect(peak.matrix[1][14]).toBe(1);
    expect(peak.matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(6);
    // Hours 0 and 9 (2 each) beat the busy hours' mean of 1.5.
    expect(await get(`analytics/response_time?${week}&department_id=${GENERAL}`)).toMatchObject({
      peak_hours: [0, 9],
      peak: { turns: 4, average_ms: 2250 },
      normal: { turns: 2, average_ms: 2500 },
    });
    expect(
      await get(`analytics/customer_satisfaction?${week}&department_id=${GENERAL}`),
    ).toMatchObject({
      total_responses: 5,
      satisfaction_score: 60,
      breakdown: { positive: 3, negative: 2 },
    });
    const theirs = await get(`analytics/peak_hours?${week}&department_id=${other}`);
    expect(theirs.busiest).toEqual({ weekday: 0, hour: 9, count: 1 });
    expect(await get(`analytics/response_time?${week}&department_id=${other}`)).toMatchObject({
      peak_hours: [],
      normal: { turns: 1, average_ms: 2000 },
    });
    expect(
      await get(`analytics/customer_satisfaction?${week}&department_id=${other}`),
    ).toMatchObject({ total_responses: 0, satisfaction_score: 0 });
  });

  it('when peak hours, response time and satisfaction are read for one widget, then only its visitors’ turns count', async () => {
    const mine = await createWidget(t, t.admin);
    const theirs = await createWidget(t, t.admin);
    const visitor = await visitorOf(t, mine.client_id);
    const asked = await t.api('POST', '/api/service-agent/me/chat', {
      token: visitor.access_token,
      body: { query: 'Where is the Bergen shop?' },
    });
    expect(asked.status, asked.raw).toBe(200);
    const rated = await t.api('POST', '/api/service-agent/me/feedback', {
      token: visitor.access_token,
      body: { message_id: asked.body.message_id, rating: 'down' },
    });
    expect(rated.status).toBe(200);
    const turn = await t.database.db
      .selectFrom('service_agent_turns as w')
      .innerJoin('chat_turns as c', 'c.id', 'w.chat_turn_id')
      .select(['c.asked_at', 'c.latency_ms'])
      .where('w.service_agent_id', '=', mine.id)
      .executeTakeFirstOrThrow();
    const day = turn.asked_at.slice(0, 10);
    const range = `start_date=${day}&end_date=${day}`;
    const weekday = (new Date(turn.asked_at).getUTCDay() + 6) % 7;
    const hour = new Date(turn.asked_at).getUTCHours();
    const peak = await get(`analytics/peak_hours?${range}&widget_id=${mine.id}`);
    expect(peak.busiest).toEqual({ weekday, hour, count: 1 });
    expect(peak.matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(await get(`analytics/response_time?${range}&widget_id=${mine.id}`)).toMatchObject({
      peak_hours: [],
      peak: { turns: 0, average_ms: 0 },
      normal: { turns: 1, average_ms: turn.latency_ms },
    });
    expect(
      await get(`analytics/customer_satisfaction?${range}&widget_id=${mine.id}`),
    ).toMatchObject({
      total_responses: 1,
      satisfaction_score: 0,
      breakdown: { positive: 0, negative: 1 },
    });
    // The other widget had no visitor.
    expect((await get(`analytics/peak_hours?${range}&widget_id=${theirs.id}`)).busiest).toBeNull();
    expect(await get(`analytics/response_time?${range}&widget_id=${theirs.id}`)).toMatchObject({
      normal: { turns: 0, average_ms: 0 },
    });
    expect(
      await get(`analytics/customer_satisfaction?${range}&widget_id=${theirs.id}`),
    ).toMatchObject({ total_responses: 0, breakdown: { positive: 0, negative: 0 } });
  });
});
