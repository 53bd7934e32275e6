import { beforeAll, expect, it } from 'vitest';
import {
  analyticsOverviewSchema,
  conversationSummarySchema,
  customerSatisfactionSchema,
  peakHoursSchema,
  responseTimeSchema,
  sentimentDashboardSchema,
} from '../../../contract/reports';
import { addDepartment, addPerson, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { seedWeek, WEEK_QUERY } from './report-fixtures';

const week = WEEK_QUERY;

/** Conversation analytics and the sentiment dashboard (SPEC §7 Reports), figure by figure. */
describeApi('reports', (t) => {
  let other = 0;
  beforeAll(async () => {
    other = await addDepartment(t);
    const owner = await addPerson(t);
    await seedWeek(t, owner.id, other);
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: ['Harbour Box', 'Parcel', 'Lantern'] },
    });
    expect(put.status).toBe(200);
  });
  const get = async (path: string, token = t.admin) => {
    const res = await t.api('GET', `/api/reports/${path}`, { token });
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };

  it('when the overview of a week is read, then every figure is exact', async () => {
    const body = analyticsOverviewSchema.parse(await get(`analytics/overview?${week}`));
    expect(body).toMatchObject({
      total_conversations: 3,
      average_conversations_per_day: 0.43,
      // c1 09:00:00 -> 09:02:03 (123 s), c2 2 s, c3 4 s.
      average_conversation_time: 43,
      chatbot_response_time: 2500,
      avg_messages_per_conversation: 2.67,
      date_range: { start_date: '2025-03-03', end_date: '2025-03-09', days: 7 },
    });
    // Every cluster: "refund" in three questions (the example: the first of the tied, in
    // order), and the parcel question, labelled by its words in the order written.
    expect(body.intents).toEqual([
      { label: 'refund', count: 3, example: 'How do I get a refund for my order?' },
      { label: 'parcel tracking number', count: 1, example: 'Where is my parcel tracking number?' },
    ]);
    expect(body.intents_sample).toEqual({ questions: 4, of: 4 });
  });

  it('when peak hours and response times are read, then Monday 09 is the peak and the times split there', async () => {
    const peak = peakHoursSchema.parse(await get(`analytics/peak_hours?${week}`));
    expect(peak.busiest).toEqual({ weekday: 0, hour: 9, count: 3, ties: 0 });
    expect(peak.matrix[1]?.[14]).toBe(1);
    expect(peak.matrix.flat().reduce((a, b) => a + b, 0)).toBe(4);
    const times = responseTimeSchema.parse(await get(`analytics/response_time?${week}`));
    expect(times).toMatchObject({
      peak_hours: [9],
      peak: { turns: 3, average_ms: 2000 },
      normal: { turns: 1, average_ms: 4000 },
    });
  });

  it('when every question of the range was asked in one hour, then that hour is the peak beside the heat map, not "no peak"', async () => {
    const tuesday = 'start_date=2025-03-04&end_date=2025-03-04';
    const peak = peakHoursSchema.parse(await get(`analytics/peak_hours?${tuesday}`));
    expect(peak.busiest).toEqual({ weekday: 1, hour: 14, count: 1, ties: 0 });
    const times = responseTimeSchema.parse(await get(`analytics/response_time?${tuesday}`));
    expect(times).toMatchObject({
      peak_hours: [14],
      peak: { turns: 1, average_ms: 4000 },
      normal: { turns: 0, average_ms: 0 },
    });
    // Monday 09 (three questions) and Tuesday 14 (one): Monday alone, then both days, where
    // Tuesday's hour stays below the average busy hour.
    const both = responseTimeSchema.parse(
      await get('analytics/response_time?start_date=2025-03-03&end_date=2025-03-04'),
    );
    expect(both.peak_hours).toEqual([9]);
  });

  it('when satisfaction is read, then only the ratings of the week count', async () => {
    const body = customerSatisfactionSchema.parse(
      await get(`analytics/customer_satisfaction?${week}`),
    );
    expect(body).toMatchObject({
      total_responses: 3,
      satisfaction_score: 66.7,
      breakdown: { positive: 2, negative: 1 },
    });
  });

  it('when a channel or a department is chosen, then only its conversations count', async () => {
    const assistant = await get(`analytics/overview?${week}&channel=assistant`);
    expect(assistant.total_conversations).toBe(2);
    const widget = await get(`analytics/overview?${week}&channel=widget`);
    expect(widget).toMatchObject({ total_conversations: 1, chatbot_response_time: 4000 });
    const general = await get(`analytics/overview?${week}&department_id=1`);
    expect(general.total_conversations).toBe(2);
    const next = await get('analytics/overview?start_date=2025-03-10&end_date=2025-03-10');
    expect(next).toMatchObject({ total_conversations: 1, chatbot_response_time: 9000 });
  });

  it('when the sentiment dashboard is read, then series, overview and products are exact', async () => {
    const body = sentimentDashboardSchema.parse(await get(`sentiments/dashboard?${week}`));
    expect(body.performance).toHaveLength(7);
    expect(body.performance[0]).toEqual({
      date: '2025-03-03',
      positive: 0,
      neutral: 2,
      negative: 1,
    });
    expect(body.performance[1]).toEqual({
      date: '2025-03-04',
      positive: 1,
      neutral: 0,
      negative: 0,
    });
    expect(body.overview).toEqual({ positive: 1, neutral: 2, negative: 1 });
    expect(body.popular_products).toEqual([{ name: 'Parcel', count: 1 }]);
    expect(body.suggested_products).toEqual([
      { name: 'Harbour Box', count: 2 },
      { name: 'Parcel', count: 1 },
    ]);
    const weekly = await get(`sentiments/dashboard?${week}&date_range=week`);
    expect(weekly.performance).toEqual([
      { date: '2025-03-03', positive: 1, neutral: 2, negative: 1 },
    ]);
    const negative = await get(`sentiments/dashboard?${week}&sentiment=negative`);
    expect(negative.overview).toEqual({ positive: 0, neutral: 0, negative: 1 });
    const parcel = await get(`sentiments/dashboard?${week}&products=parcel`);
    expect(parcel.overview).toEqual({ positive: 0, neutral: 1, negative: 0 });
  });

  it('when a bar or slice is opened, then its turns come newest first, for Reports.VIEW only', async () => {
    const negative = await get(
      `sentiments/conversations?start_date=2025-03-03&end_date=2025-03-03&sentiment=negative`,
    );
    expect(negative).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(negative.items[0]).toMatchObject({
      question: 'Refund still not received, this is terrible',
      sentiment: 'negative',
      channel: 'console',
    });
    const all = await get(`sentiments/conversations?${week}&size=2`);
    expect(all.total).toBe(4);
    expect(all.items.map((i: { asked_at: string }) => i.asked_at)).toEqual([
      '2025-03-04T14:00:00.000Z',
      '2025-03-03T09:30:00.000Z',
    ]);
    const theirs = await personWith(t, other, 'Reports.VIEW');
    const scoped = await get(`sentiments/conversations?${week}`, theirs.token);
    expect(scoped.items.map((i: { question: string }) => i.question)).toEqual([
      'Where is my parcel tracking number?',
    ]);
    const lister = await personWith(t, other, 'Reports.LIST_VIEW');
    const refused = await t.api('GET', `/api/reports/sentiments/conversations?${week}`, {
      token: lister.token,
    });
    expect(refused.status).toBe(403);
  });

  it('when conversations are summarised, then each counts by its prevailing sentiment', async () => {
    const body = conversationSummarySchema.parse(
      await get(`sentiments/average_conversation_summary?${week}`),
    );
    expect(body).toMatchObject({
      total_conversations: 3,
      average_turns: 1.33,
      positive: 1,
      neutral: 2,
      negative: 0,
    });
  });

  it('when a reader holds Reports rights in one department only, then only its turns count', async () => {
    const reader = await personWith(t, other, 'Reports.VIEW');
    const body = await get(`analytics/overview?${week}`, reader.token);
    expect(body).toMatchObject({ total_conversations: 1, chatbot_response_time: 2000 });
    const products = await get('sentiments/products', reader.token);
    expect(products.items.map((p: { name: string }) => p.name)).toEqual([
      'Harbour Box',
      'Lantern',
      'Parcel',
    ]);
    const edit = await t.api('PUT', '/api/reports/sentiments/products', {
      token: (await personWith(t, other, 'Reports.LIST_VIEW')).token,
      body: { names: [] },
    });
    expect(edit.status).toBe(403);
  });

  it('when someone without Reports rights asks, then 403; bad dates answer 400 and nothing', async () => {
    const nobody = await personWith(t, other, 'Users.LIST_VIEW');
    const denied = await t.api('GET', `/api/reports/analytics/overview?${week}`, {
      token: nobody.token,
    });
    expect(denied.status).toBe(403);
    const reversed = await t.api(
      'GET',
      '/api/reports/analytics/overview?start_date=2025-03-09&end_date=2025-03-03',
      { token: t.admin },
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields[0].path).toBe('end_date');
    const bad = await t.api('GET', '/api/reports/analytics/peak_hours?start_date=2025-13-40', {
      token: t.admin,
    });
    expect(bad.status).toBe(400);
  });
});
