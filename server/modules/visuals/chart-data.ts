/**
 * The built-in chart: rows of the stored table aggregated on the server (group by x, sum /
 * average / count of y), capped, and put inline into a small Vega-Lite spec. Field names in the
 * spec are fixed keys ('x', 'y'); the column headers only appear as titles, so nothing a header
 * says can reach Vega's expression language.
 */
import type { TopLevelSpec } from 'vega-lite';
import { type Cell, dateSortKey, toDateKey, toNumber } from './columns';
import type { ChartPlan } from './planner';
import type { Aggregate } from './words';
import { CHART_CAPS, CHART_SIZE } from '../../services/render/chart-limits';

interface Group {
  label: string;
  order: string;
  values: number[];
  rows: number;
}

function labelOf(value: Cell): string {
  const text = value === null ? '' : String(value).trim();
  return text === '' ? '(blank)' : text.slice(0, 80);
}

function combine(aggregate: Aggregate, group: Group): number {
  const v = group.values;
  switch (aggregate) {
    case 'count':
      return group.rows;
    case 'mean':
      return v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0;
    case 'min':
      return v.length ? Math.min(...v) : 0;
    case 'max':
      return v.length ? Math.max(...v) : 0;
    default:
      return v.reduce((a, b) => a + b, 0);
  }
}

/** Daily dates over a long span are drawn per month, so a line stays readable. */
function monthly(plan: ChartPlan, rows: readonly Cell[][]): boolean {
  if (plan.x.kind !== 'date') return false;
  const days = new Set<string>();
  for (const row of rows) {
    const key = toDateKey(row[plan.x.index] ?? null);
    if (key && key.length === 10) days.add(key);
    if (days.size > 60) return true;
  }
  return false;
}

function aggregateRows(plan: ChartPlan, rows: readonly Cell[][]): { x: string; y: number }[] {
  const byMonth = monthly(plan, rows);
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const raw = row[plan.x.index] ?? null;
    let label = labelOf(raw);
    let order = label;
    if (plan.x.kind === 'date') {
      order = dateSortKey(raw);
      if (byMonth && /^\d{4}-\d{2}-\d{2}$/.test(order)) label = order = order.slice(0, 7);
    }
    const group = groups.get(label) ?? { label, order, values: [], rows: 0 };
    group.rows += 1;
    if (plan.y) {
      const n = toNumber(row[plan.y.index] ?? null);
      if (n !== null) group.values.push(n);
    }
    groups.set(label, group);
  }
  let points = [...groups.values()].map((g) => ({
    x: g.label,
    y: combine(plan.aggregate, g),
    order: g.order,
  }));
  if (plan.chartType === 'line' || plan.x.kind === 'date') {
    points.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    points = points.slice(-CHART_CAPS.points);
  } else if (plan.chartType === 'arc') {
    points.sort((a, b) => b.y - a.y);
    if (points.length > CHART_CAPS.slices) {
      const rest = points.slice(CHART_CAPS.slices - 1);
      points = [
        ...points.slice(0, CHART_CAPS.slices - 1),
        { x: 'Other', y: rest.reduce((s, p) => s + p.y, 0), order: '' },
      ];
    }
  } else if (points.length > CHART_CAPS.bars) {
    points.sort((a, b) => b.y - a.y);
    points = points.slice(0, CHART_CAPS.bars);
  }
  return points.map(({ x, y }) => ({ x, y: Math.round(y * 1e6) / 1e6 }));
}

function scatterRows(plan: ChartPlan, rows: readonly Cell[][]) {
  const out: { x: number; y: number }[] = [];
  for (const row of rows) {
    const x = toNumber(row[plan.x.index] ?? null);
    const y = plan.y ? toNumber(row[plan.y.index] ?? null) : null;
    if (x !== null && y !== null) out.push({ x, y });
    if (out.length >= CHART_CAPS.scatter) break;
  }
  return out;
}

export function builtInSpec(plan: ChartPlan, rows: readonly Cell[][]): TopLevelSpec {
  const xTitle = plan.x.name;
  const yTitle = plan.y ? plan.y.name : 'Rows';
  const title = plan.reason.replace(/, from .*$/, '');
  const base = { title, ...CHART_SIZE, config: { view: { stroke: null } } };
  if (plan.chartType === 'point') {
    return {
      ...base,
      data: { values: scatterRows(plan, rows) },
      mark: { type: 'point' },
      encoding: {
        x: { field: 'x', type: 'quantitative', title: xTitle },
        y: { field: 'y', type: 'quantitative', title: yTitle },
      },
    };
  }
  const values = aggregateRows(plan, rows);
  if (plan.chartType === 'arc') {
    return {
      ...base,
      data: { values },
      mark: { type: 'arc' },
      encoding: {
        theta: { field: 'y', type: 'quantitative', title: yTitle },
        color: { field: 'x', type: 'nominal', title: xTitle, sort: null },
      },
    };
  }
  const ordered = plan.chartType === 'line' || plan.x.kind === 'date';
  return {
    ...base,
    data: { values },
    mark: plan.chartType === 'line' ? { type: 'line', point: true } : { type: 'bar' },
    encoding: {
      x: { field: 'x', type: 'ordinal', title: xTitle, sort: ordered ? null : '-y' },
      y: { field: 'y', type: 'quantitative', title: yTitle },
    },
  };
}
