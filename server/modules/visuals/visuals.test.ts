import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualRouteSchema } from '../../../contract/chat';
import { addDocumentRow, SALES_TABLE } from '../../test-support/document-rows';
import { addDepartment, personWith } from '../../test-support/identity';
import { svgDocument, svgTexts } from '../../test-support/svg';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

describe.each(testDatabases)('visual answers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let querier: string;
  let lister: string;
  let salesId: number;
  const route = (token: string, query: string, text = '') =>
    t.api('POST', '/api/chat/visual_router', { token, body: { query, text } });
  const draw = (token: string, query: string, text = '') =>
    t.api('POST', '/api/chat/generate_visual', { token, body: { query, text } });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const mine = await addDepartment(t);
    const other = await addDepartment(t);
    querier = (await personWith(t, mine, 'Query.QUERY_DOCUMENT')).token;
    lister = (await personWith(t, mine, 'Documents.LIST_VIEW', 'Documents.VIEW')).token;
    salesId = await addDocumentRow(t, {
      departmentId: mine,
      name: 'regional_sales.xlsx',
      type: 'xlsx',
      tables: [SALES_TABLE, { name: 'Notes', columns: ['Note'], rows: [['hello']] }],
    });
    await addDocumentRow(t, {
      departmentId: other,
      name: 'secret_budget.csv',
      type: 'csv',
      tables: [
        {
          name: 'csv',
          columns: ['Project', 'Budget'],
          rows: [
            ['Apollo', 5],
            ['Zeus', 9],
          ],
        },
      ],
    });
    await addDocumentRow(t, {
      departmentId: mine,
      name: 'old_forecast.csv',
      type: 'csv',
      softDelete: true,
      tables: [{ name: 'csv', columns: ['Forecast Zone', 'Forecast Amount'], rows: [['A', 1]] }],
    });
    await addDocumentRow(t, {
      departmentId: mine,
      name: 'pending_tonnage.csv',
      type: 'csv',
      status: 'processing',
      tables: [{ name: 'csv', columns: ['Harbour', 'Tonnage'], rows: [['Brest', 1]] }],
    });
  });
  afterAll(async () => t?.close());

  it('when a question asks for revenue by region, then the router names the sheet, Region and Revenue as a bar chart', async () => {
    const res = await route(querier, 'Show me a chart of revenue by region');
    expect(res.status).toBe(200);
    expect(visualRouteSchema.parse(res.body)).toMatchObject({
      wants_chart: true,
      table: { document_id: salesId, document_name: 'regional_sales.xlsx', sheet: 'Sales' },
      columns: ['Region', 'Revenue'],
      chart_type: 'bar',
    });
  });

  it('when a question asks for a trend over time or a share, then the chart is a line or an arc', async () => {
    const trend = await route(querier, 'plot the revenue trend per month');
    expect(trend.body).toMatchObject({ columns: ['Month', 'Revenue'], chart_type: 'line' });
    const share = await route(querier, 'What share of units does each region have?');
    expect(share.body).toMatchObject({ columns: ['Region', 'Units'], chart_type: 'arc' });
  });

  it('when a question does not ask for a chart, then the router declines with a reason', async () => {
    const res = await route(querier, 'What is the refund policy for damaged goods?');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      wants_chart: false,
      table: null,
      columns: [],
      chart_type: null,
    });
    expect(res.body.reason).toMatch(/does not ask for a chart/);
  });

  it('when a chart is generated, then it is a valid SVG with every region as a label', async () => {
    const res = await draw(querier, 'chart of revenue by region');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['x-visual-engine']).toBe('builtin');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const labels = svgTexts(svgDocument(res.raw));
    for (const region of ['North', 'South', 'East', 'West']) expect(labels).toContain(region);
    expect(labels).toContain('Total Revenue by Region');
  });

  it('when a pie chart is generated, then the legend names each region', async () => {
    const res = await draw(querier, 'pie chart of units by region');
    expect(res.status).toBe(200);
    const labels = svgTexts(svgDocument(res.raw));
    for (const region of ['North', 'South', 'East', 'West']) expect(labels).toContain(region);
  });

  it("when a table belongs to another department, then the user's router never picks it and drawing it is 422", async () => {
    const mine = await route(querier, 'chart of budget by project');
    expect(mine.body.wants_chart).toBe(false);
    expect(JSON.stringify(mine.body)).not.toContain('secret_budget');
    const drawn = await draw(querier, 'chart of budget by project');
    expect(drawn.status).toBe(422);
    expect(drawn.body.message).toMatch(/No chart can be drawn/);
    const everywhere = await route(admin, 'chart of budget by project');
    expect(everywhere.body).toMatchObject({
      wants_chart: true,
      table: { document_name: 'secret_budget.csv' },
    });
  });

  it('when a table is soft-deleted or not ready, then it is never used', async () => {
    for (const q of ['chart of forecast amount by forecast zone', 'chart of tonnage by harbour']) {
      expect((await route(admin, q)).body.wants_chart).toBe(false);
      expect((await draw(admin, q)).status).toBe(422);
    }
  });

  it('when the user lacks Query.QUERY_DOCUMENT or sends no query, then it answers 403 or 400', async () => {
    expect((await route(lister, 'chart of revenue by region')).status).toBe(403);
    expect((await draw(lister, 'chart of revenue by region')).status).toBe(403);
    expect((await route(querier, '   ')).status).toBe(400);
    expect(
      (await t.api('POST', '/api/chat/generate_visual', { body: { query: 'x' } })).status,
    ).toBe(401);
  });
});
