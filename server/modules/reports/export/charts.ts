/**
 * The export's charts as small Vega-Lite specs over inline data (vega-svg.ts renders them, the
 * pdf draws them as vectors). Field names are fixed keys; labels and titles arrive already in
 * the file's language, so nothing a label says reaches Vega's expression language.
 */
import type { TopLevelSpec } from 'vega-lite';

/** The console's sentiment colours (src/features/reports/chart-colours.ts), on white. */
export const SENTIMENT_COLOURS = { positive: '#1b9e3e', neutral: '#6b7785', negative: '#e55353' };
const BAR = '#3399ff';
const WIDTH = 440;

const base = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  background: 'white',
  config: {
    font: 'DejaVu Sans',
    axis: { labelFontSize: 9, titleFontSize: 10, labelLimit: 180 },
    legend: { labelFontSize: 9, titleFontSize: 10, labelLimit: 180 },
    view: { stroke: null },
  },
} as const;

type Row = Record<string, string | number>;

/** Horizontal bars, largest first: one per label. */
export function barChart(
  rows: { label: string; value: number }[],
  axis: { label: string; value: string },
): TopLevelSpec | undefined {
  if (!rows.some((r) => r.value > 0)) return undefined;
  return {
    ...base,
    width: WIDTH - 160,
    height: { step: 18 },
    data: { values: rows as unknown as Row[] },
    mark: { type: 'bar', color: BAR },
    encoding: {
      y: { field: 'label', type: 'nominal', sort: '-x', title: axis.label },
      x: { field: 'value', type: 'quantitative', title: axis.value },
    },
  };
}

/** A pie of named counts, in the given colours when there are some. */
export function pieChart(
  rows: { label: string; value: number; colour?: string }[],
  title: string,
): TopLevelSpec | undefined {
  if (!rows.some((r) => r.value > 0)) return undefined;
  const colours = rows.every((r) => r.colour);
  return {
    ...base,
    width: 150,
    height: 150,
    data: { values: rows.map(({ label, value }) => ({ label, value })) },
    mark: { type: 'arc' },
    encoding: {
      theta: { field: 'value', type: 'quantitative' },
      color: {
        field: 'label',
        type: 'nominal',
        title,
        sort: rows.map((r) => r.label),
        scale: colours
          ? { domain: rows.map((r) => r.label), range: rows.map((r) => r.colour as string) }
          : undefined,
      },
    },
  };
}

/** The weekday × hour heat map. */
export function heatMap(
  matrix: number[][],
  weekdays: string[],
  axis: { weekday: string; hour: string; value: string },
): TopLevelSpec | undefined {
  if (!matrix.some((row) => row.some((n) => n > 0))) return undefined;
  const values = matrix.flatMap((row, d) =>
    row.map((count, h) => ({
      weekday: weekdays[d] ?? '',
      hour: String(h).padStart(2, '0'),
      count,
    })),
  );
  return {
    ...base,
    width: WIDTH,
    height: 7 * 18,
    data: { values },
    mark: { type: 'rect' },
    encoding: {
      x: { field: 'hour', type: 'ordinal', title: axis.hour, axis: { labelAngle: 0 } },
      y: { field: 'weekday', type: 'ordinal', sort: weekdays, title: axis.weekday },
      color: {
        field: 'count',
        type: 'quantitative',
        title: axis.value,
        scale: { scheme: 'blues' },
        // A symbol legend: the pdf draws flat colours, not a gradient legend's fill.
        legend: { type: 'symbol', symbolType: 'square' },
      },
    },
  };
}

/** Lines over days, one per sentiment. */
export function sentimentLines(
  points: { date: string; positive: number; neutral: number; negative: number }[],
  labels: Record<keyof typeof SENTIMENT_COLOURS, string>,
  axis: { date: string; value: string; series: string },
): TopLevelSpec | undefined {
  const keys = Object.keys(SENTIMENT_COLOURS) as (keyof typeof SENTIMENT_COLOURS)[];
  if (!points.some((p) => keys.some((k) => p[k] > 0))) return undefined;
  const values = points.flatMap((p) =>
    keys.map((k) => ({ date: p.date, series: labels[k], value: p[k] })),
  );
  return {
    ...base,
    width: WIDTH - 100,
    height: 160,
    data: { values },
    mark: { type: 'line', point: points.length <= 31 },
    encoding: {
      x: {
        field: 'date',
        type: 'temporal',
        title: axis.date,
        axis: { format: '%Y-%m-%d', labelAngle: -45 },
      },
      y: { field: 'value', type: 'quantitative', title: axis.value },
      color: {
        field: 'series',
        type: 'nominal',
        title: axis.series,
        sort: keys.map((k) => labels[k]),
        scale: { domain: keys.map((k) => labels[k]), range: keys.map((k) => SENTIMENT_COLOURS[k]) },
      },
    },
  };
}
