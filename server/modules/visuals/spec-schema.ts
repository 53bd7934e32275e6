/**
 * What a model may hand us as a chart: a small, strict subset of Vega-Lite. Every object is
 * strict (an unknown key - `data`, `url`, `transform`, `params`, `signals`, `usermeta`, ... -
 * fails), marks and encodings come from short lists, every field names a column of the chosen
 * table, and nothing carries an expression. Anything else is refused and the built-in chart is
 * drawn instead.
 */
import { z } from 'zod';
import type { TopLevelSpec } from 'vega-lite';
import { type Cell, toDateKey, toNumber } from './columns';
import { CHART_SIZE } from '../../services/render/chart-limits';

export const LLM_MARKS = ['bar', 'line', 'point', 'arc'] as const;
const markType = z.enum(LLM_MARKS);

const shortText = z.string().max(120);

const fieldDef = z.strictObject({
  field: z.string().min(1).max(200),
  type: z.enum(['quantitative', 'nominal', 'ordinal', 'temporal']),
  aggregate: z.enum(['sum', 'mean', 'average', 'median', 'min', 'max', 'count']).optional(),
  timeUnit: z
    .enum(['year', 'quarter', 'month', 'yearquarter', 'yearmonth', 'yearmonthdate', 'date', 'day'])
    .optional(),
  title: shortText.optional(),
  sort: z.enum(['ascending', 'descending', 'x', 'y', '-x', '-y']).nullable().optional(),
  bin: z.boolean().optional(),
  stack: z
    .union([z.boolean(), z.enum(['zero', 'normalize'])])
    .nullable()
    .optional(),
});

/** `{ aggregate: 'count' }` counts rows and names no field. */
const countDef = z.strictObject({
  aggregate: z.literal('count'),
  type: z.literal('quantitative'),
  title: shortText.optional(),
});

const channel = z.union([fieldDef, countDef]);

const encoding = z.strictObject({
  x: channel.optional(),
  y: channel.optional(),
  color: fieldDef.optional(),
  theta: channel.optional(),
});

const mark = z.union([
  markType,
  z.strictObject({
    type: markType,
    point: z.boolean().optional(),
    tooltip: z.boolean().optional(),
    innerRadius: z.number().min(0).max(300).optional(),
  }),
]);

const llmChartSpecSchema = z.strictObject({
  $schema: z
    .string()
    .regex(/^https:\/\/vega\.github\.io\/schema\/vega-lite\/v\d+(\.\d+)*\.json$/)
    .optional(),
  title: shortText.optional(),
  description: z.string().max(500).optional(),
  width: z.number().int().min(100).max(1200).optional(),
  height: z.number().int().min(100).max(900).optional(),
  mark,
  encoding,
});
export type LlmChartSpec = z.infer<typeof llmChartSpecSchema>;

type Channel = z.infer<typeof channel>;
type ChannelName = keyof LlmChartSpec['encoding'];

export interface ValidatedChart {
  spec: LlmChartSpec;
  markType: (typeof LLM_MARKS)[number];
  /** Columns the spec reads, in encoding order (x, y, color, theta). */
  columns: string[];
}

const fieldOf = (c: Channel | undefined) => (c && 'field' in c ? c.field : undefined);

/** Parses and checks a model's spec against the table's columns; a reason when refused. */
export function validateLlmSpec(
  input: unknown,
  columns: readonly string[],
): { ok: true; chart: ValidatedChart } | { ok: false; reason: string } {
  const parsed = llmChartSpecSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue.path.join('.') || 'spec'}: ${issue.message}` };
  }
  const spec = parsed.data;
  const markType = typeof spec.mark === 'string' ? spec.mark : spec.mark.type;
  const enc = spec.encoding;
  const used: string[] = [];
  for (const name of ['x', 'y', 'color', 'theta'] as ChannelName[]) {
    const field = fieldOf(enc[name]);
    if (field === undefined) continue;
    if (!columns.includes(field)) return { ok: false, reason: `unknown column "${field}"` };
    if (!used.includes(field)) used.push(field);
  }
  if (used.length === 0) return { ok: false, reason: 'the spec draws no column' };
  if (markType === 'arc' && (!enc.theta || enc.x || enc.y))
    return { ok: false, reason: 'an arc needs theta (and color), not x/y' };
  if (markType !== 'arc' && (!enc.x || !enc.y || enc.theta))
    return { ok: false, reason: `a ${markType} needs x and y` };
  return { ok: true, chart: { spec, markType, columns: used } };
}

/** Rows the model's chart may aggregate itself (Vega-Lite does it); more are cut. */
const LLM_CHART_MAX_ROWS = 5000;

/**
 * The renderable spec: column names replaced by fixed keys (c0, c1, ...) with the names kept as
 * titles, and only those columns' values inline, typed as each channel says.
 */
export function toRenderableSpec(
  chart: ValidatedChart,
  allColumns: readonly string[],
  rows: readonly Cell[][],
): TopLevelSpec {
  const keyOf = new Map(chart.columns.map((name, i) => [name, `c${i}`]));
  const typeOf = new Map<string, string>();
  const encoding: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(chart.spec.encoding) as [string, Channel][]) {
    if (!def) continue;
    if (!('field' in def)) {
      encoding[name] = def;
      continue;
    }
    typeOf.set(def.field, def.type);
    encoding[name] = {
      ...def,
      aggregate: def.aggregate === 'average' ? 'mean' : def.aggregate,
      field: keyOf.get(def.field),
      title: def.title ?? def.field,
    };
  }
  const indexes = chart.columns.map((name) => allColumns.indexOf(name));
  const values = rows.slice(0, LLM_CHART_MAX_ROWS).map((row) => {
    const datum: Record<string, string | number | null> = {};
    chart.columns.forEach((name, i) => {
      const cell = row[indexes[i]] ?? null;
      const type = typeOf.get(name);
      datum[`c${i}`] =
        type === 'quantitative'
          ? toNumber(cell)
          : type === 'temporal'
            ? (toDateKey(cell) ?? (cell === null ? null : String(cell)))
            : cell === null
              ? null
              : String(cell);
    });
    return datum;
  });
  const { $schema: _schema, description: _description, ...rest } = chart.spec;
  return {
    ...CHART_SIZE,
    ...rest,
    config: { view: { stroke: null } },
    data: { values },
    encoding,
  } as TopLevelSpec;
}
