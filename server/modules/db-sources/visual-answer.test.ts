import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualRouteSchema } from '../../../contract/chat';
import {
  createSource,
  sourceEnv,
  sqliteSourceBody,
  sqliteSourceFile,
} from '../../test-support/db-sources';
import { startFakeLlm, type FakeLlm } from '../../test-support/fake-llm';
import { addDepartment, personWith } from '../../test-support/identity';
import { svgDocument, svgTexts } from '../../test-support/svg';
import { describeApi, startTestApp, TEST_ADMIN, type TestApp } from '../../test-support/test-app';

const ROUTER = '/api/chat/visual_router';
const GENERATE = '/api/chat/generate_visual';

/** The assistant's visual route answering from an active database source. */
describeApi('visual answers from database sources', { env: sourceEnv() }, (t) => {
  let file: string;
  let id: number;
  beforeAll(async () => {
    file = sqliteSourceFile();
    id = (await createSource(t, t.admin, sqliteSourceBody(file, { name: 'Freight' }))).id;
  });

  it('when a question names a table, a measure and a grouping, then the route and the chart come from the source', async () => {
    const query = 'Show a chart of the total weight of shipments by region';
    const route = await t.api('POST', ROUTER, { token: t.admin, body: { query } });
    expect(route.status).toBe(200);
    expect(visualRouteSchema.parse(route.body)).toMatchObject({
      wants_chart: true,
      db_source: { id, name: 'Freight', table: 'shipments' },
      columns: ['region', 'sum_weight'],
      chart_type: 'bar',
    });
    const chart = await t.api('POST', GENERATE, { token: t.admin, body: { query } });
    expect(chart.status).toBe(200);
    expect(chart.headers['x-visual-engine']).toBe('builtin');
    const texts = svgTexts(svgDocument(chart.raw));
    expect(texts).toEqual(expect.arrayContaining(['East', 'North', 'South', 'West', 'sum_weight']));
  });

  it('when no measure is named, then rows are counted per group', async () => {
    const res = await t.api('POST', ROUTER, {
      token: t.admin,
      body: { query: 'Plot the shipments per mode' },
    });
    expect(res.body.columns).toEqual(['mode', 'count_rows']);
  });

  it('when the source is switched off or outside the person’s rights, then it is not used', async () => {
    const query = 'Chart the total weight of shipments by region';
    const dept = await addDepartment(t);
    const outsider = await personWith(t, dept, 'Query.QUERY_DOCUMENT', 'Documents.VIEW');
    const theirs = await t.api('POST', ROUTER, { token: outsider.token, body: { query } });
    expect(theirs.body.db_source).toBeUndefined();
    await t.api('PUT', `/api/integrations/db-source?integration_id=${id}`, {
      token: t.admin,
      body: { is_active: false },
    });
    const off = await t.api('POST', ROUTER, { token: t.admin, body: { query } });
    expect(off.body.db_source).toBeUndefined();
    await t.api('PUT', `/api/integrations/db-source?integration_id=${id}`, {
      token: t.admin,
      body: { is_active: true },
    });
  });
});

describe('visual answers from database sources with a language model', () => {
  let llm: FakeLlm;
  let t: TestApp;
  let token: string;
  let sql = '';
  beforeAll(async () => {
    llm = await startFakeLlm();
    llm.behave = () => ({ kind: 'json', text: JSON.stringify({ sql }) });
    t = await startTestApp('sqlite', {
      ...sourceEnv(),
      LLM_BASE_URL: `${llm.url}/v1`,
      LLM_API_KEY: 'fake-key',
      LLM_MODELS: 'sql-model',
    });
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    await createSource(t, token, sqliteSourceBody(sqliteSourceFile(), { name: 'Freight' }));
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('when the model writes a SELECT, then it runs read-only and draws, with the schema in the prompt', async () => {
    sql = 'SELECT mode, MAX(weight) AS heaviest FROM shipments GROUP BY mode ORDER BY mode';
    const res = await t.api('POST', GENERATE, {
      token,
      body: { query: 'Chart the heaviest shipments by mode' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-visual-engine']).toBe('llm');
    expect(svgTexts(svgDocument(res.raw))).toEqual(
      expect.arrayContaining(['air', 'sea', 'heaviest']),
    );
    const prompt = llm.requests.at(-1)?.body.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('shipments');
    expect(prompt).toContain('weight INTEGER');
  });

  it('when the model writes a write, then it is refused and the built-in query answers', async () => {
    sql = 'DELETE FROM shipments';
    const res = await t.api('POST', GENERATE, {
      token,
      body: { query: 'Chart the total weight of shipments by region' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-visual-engine']).toBe('builtin');
    const rows = await t.api('POST', ROUTER, {
      token,
      body: { query: 'Chart the number of shipments by region' },
    });
    expect(rows.body.db_source.table).toBe('shipments');
  });
});
