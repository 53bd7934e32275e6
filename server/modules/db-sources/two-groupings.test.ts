/**
 * A question naming two groupings and a year ("2025 sales by region and quarter") charts both
 * groupings over that year's rows only, whichever source answers it: an SQLite file and a real
 * MariaDB (and PostgreSQL as Atrium's own database when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualRouteSchema } from '../../../contract/chat';
import {
  createSource,
  saleAmount,
  SALES_DDL,
  SALES_QUARTERS,
  SALES_REGIONS,
  salesInsert,
  sourceEnv,
  sqliteSalesFile,
} from '../../test-support/db-sources';
import { startMariaDb, type MariaDbServer } from '../../test-support/mariadb-server';
import { svgDocument, svgTexts } from '../../test-support/svg';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

const BASE = '/api/integrations/db-source';
const ROUTER = '/api/chat/visual_router';
const GENERATE = '/api/chat/generate_visual';

let maria: MariaDbServer;

beforeAll(async () => {
  maria = await startMariaDb();
  const root = await maria.admin();
  await root.query(`USE ${maria.database}; ${SALES_DDL}; ${salesInsert()}`);
  await root.end();
}, 60_000);

afterAll(async () => {
  await maria?.stop();
});

/** 2025's rows as the chart's query gives them: by region, then quarter, alphabetically. */
const expected2025 = () =>
  [...SALES_REGIONS]
    .map((region) => [region, SALES_REGIONS.indexOf(region)] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([region, r]) =>
      SALES_QUARTERS.map((quarter, q) => [region, quarter, saleAmount(2025, r, q)]),
    );

function twoGroupings(t: SuiteApp, body: () => Record<string, unknown>) {
  let id = 0;
  beforeAll(async () => {
    id = (await createSource(t, t.admin, body())).id;
  });
  afterAll(async () => {
    await t.api('DELETE', BASE, { token: t.admin, body: { integration_ids: [id] } });
  });

  it('when "2025 sales by region and quarter" is asked, then the rows are grouped by both, of 2025 only', async () => {
    const res = await t.api('POST', ROUTER, {
      token: t.admin,
      body: { query: '2025 sales by region and quarter' },
    });
    expect(res.status, res.raw).toBe(200);
    const route = visualRouteSchema.parse(res.body);
    expect(route.wants_chart).toBe(true);
    expect(route.db_result?.plan).toEqual({
      aggregate: 'sum',
      measure: 'sales_amount',
      group_by: 'region',
      series_by: 'quarter',
      in_year: 2025,
    });
    expect(route.db_result?.columns).toEqual(['region', 'quarter', 'sum_sales_amount']);
    expect(route.db_result?.rows.map(([r, q, n]) => [r, q, Number(n)])).toEqual(expected2025());
    // Quarters run along the axis, one line per region.
    expect(route.chart_type).toBe('line');
    expect(route.columns).toEqual(['region', 'quarter', 'sum_sales_amount']);
  });

  it('when the chart is drawn, then it shows every quarter and one series per region', async () => {
    const res = await t.api('POST', GENERATE, {
      token: t.admin,
      body: { query: '2025 sales by region and quarter' },
    });
    expect(res.status, res.raw).toBe(200);
    const texts = svgTexts(svgDocument(res.raw));
    expect(texts).toEqual(expect.arrayContaining([...SALES_QUARTERS, ...SALES_REGIONS]));
  });

  it('when two groupings are named in the other order and no year, then both are grouped over every year', async () => {
    const res = await t.api('POST', ROUTER, {
      token: t.admin,
      body: { query: 'Total sales amount by quarter and region' },
    });
    expect(res.status, res.raw).toBe(200);
    const route = visualRouteSchema.parse(res.body);
    expect(route.db_result?.plan?.group_by).toBe('quarter');
    expect(route.db_result?.plan?.series_by).toBe('region');
    expect(route.db_result?.plan?.in_year ?? null).toBeNull();
    const north = route.db_result?.rows.find(([q, r]) => r === 'North' && q === 'Q1');
    expect(Number(north?.[2])).toBe(saleAmount(2024, 0, 0) + saleAmount(2025, 0, 0));
  });

  it('when one grouping is named, then the chart keeps one series', async () => {
    const res = await t.api('POST', ROUTER, {
      token: t.admin,
      body: { query: 'Total sales amount by region' },
    });
    const route = visualRouteSchema.parse(res.body);
    expect(route.db_result?.plan?.series_by ?? null).toBeNull();
    expect(route.db_result?.columns).toEqual(['region', 'sum_sales_amount']);
    expect(route.chart_type).toBe('bar');
  });
}

describeApi('questions naming two groupings', { env: sourceEnv() }, (t) => {
  describe('SQLite source', () =>
    twoGroupings(t, () => ({
      name: 'Sales file',
      db_type: 'sqlite',
      database: sqliteSalesFile(),
      department_id: 1,
    })));
  describe('MariaDB source', () =>
    twoGroupings(t, () => ({
      name: 'Sales server',
      db_type: 'mysql',
      host: maria.host,
      port: maria.port,
      database: maria.database,
      username: maria.reader.username,
      password: maria.reader.password,
      department_id: 1,
    })));
});
