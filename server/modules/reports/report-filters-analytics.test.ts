import { beforeAll, expect, it } from 'vitest';
import { addDepartment, addPerson, GENERAL } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { createWidget, visitorOf } from '../../test-support/widgets';
import { seedFilterWeek, WEEK_QUERY } from './report-fixtures';

const week = WEEK_QUERY;

/** The reports' filters, figure by figure, on seedFilterWeek's week (its table). */
describeApi('report filters of the analytics', (t) => {
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
  it('when peak hours, response time and satisfaction are read for the assistant or the widgets, then only that channel counts', async () => {
    const peak = await get(`analytics/peak_hours?${week}&channel=assistant`);
    expect(peak.busiest).toMatchObject({ weekday: 0, hour: 9, count: 3 });
    expect(peak.matrix[2][23]).toBe(1);
    expect(peak.matrix[3][0]).toBe(2);
    expect(peak.matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(6);
    expect(await get(`analytics/response_time?${week}&channel=assistant`)).toMatchObject({
      // Hours 09 (3 questions) and 00 (2) reach the average busy hour (2); 23 (1) does not.
      peak_hours: [0, 9],
      peak: { turns: 5, average_ms: 2200 },
      normal: { turns: 1, average_ms: 1000 },
    });
    expect(await get(`analytics/customer_satisfaction?${week}&channel=assistant`)).toMatchObject({
      total_responses: 4,
      satisfaction_score: 50,
      breakdown: { positive: 2, negative: 2 },
    });
    const widget = await get(`analytics/peak_hours?${week}&channel=widget`);
    expect(widget.busiest).toMatchObject({ weekday: 1, hour: 14, count: 1 });
    expect(widget.matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(await get(`analytics/response_time?${week}&channel=widget`)).toMatchObject({
      peak_hours: [14],
      peak: { turns: 1, average_ms: 4000 },
      normal: { turns: 0, average_ms: 0 },
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
    expect(peak.busiest).toMatchObject({ weekday: 0, hour: 9, count: 2 });
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
    expect(theirs.busiest).toMatchObject({ weekday: 0, hour: 9, count: 1 });
    expect(await get(`analytics/response_time?${week}&department_id=${other}`)).toMatchObject({
      // Its one busy hour is its peak.
      peak_hours: [9],
      peak: { turns: 1, average_ms: 2000 },
      normal: { turns: 0, average_ms: 0 },
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
    expect(peak.busiest).toMatchObject({ weekday, hour, count: 1 });
    expect(peak.matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(await get(`analytics/response_time?${range}&widget_id=${mine.id}`)).toMatchObject({
      peak_hours: [hour],
      peak: { turns: 1, average_ms: turn.latency_ms },
      normal: { turns: 0, average_ms: 0 },
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
