import { describe, expect, it } from 'vitest';
import type { Cell } from './columns';
import { asksForChart, pickTable, planColumns, routeOf, type TableCandidate } from './planner';
import { contentWords } from './words';

const sales: TableCandidate = {
  tableId: 1,
  documentId: 10,
  documentName: 'sales_2024.xlsx',
  sheet: 'Quarterly Sales',
  ordinal: 0,
  columns: ['Region', 'Order_Date', 'Units Sold', 'Revenue'],
};
const salesRows: Cell[][] = [
  ['North', '2024-01-15', 10, '1,200.50'],
  ['South', '2024-02-15', 4, 800],
  ['North', '2024-03-15', 7, 950],
  ['East', '2024-03-20', 2, 300],
];
const staff: TableCandidate = {
  tableId: 2,
  documentId: 11,
  documentName: 'headcount.csv',
  sheet: 'csv',
  ordinal: 0,
  columns: ['Department', 'Employees', 'Office'],
};
const staffRows: Cell[][] = [
  ['Finance', 12, 'Paris'],
  ['Support', 30, 'Berlin'],
];

function plan(question: string, tables = [sales, staff], rows = salesRows) {
  const picked = pickTable(tables, question);
  if (!picked.ok) throw new Error(picked.reason);
  const planned = planColumns(picked.value, rows, question);
  if (!planned.ok) throw new Error(planned.reason);
  return { pick: picked.value, plan: planned.value, route: routeOf(planned.value) };
}

describe('visual router words', () => {
  it('when headers use underscores, camelCase and plurals, then they fold to the same words', () => {
    expect(contentWords('Order_Date')).toEqual(['order', 'date']);
    expect(contentWords('unitsSold')).toEqual(['unit', 'sold']);
    expect(contentWords('Show the categories and boxes')).toEqual(['category', 'box']);
  });
});

describe('built-in visual router', () => {
  it('when a question asks for revenue by region, then it picks the sales sheet, Region and Revenue, as bars', () => {
    const { route, plan: p } = plan('Show a chart of revenue by region');
    expect(route).toMatchObject({
      wants_chart: true,
      table: { document_id: 10, document_name: 'sales_2024.xlsx', sheet: 'Quarterly Sales' },
      columns: ['Region', 'Revenue'],
      chart_type: 'bar',
    });
    expect(p.aggregate).toBe('sum');
    expect(route.reason).toContain('Total Revenue by Region');
  });

  it('when a question asks for a trend over time, then x is the date column and the chart is a line', () => {
    const { route } = plan('plot the revenue trend over time');
    expect(route).toMatchObject({ columns: ['Order_Date', 'Revenue'], chart_type: 'line' });
  });

  it('when a question asks for the share, then the chart is an arc', () => {
    const { route } = plan('What share of units sold does each region have? pie chart please');
    expect(route).toMatchObject({ columns: ['Region', 'Units Sold'], chart_type: 'arc' });
  });

  it('when a question asks for an average per department, then it picks the headcount csv and averages', () => {
    const { route, plan: p } = plan('average employees per department', [sales, staff], staffRows);
    expect(route).toMatchObject({
      table: { document_name: 'headcount.csv', sheet: 'csv' },
      columns: ['Department', 'Employees'],
      chart_type: 'bar',
    });
    expect(p.aggregate).toBe('mean');
  });

  it('when no number column is named but the table is, then rows are counted per category', () => {
    const { route, plan: p } = plan('graph of headcount by office', [sales, staff], staffRows);
    expect(route.columns).toEqual(['Office']);
    expect(p.y).toBeNull();
    expect(p.aggregate).toBe('count');
  });

  it('when a question asks for a scatter of two numbers, then both are numbers on a point chart', () => {
    const { route } = plan('scatter plot of units sold against revenue');
    expect(route).toMatchObject({ columns: ['Units Sold', 'Revenue'], chart_type: 'point' });
  });

  it('when a question has no chart words, then it does not ask for a chart', () => {
    for (const q of ['What is our refund policy?', 'Who approved the revenue report?']) {
      const picked = pickTable([sales, staff], q);
      expect(asksForChart(q, picked.ok ? picked.value : null)).toBe(false);
    }
  });

  it('when "by" appears without any column named, then it does not ask for a chart', () => {
    const q = 'What is required by law for invoices?';
    const picked = pickTable([sales, staff], q);
    expect(asksForChart(q, picked.ok ? picked.value : null)).toBe(false);
    const named = pickTable([sales], 'revenue by region');
    expect(asksForChart('revenue by region', named.ok ? named.value : null)).toBe(true);
  });

  it('when no table matches the words or none exists, then it declines with a reason', () => {
    expect(pickTable([sales], 'chart of rainfall per city')).toMatchObject({ ok: false });
    expect(pickTable([], 'chart of revenue')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('No spreadsheet'),
    });
  });
});
