import { beforeAll, expect, it } from 'vitest';
import { sentimentDashboardSchema } from '../../../contract/reports';
import { nowIso } from '../../db/database';
import { addPerson, GENERAL } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { writeConversation } from './report-fixtures';
import { productNames } from './service';

const week = 'start_date=2025-04-07&end_date=2025-04-13';
const turn = (asked: string, question: string, answer: string) => ({
  asked,
  latency: 1000,
  question,
  answer,
});

/**
 * The sentiment dashboard's top products: names found in questions and answers,
 * looked up in the admin's product list and in SOP's product types (its starting list and every
 * type an SOP document uses).
 */
describeApi('report products', (t) => {
  beforeAll(async () => {
    const owner = await addPerson(t);
    const now = nowIso();
    const client = await t.database.db
      .insertInto('sop_clients')
      .values({ first_name: 'Northwind', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('sop_documents')
      .values({
        name: 'Solar import SOP',
        department_id: GENERAL,
        client_id: client.id,
        industry: 'Energy',
        product_type: 'Solar panels',
        page_count: 1,
        requirement_count: 0,
        archived_at: null,
        archive_comment: null,
        archived_by: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeConversation(t, owner.id, {
      channel: 'console',
      department: GENERAL,
      departments: [GENERAL],
      turns: [
        turn('2025-04-07T09:00:00.000Z', 'Do you ship Machinery to Spain?', 'Yes, by sea.'),
        turn('2025-04-07T09:01:00.000Z', 'And machinery spare parts?', 'Also.'),
        turn('2025-04-08T10:00:00.000Z', 'Customs for solar panels?', 'Pharmaceuticals differ.'),
        turn('2025-04-08T10:05:00.000Z', 'How big is a Harbour Box?', 'Forty litres.'),
        // Outside the week: not counted.
        turn('2025-04-14T10:00:00.000Z', 'Chemicals and machinery?', 'No.'),
      ],
    });
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: ['machinery', 'Harbour Box'] },
    });
    expect(put.status, put.raw).toBe(200);
  });

  it('when the admin list and SOP name the same product, then it is counted once, in the admin spelling', () => {
    expect(productNames(['machinery', 'Box '], ['Machinery', 'Chemicals', 'box'])).toEqual([
      'machinery',
      'Box',
      'Chemicals',
    ]);
  });

  it('when questions name SOP product types and listed products, then the top products count both exactly', async () => {
    const res = await t.api('GET', `/api/reports/sentiments/dashboard?${week}`, {
      token: t.admin,
    });
    expect(res.status, res.raw).toBe(200);
    const body = sentimentDashboardSchema.parse(res.body);
    expect(body.popular_products).toEqual([
      { name: 'machinery', count: 2 },
      { name: 'Harbour Box', count: 1 },
      { name: 'Solar panels', count: 1 },
    ]);
    // An SOP starting type named in an answer is an AI-suggested product.
    expect(body.suggested_products).toEqual([{ name: 'Pharmaceuticals', count: 1 }]);
  });

  it('when the admin list is emptied, then SOP product types are still found', async () => {
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: [] },
    });
    expect(put.status, put.raw).toBe(200);
    const res = await t.api('GET', `/api/reports/sentiments/dashboard?${week}`, {
      token: t.admin,
    });
    expect(res.body.popular_products).toEqual([
      { name: 'Machinery', count: 2 },
      { name: 'Solar panels', count: 1 },
    ]);
  });

  it('when turns are stored after the rollup counted, then the next read counts them, the newest from the log', async () => {
    const owner = await addPerson(t);
    // Asked long ago: settled, counted into the rollup by the next read.
    await writeConversation(t, owner.id, {
      channel: 'console',
      department: GENERAL,
      departments: [GENERAL],
      turns: [turn('2025-04-09T08:00:00.000Z', 'Machinery again', 'Noted.')],
    });
    const again = await t.api('GET', `/api/reports/sentiments/dashboard?${week}`, {
      token: t.admin,
    });
    expect(again.body.popular_products[0]).toEqual({ name: 'Machinery', count: 3 });
    // Asked a moment ago: not settled (its widget may be named later), read from the log.
    const now = new Date();
    const fresh = await writeConversation(t, owner.id, {
      channel: 'console',
      department: GENERAL,
      departments: [GENERAL],
      turns: [turn(now.toISOString(), 'Textiles or machinery?', 'Machinery.')],
    });
    const today = now.toISOString().slice(0, 10);
    const res = await t.api(
      'GET',
      `/api/reports/sentiments/dashboard?start_date=${today}&end_date=${today}`,
      { token: t.admin },
    );
    expect(res.body.popular_products).toEqual([
      { name: 'Machinery', count: 1 },
      { name: 'Textiles', count: 1 },
    ]);
    expect(res.body.suggested_products).toEqual([{ name: 'Machinery', count: 1 }]);
    // Each product's mark stops before the fresh turn; 'harbour box', off the list, kept its own.
    const marks = await t.database.db
      .selectFrom('report_product_state')
      .select(['product', 'counted_through'])
      .execute();
    expect(marks.map((m) => m.product)).toContain('harbour box');
    for (const m of marks) expect(Number(m.counted_through)).toBeLessThan(fresh.turnIds[0] ?? 0);
  });

  it('when a product joins the list later, then it is counted from the first turn and the others are not counted twice', async () => {
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: ['Spare parts'] },
    });
    expect(put.status, put.raw).toBe(200);
    const res = await t.api('GET', `/api/reports/sentiments/dashboard?${week}`, {
      token: t.admin,
    });
    expect(res.body.popular_products).toEqual([
      { name: 'Machinery', count: 3 },
      { name: 'Solar panels', count: 1 },
      { name: 'Spare parts', count: 1 },
    ]);
    const marks = await t.database.db
      .selectFrom('report_product_state')
      .select(['product', 'counted_through'])
      .where('product', 'in', ['machinery', 'spare parts'])
      .execute();
    expect(new Set(marks.map((m) => Number(m.counted_through))).size).toBe(1);
  });
});
