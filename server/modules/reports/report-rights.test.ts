import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import { addDepartment, addPerson, addRole, GENERAL } from '../../test-support/identity';
import { describeApi, TEST_API_KEY, type TestApp } from '../../test-support/test-app';
import { seedWeek, WEEK_QUERY } from './report-fixtures';

const week = WEEK_QUERY;

/** A signed-in person holding `a` in department `first` and `b` in department `second`. */
async function personWithTwo(
  t: TestApp,
  first: number,
  a: Parameters<typeof idsOf>,
  second: number,
  b: Parameters<typeof idsOf>,
) {
  const roleA = await addRole(t, first, idsOf(...a));
  const roleB = await addRole(t, second, idsOf(...b));
  return addPerson(t, {
    assignments: [
      { department_id: first, role_id: roleA },
      { department_id: second, role_id: roleB },
    ],
  });
}

/**
 * Which departments each Reports call reads (SPEC §6): the figures those with LIST_VIEW, the
 * turns' words those with VIEW, an export those with DOWNLOAD.
 */
describeApi('report rights per department', (t) => {
  let other = 0;
  beforeAll(async () => {
    other = await addDepartment(t);
    const owner = await addPerson(t);
    // General: c1 (2 turns) and c3 (widget, General searched); `other`: c2.
    await seedWeek(t, owner.id, other);
  });
  const download = async (query: string, token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/analytics/export/?${query}`,
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, text: res.rawPayload.toString('utf8') };
  };
  const rowsOf = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });

  it('when a person may download in one department and only list in another, then the export holds the first one only', async () => {
    const person = await personWithTwo(
      t,
      GENERAL,
      ['Reports.LIST_VIEW', 'Reports.DOWNLOAD'],
      other,
      ['Reports.LIST_VIEW'],
    );
    // Reading lists both departments: c1, c2 and c3.
    const read = await t.api('GET', `/api/reports/analytics/overview?${week}`, {
      token: person.token,
    });
    expect(read.body.total_conversations).toBe(3);
    const analytics = await download(`${week}&export_format=csv&section_numbers=1`, person.token);
    expect(analytics.status).toBe(200);
    expect(rowsOf(analytics.text)).toContainEqual(['Total conversations', '2']);
    // The sentiment export too: General's turns are c1's neutral and negative, c3's positive.
    const sentiment = await download(
      `${week}&export_format=csv&report=sentiment&section_numbers=2`,
      person.token,
    );
    expect(rowsOf(sentiment.text).slice(-3)).toEqual([
      ['Positive', '1'],
      ['Neutral', '1'],
      ['Negative', '1'],
    ]);
  });

  it('when a person may view in one department and only list in another, then the turns behind a chart come from the first one only', async () => {
    const person = await personWithTwo(t, other, ['Reports.VIEW'], GENERAL, ['Reports.LIST_VIEW']);
    const res = await t.api('GET', `/api/reports/sentiments/conversations?${week}`, {
      token: person.token,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items.map((i: { question: string }) => i.question)).toEqual([
      'Where is my parcel tracking number?',
    ]);
    // The figures still count both departments.
    const figures = await t.api('GET', `/api/reports/sentiments/dashboard?${week}`, {
      token: person.token,
    });
    expect(figures.body.overview).toEqual({ positive: 1, neutral: 2, negative: 1 });
  });

  it('when a sentiment export is filtered, then it holds the filtered dashboard figures', async () => {
    const products = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: ['Harbour Box', 'Parcel'] },
    });
    expect(products.status).toBe(200);
    for (const filter of [
      'sentiment=negative&date_range=week',
      'products=refund&date_range=day',
      'products=parcel,refund&sentiment=neutral&date_range=month',
    ]) {
      const dashboard = await t.api('GET', `/api/reports/sentiments/dashboard?${week}&${filter}`, {
        token: t.admin,
      });
      expect(dashboard.status).toBe(200);
      const d = dashboard.body as {
        performance: { date: string; positive: number; neutral: number; negative: number }[];
        overview: { positive: number; neutral: number; negative: number };
        popular_products: { name: string; count: number }[];
        suggested_products: { name: string; count: number }[];
      };
      const csv = await download(`${week}&${filter}&report=sentiment&export_format=csv`, t.admin);
      expect(csv.status).toBe(200);
      // Sections follow each other: title, header, rows, a blank line (csv.ts).
      const sections = csv.text
        .replace(/^\uFEFF/, '')
        .split('\r\n\r\n')
        .slice(1)
        .map((block) => rowsOf(block).slice(2));
      const [performance, overview, popular, suggested] = sections;
      expect(performance).toEqual(
        d.performance.map((p) => [p.date, `${p.positive}`, `${p.neutral}`, `${p.negative}`]),
      );
      expect(overview).toEqual([
        ['Positive', `${d.overview.positive}`],
        ['Neutral', `${d.overview.neutral}`],
        ['Negative', `${d.overview.negative}`],
      ]);
      expect(popular).toEqual(d.popular_products.map((p) => [p.name, `${p.count}`]));
      expect(suggested).toEqual(d.suggested_products.map((p) => [p.name, `${p.count}`]));
    }
    // And the figures are the filtered ones, not the whole week's.
    const negative = await download(
      `${week}&sentiment=negative&date_range=week&report=sentiment&export_format=csv&section_numbers=1`,
      t.admin,
    );
    expect(rowsOf(negative.text).slice(-1)).toEqual([['2025-03-03', '0', '0', '1']]);
    const refund = await download(
      `${week}&products=refund&report=sentiment&export_format=csv&section_numbers=2,4`,
      t.admin,
    );
    const rows = rowsOf(refund.text);
    expect(rows).toContainEqual(['Positive', '1']);
    expect(rows).toContainEqual(['Neutral', '1']);
    expect(rows).toContainEqual(['Negative', '1']);
    expect(rows).toContainEqual(['Harbour Box', '2']);
    expect(rows).not.toContainEqual(['Parcel', '1']);
  });
});
