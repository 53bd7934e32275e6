/** How a query result of two groupings is laid out: time along the axis, else grouped bars. */
import { describe, expect, it } from 'vitest';
import { resultChart, seriesLayout } from './result-chart';

const rows = [
  ['North', 'Q1', 10],
  ['North', 'Q2', 20],
  ['South', 'Q1', 30],
];

describe('result charts of two groupings', () => {
  it('when one grouping is over time, then it runs along the axis and the other makes lines', () => {
    expect(seriesLayout(['region', 'quarter', 'total'], rows)).toEqual({ x: 1, series: 0, y: 2 });
    const spec = resultChart('t', ['region', 'quarter', 'total'], rows) as unknown as Record<
      string,
      unknown
    >;
    expect(spec.mark).toEqual({ type: 'line', point: true });
    expect((spec.data as { values: unknown[] }).values[0]).toEqual({ x: 'Q1', s: 'North', y: 10 });
  });

  it('when neither grouping is over time, then the bars are grouped side by side', () => {
    const spec = resultChart(
      't',
      ['region', 'mode', 'total'],
      [
        ['North', 'air', 1],
        ['North', 'sea', 2],
      ],
    ) as unknown as { mark: unknown; encoding: Record<string, unknown> };
    expect(spec.mark).toEqual({ type: 'bar' });
    expect(spec.encoding.xOffset).toEqual({ field: 's', type: 'nominal', sort: null });
  });

  it('when the second column is a number, then it is a measure and one series is drawn', () => {
    expect(seriesLayout(['region', 'count', 'total'], [['North', 2, 10]])).toBeNull();
  });
});
