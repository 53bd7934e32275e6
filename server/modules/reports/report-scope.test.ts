import { beforeAll, expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import {
  addDepartment,
  addPerson,
  addRole,
  GENERAL,
  type Person,
  personWith,
} from '../../test-support/identity';
import { describeApi, TEST_API_KEY } from '../../test-support/test-app';
import { createProductRollup } from './product-rollup';
import { WEEK_QUERY, writeConversation } from './report-fixtures';

const week = WEEK_QUERY;

/** Words of General that a Sales reader must never read. */
const GENERAL_WORDS = ['salaries', 'Payroll', 'discount'];

/**
 * A conversation that touched several departments is read only by those who may read all of
 * them; a department filter outside the reader's departments is refused.
 */
describeApi('reports of conversations across departments', (t) => {
  let sales = 0;
  let salesReader: Person;
  let bothReader: Person;

  beforeAll(async () => {
    sales = await addDepartment(t, 'Sales');
    const owner = (await addPerson(t)).id;
    const turn = (asked: string, question: string) => ({
      asked,
      latency: 1000,
      question,
      answer: 'Noted.',
    });
    // A General question, then a Sales one, in one conversation.
    await writeConversation(t, owner, {
      channel: 'console',
      department: GENERAL,
      departments: [GENERAL],
      turns: [
        turn('2025-03-03T09:00:00.000Z', 'How are salaries paid in General?'),
        {
          ...turn('2025-03-03T09:05:00.000Z', 'Which Lantern discount do we give?'),
          department: sales,
          departments: [sales],
        },
      ],
    });
    // One question answered from the sources of both.
    await writeConversation(t, owner, {
      channel: 'console',
      department: null,
      departments: [GENERAL, sales],
      turns: [turn('2025-03-04T10:00:00.000Z', 'Payroll and Lantern pricing together?')],
    });
    await writeConversation(t, owner, {
      channel: 'console',
      department: sales,
      departments: [sales],
      turns: [turn('2025-03-05T11:00:00.000Z', 'Lantern price list for customers')],
    });
    await writeConversation(t, owner, {
      channel: 'console',
      department: GENERAL,
      departments: [GENERAL],
      turns: [turn('2025-03-06T12:00:00.000Z', 'Holiday calendar for next year')],
    });
    salesReader = await personWith(
      t,
      sales,
      'Reports.LIST_VIEW',
      'Reports.VIEW',
      'Reports.DOWNLOAD',
    );
    const readerRole = (department: number) =>
      addRole(t, department, idsOf('Reports.LIST_VIEW', 'Reports.VIEW'));
    bothReader = await addPerson(t, {
      assignments: [
        { department_id: GENERAL, role_id: await readerRole(GENERAL) },
        { department_id: sales, role_id: await readerRole(sales) },
      ],
    });
    // The product filter reads the products' rows once they are counted.
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: ['Lantern'] },
    });
    expect(put.status).toBe(200);
    await t.app.backgroundTasks.idle();
    await createProductRollup(t.database).catchUp(['lantern'], new Date('2030-01-01'));
    const counted = await t.database.db
      .selectFrom('report_product_turns')
      .select('turn_id')
      .where('product', '=', 'lantern')
      .execute();
    expect(counted).toHaveLength(3);
  });

  const questions = async (token: string, query = '') => {
    const res = await t.api('GET', `/api/reports/sentiments/conversations?${week}${query}`, {
      token,
    });
    expect(res.status, res.raw).toBe(200);
    return {
      total: res.body.total as number,
      asked: (res.body.items as { question: string }[]).map((i) => i.question).sort(),
      raw: res.raw,
    };
  };

  it('when a Sales reader lists the turns behind the charts, then no turn of a conversation that touched General is there, with or without a product filter', async () => {
    for (const query of ['', '&products=lantern']) {
      const listed = await questions(salesReader.token, query);
      expect(listed.asked, query).toEqual(['Lantern price list for customers']);
      expect(listed.total, query).toBe(1);
      for (const word of GENERAL_WORDS) expect(listed.raw).not.toContain(word);
    }
    // Those who may read both departments read the whole conversations.
    const whole = await questions(bothReader.token);
    expect(whole.total).toBe(5);
    expect(whole.asked).toContain('How are salaries paid in General?');
    expect((await questions(bothReader.token, '&products=lantern')).total).toBe(3);
    expect((await questions(t.admin)).total).toBe(5);
  });

  it('when a Sales reader reads the figures, then turns that touched General do not count and the intents show none of their words', async () => {
    const res = await t.api('GET', `/api/reports/analytics/overview?${week}`, {
      token: salesReader.token,
    });
    expect(res.status).toBe(200);
    // The Sales turn of the first conversation and the Sales-only one.
    expect(res.body.total_conversations).toBe(2);
    expect(res.body.intents_sample.questions).toBe(1);
    for (const word of GENERAL_WORDS) expect(res.raw).not.toContain(word);
    const admin = await t.api('GET', `/api/reports/analytics/overview?${week}`, {
      token: t.admin,
    });
    expect(admin.body.total_conversations).toBe(4);
  });

  it('when a Sales reader filters the reports by General, then every report refuses it with 403', async () => {
    const routes = [
      '/api/reports/analytics/overview',
      '/api/reports/analytics/peak_hours',
      '/api/reports/analytics/response_time',
      '/api/reports/analytics/customer_satisfaction',
      '/api/reports/sentiments/dashboard',
      '/api/reports/sentiments/average_conversation_summary',
      '/api/reports/sentiments/conversations',
    ];
    for (const route of routes) {
      const refused = await t.api('GET', `${route}?${week}&department_id=${GENERAL}`, {
        token: salesReader.token,
      });
      expect(refused.status, route).toBe(403);
      for (const word of GENERAL_WORDS) expect(refused.raw).not.toContain(word);
      const own = await t.api('GET', `${route}?${week}&department_id=${sales}`, {
        token: salesReader.token,
      });
      expect(own.status, route).toBe(200);
      const unknown = await t.api('GET', `${route}?${week}&department_id=99999`, {
        token: salesReader.token,
      });
      expect(unknown.status, route).toBe(403);
    }
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/reports/analytics/export/?${week}&export_format=csv&department_id=${GENERAL}`,
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${salesReader.token}` },
    });
    expect(exported.statusCode).toBe(403);
    expect(exported.body).not.toContain('salaries');
    const admin = await t.api('GET', `/api/reports/analytics/overview?${week}&department_id=1`, {
      token: t.admin,
    });
    expect(admin.status).toBe(200);
  });
});
