/**
 * A query result as a Vega-Lite chart, inline data under fixed keys ('x', 'y', 's') so that
 * nothing a column or value says reaches Vega's expressions (as visuals/chart-data does):
 * - one grouping: bars, the first column as categories and the first numeric column after it
 *   as the values;
 * - two groupings ("by region and quarter": the first two columns, then the number): one
 *   series per value of one of them, over the other. The one over time (a year, quarter, month,
 *   week, day or date) runs along the axis and is drawn as lines; otherwise the first grouping
 *   runs along the axis as bars grouped side by side.
 */
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CAPS, CHART_SIZE } from '../../services/render/chart-limits';
import type { Cell } from './drivers/types';

const numeric = (v: Cell) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

const label = (v: Cell) => (v === null ? '(blank)' : String(v).slice(0, 80));
const amount = (v: Cell) => (v === null ? 0 : Number(v));

/** Names of columns over time, by their parts ("sale_quarter", "orderMonth", "fiscal_year"). */
const TIME_PARTS =
  /(^|[^a-z])(year|yr|quarter|qtr|month|week|day|date|period|time|hour|ano|annee|trimestre|mes|mois|jahr|quartal|monat|tag)($|[^a-z])/i;

/** Whether a column runs over time: its name says so, or every value reads as a date. */
export function overTime(name: string, values: readonly Cell[]): boolean {
  const spaced = name.replace(/([a-z\d])([A-Z])/g, '$1_$2');
  if (TIME_PARTS.test(spaced)) return true;
  return (
    values.length > 0 &&
    values.every((v) => typeof v === 'string' && /^\d{4}-\d{2}(-\d{2})?/.test(v))
  );
}

/** Two groupings and a number: which grouping is the axis and which the series. */
export interface SeriesLayout {
  x: number;
  series: number;
  y: number;
}

/** The layout of a result of two groupings and a number, or null when it is not one. */
export function seriesLayout(
  columns: readonly string[],
  rows: readonly Cell[][],
): SeriesLayout | null {
  if (columns.length !== 3 || rows.length === 0) return null;
  if (!rows.every((row) => row[2] === null || numeric(row[2]))) return null;
  const firstOverTime = overTime(
    columns[0],
    rows.map((r) => r[0]),
  );
  const secondOverTime = overTime(
    columns[1],
    rows.map((r) => r[1]),
  );
  // A second numeric column that is not over time is a second measure, not a grouping.
  if (!secondOverTime && rows.every((row) => row[1] === null || numeric(row[1]))) return null;
  return secondOverTime && !firstOverTime ? { x: 1, series: 0, y: 2 } : { x: 0, series: 1, y: 2 };
}

function seriesChart(
  title: string,
  columns: readonly string[],
  rows: readonly Cell[][],
  layout: SeriesLayout,
): TopLevelSpec {
  const values = rows.slice(0, CHART_CAPS.points).map((row) => ({
    x: label(row[layout.x]),
    s: label(row[layout.series]),
    y: amount(row[layout.y]),
  }));
  const lines = overTime(
    columns[layout.x],
    rows.map((r) => r[layout.x]),
  );
  const x = { field: 'x', type: 'ordinal' as const, title: columns[layout.x], sort: null };
  const y = { field: 'y', type: 'quantitative' as const, title: columns[layout.y] };
  const color = { field: 's', type: 'nominal' as const, title: columns[layout.series], sort: null };
  return {
    title: title.slice(0, 120),
    ...CHART_SIZE,
    config: { view: { stroke: null } },
    data: { values },
    ...(lines
      ? { mark: { type: 'line', point: true }, encoding: { x, y, color } }
      : {
          mark: { type: 'bar' },
          encoding: { x, y, color, xOffset: { field: 's', type: 'nominal', sort: null } },
        }),
  };
}

export function resultChart(
  title: string,
  columns: readonly string[],
  rows: readonly Cell[][],
  layout: SeriesLayout | null = seriesLayout(columns, rows),
): TopLevelSpec | null {
  if (columns.length < 2 || rows.length === 0) return null;
  if (layout) return seriesChart(title, columns, rows, layout);
  const yIndex = columns.findIndex(
    (_, i) => i > 0 && rows.every((row) => row[i] === null || numeric(row[i])),
  );
  if (yIndex < 0) return null;
  const values = rows.slice(0, CHART_CAPS.bars).map((row) => ({
    x: label(row[0]),
    y: amount(row[yIndex]),
  }));
  return {
    title: title.slice(0, 120),
    ...CHART_SIZE,
    config: { view: { stroke: null } },
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'x', type: 'ordinal', title: columns[0], sort: null },
      y: { field: 'y', type: 'quantitative', title: columns[yIndex] },
    },
  };
}
