/**
 * A query result as a Vega-Lite bar chart: the first column as categories, the first numeric
 * column after it as the values, inline data under fixed keys ('x', 'y') so that nothing a
 * column or value says reaches Vega's expressions (as visuals/chart-data does).
 */
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CAPS, CHART_SIZE } from '../../services/render/chart-limits';
import type { Cell } from './drivers/types';

const numeric = (v: Cell) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

export function resultChart(
  title: string,
  columns: readonly string[],
  rows: readonly Cell[][],
): TopLevelSpec | null {
  if (columns.length < 2 || rows.length === 0) return null;
  const yIndex = columns.findIndex(
    (_, i) => i > 0 && rows.every((row) => row[i] === null || numeric(row[i])),
  );
  if (yIndex < 0) return null;
  const values = rows.slice(0, CHART_CAPS.bars).map((row) => ({
    x: row[0] === null ? '(blank)' : String(row[0]).slice(0, 80),
    y: row[yIndex] === null ? 0 : Number(row[yIndex]),
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
