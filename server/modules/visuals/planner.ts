/**
 * The built-in visual router: which stored table a question is about and which of its columns
 * to draw, by matching the question's words (and, more weakly, the answer's) to table, sheet,
 * document and column names. No model is involved, so the same question always gets the same
 * chart.
 */
import type { VisualReasonCode, VisualRoute } from '../../../contract/chat';
import { type Cell, type ColumnProfile, profileColumns } from './columns';
import {
  type Aggregate,
  askedAggregate,
  askedChartType,
  type ChartKind,
  chartIntent,
  contentWords,
  groupingWords,
} from './words';

export interface TableCandidate {
  tableId: number;
  documentId: number;
  documentName: string;
  /** Sheet name ('csv' for csv files). */
  sheet: string;
  ordinal: number;
  columns: string[];
}

export interface ChartPlan {
  table: TableCandidate;
  x: ColumnProfile;
  /** null: rows are counted. */
  y: ColumnProfile | null;
  aggregate: Aggregate;
  chartType: ChartKind;
  /** Why these columns, in words. */
  reason: string;
}

export interface TablePick {
  table: TableCandidate;
  /** Per column: how well it matches the question (0 = not named). */
  columnScores: number[];
  nameMatched: boolean;
}

/** A refusal says why in English (`reason`) and as a code the console translates. */
export interface Refusal {
  reason: string;
  code: VisualReasonCode;
  /** The sheet a NO_ROWS or NO_GROUPING refusal is about. */
  table?: string;
}

type Decision<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

function stem(file: string): string {
  return file.replace(/\.[a-z0-9]{2,5}$/i, '');
}

function overlap(a: readonly string[], b: ReadonlySet<string>): number {
  return a.filter((w) => b.has(w)).length;
}

/** Scores each table by its columns' and names' words found in the question (and the answer). */
export function pickTable(
  tables: readonly TableCandidate[],
  question: string,
  answer = '',
): Decision<TablePick> {
  if (tables.length === 0)
    return {
      ok: false,
      reason: 'No spreadsheet or csv table is available in your departments.',
      code: 'NO_TABLES',
    };
  const asked = new Set(contentWords(question));
  const told = new Set(contentWords(answer.slice(0, 5000)));
  let best: (TablePick & { score: number }) | undefined;
  for (const table of tables) {
    const columnScores = table.columns.map((column) => {
      const header = contentWords(column);
      if (header.length === 0) return 0;
      const hits = overlap(header, asked);
      const whole = hits === header.length ? 2 : 0;
      return hits > 0 ? hits * 3 + whole : Math.min(overlap(header, told), 1);
    });
    const nameWords = [...contentWords(stem(table.documentName)), ...contentWords(table.sheet)];
    const nameHits = overlap(nameWords, asked);
    const top = [...columnScores].sort((a, b) => b - a);
    const score = (top[0] ?? 0) + (top[1] ?? 0) + nameHits * 2;
    const better =
      !best ||
      score > best.score ||
      (score === best.score && table.documentId > best.table.documentId);
    if (score > 0 && better) best = { table, columnScores, nameMatched: nameHits > 0, score };
  }
  if (!best)
    return {
      ok: false,
      reason: 'No table in your departments matches the question.',
      code: 'NO_MATCH',
    };
  const { score: _score, ...pick } = best;
  return { ok: true, value: pick };
}

function ranked(profiles: ColumnProfile[], scores: number[], keep: (p: ColumnProfile) => boolean) {
  return profiles
    .filter((p) => keep(p) && scores[p.index] > 0)
    .sort((a, b) => scores[b.index] - scores[a.index] || a.index - b.index);
}

/** Picks x (categories or dates), y (a number, or a count of rows) and the chart type. */
export function planColumns(
  pick: TablePick,
  rows: readonly Cell[][],
  question: string,
): Decision<ChartPlan> {
  const { table, columnScores } = pick;
  const profiles = profileColumns(table.columns, rows);
  if (rows.length === 0)
    return {
      ok: false,
      reason: `"${table.sheet}" has no rows to draw.`,
      code: 'NO_ROWS',
      table: table.sheet,
    };
  const asked = askedChartType(question);
  const askedAgg = askedAggregate(question);
  const numbers = profiles.filter((p) => p.kind === 'number');
  const namedNumbers = ranked(profiles, columnScores, (p) => p.kind === 'number');

  if (asked === 'point' && namedNumbers.length >= 2) {
    const [x, y] = namedNumbers;
    return plan(pick, x, y, 'sum', 'point', `${y.name} against ${x.name}`);
  }

  const grouping = new Set(groupingWords(question));
  const byGroup = profiles
    .map((p) => ({ p, hits: overlap(contentWords(p.name), grouping) }))
    .filter((g) => g.hits > 0)
    .sort(
      (a, b) =>
        b.hits - a.hits || (a.p.kind === 'number' ? 1 : 0) - (b.p.kind === 'number' ? 1 : 0),
    );
  const trend = asked === 'line';
  const x =
    byGroup[0]?.p ??
    ranked(profiles, columnScores, (p) => p.kind !== 'number')[0] ??
    (trend ? profiles.find((p) => p.kind === 'date') : undefined) ??
    profiles.find((p) => p.kind === 'category' && p.distinct > 1 && p.distinct <= 50) ??
    profiles.find((p) => p.kind === 'date') ??
    profiles.find((p) => p.kind === 'category');
  if (!x)
    return {
      ok: false,
      reason: `"${table.sheet}" has no column of categories or dates to group by.`,
      code: 'NO_GROUPING',
      table: table.sheet,
    };

  let y: ColumnProfile | null = namedNumbers.find((p) => p.index !== x.index) ?? null;
  if (!y && askedAgg !== 'count' && !pick.nameMatched)
    y = numbers.find((p) => p.index !== x.index) ?? null;
  const aggregate: Aggregate = y ? (askedAgg && askedAgg !== 'count' ? askedAgg : 'sum') : 'count';
  const chartType: ChartKind =
    asked && asked !== 'point' ? asked : x.kind === 'date' ? 'line' : 'bar';
  const measure = y ? `${AGG_WORD[aggregate]} ${y.name}` : 'Number of rows';
  return plan(pick, x, y, aggregate, chartType, `${measure} by ${x.name}`);
}

const AGG_WORD: Record<Aggregate, string> = {
  sum: 'Total',
  mean: 'Average',
  count: 'Count of',
  min: 'Lowest',
  max: 'Highest',
};

function plan(
  pick: TablePick,
  x: ColumnProfile,
  y: ColumnProfile | null,
  aggregate: Aggregate,
  chartType: ChartKind,
  what: string,
): Decision<ChartPlan> {
  const where = `"${pick.table.sheet}" of ${pick.table.documentName}`;
  return {
    ok: true,
    value: { table: pick.table, x, y, aggregate, chartType, reason: `${what}, from ${where}.` },
  };
}

export function routeOf(plan: ChartPlan): VisualRoute {
  return {
    wants_chart: true,
    table: {
      document_id: plan.table.documentId,
      document_name: plan.table.documentName,
      sheet: plan.table.sheet,
    },
    columns: plan.y ? [plan.x.name, plan.y.name] : [plan.x.name],
    chart_type: plan.chartType,
    reason: plan.reason,
  };
}

export function declined(refusal: Refusal): VisualRoute {
  return {
    wants_chart: false,
    table: null,
    columns: [],
    chart_type: null,
    reason: refusal.reason,
    reason_code: refusal.code,
    reason_table: refusal.table ?? null,
  };
}

/** Whether the words ask for a chart at all; "by"/"per" only with a column named. */
export function asksForChart(question: string, pick: TablePick | null): boolean {
  const intent = chartIntent(question);
  if (intent === 'strong') return true;
  return intent === 'weak' && pick !== null && pick.columnScores.some((s) => s >= 3);
}
