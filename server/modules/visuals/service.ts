/**
 * Visual answers: decide whether a question wants a chart and from which table, and
 * draw it. A forced request (the person pressed Chart) skips whether the words ask for a chart:
 * the button is the asking; what is missing for a chart is then said as a code. A chart drawn
 * for an answer (`message_id`) is kept with it by the chat module. Tables come only from ready, not soft-deleted documents of departments where the
 * user holds Query.QUERY_DOCUMENT (all for a default administrator). With an LLM configured the
 * model designs the spec; a refused or failed spec falls back to the built-in chart.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TopLevelSpec } from 'vega-lite';
import type { VisualRoute } from '../../../contract/chat';
import { AppError } from '../../http/app-error';
import { renderVegaLiteSvg } from '../../services/render/vega-svg';
import { departmentScope } from '../../../contract/access';
import type { Actor } from '../identity/public';
import { builtInSpec } from './chart-data';
import { type Cell, profileColumns } from './columns';
import type { LlmSettings } from '../../services/llm/settings';
import { buildPrompt, requestChartSpec } from './llm-spec';
import {
  asksForChart,
  type ChartPlan,
  declined,
  pickTable,
  type Refusal,
  planColumns,
  routeOf,
  type TablePick,
} from './planner';
import type { DbVisual } from '../db-sources/public';
import type { VisualsRepo } from './repo';
import { toRenderableSpec, type ValidatedChart, validateLlmSpec } from './spec-schema';

interface VisualRequest {
  query: string;
  text: string;
  force?: boolean;
}

type VisualEngine = 'builtin' | 'llm';

type Decision =
  | ({ kind: 'declined' } & Refusal)
  | {
      kind: 'llm';
      chart: ValidatedChart;
      pick: TablePick;
      rows: Cell[][];
      fallback: ChartPlan | null;
    }
  | { kind: 'builtin'; plan: ChartPlan; rows: Cell[][] };

interface RenderedVisual {
  svg: string;
  engine: VisualEngine;
  route: VisualRoute;
  /** What was drawn, its data inline: kept with the answer to draw it again. */
  spec: TopLevelSpec;
}

export function createVisualsService(deps: {
  repo: VisualsRepo;
  llm: LlmSettings | null;
  log: FastifyBaseLogger;
  /** Active database sources, asked first when a question names one of their tables. */
  databases?: {
    answer: (actor: Actor, question: string, force?: boolean) => Promise<DbVisual | null>;
  };
}) {
  async function askModel(pick: TablePick, rows: Cell[][], request: VisualRequest) {
    if (!deps.llm) return null;
    const messages = buildPrompt({
      question: request.query,
      answer: request.text,
      sheet: pick.table.sheet,
      documentName: pick.table.documentName,
      profiles: profileColumns(pick.table.columns, rows),
      sample: rows.slice(0, 5),
    });
    const answer = await requestChartSpec(deps.llm, messages);
    if (answer.kind === 'spec') {
      const checked = validateLlmSpec(answer.spec, pick.table.columns);
      if (checked.ok) return checked.chart;
      deps.log.warn({ reason: checked.reason }, 'visuals: model spec refused, built-in chart used');
    } else if (answer.kind === 'failed') {
      deps.log.warn({ reason: answer.reason }, 'visuals: model failed, built-in chart used');
    }
    return null;
  }

  async function decide(
    actor: Actor,
    request: VisualRequest,
    needIntent: boolean,
  ): Promise<Decision> {
    const tables = await deps.repo.tablesIn(
      departmentScope(actor.subject, 'Query', 'QUERY_DOCUMENT'),
    );
    const picked = pickTable(tables, request.query, request.text);
    if (needIntent && !asksForChart(request.query, picked.ok ? picked.value : null))
      return {
        kind: 'declined',
        reason: 'The question does not ask for a chart.',
        code: 'NOT_ASKED',
      };
    if (!picked.ok) return { ...picked, kind: 'declined' };
    const rows = await deps.repo.rowsOf(picked.value.table.tableId);
    if (rows.length === 0)
      return {
        kind: 'declined',
        reason: `"${picked.value.table.sheet}" has no rows to draw.`,
        code: 'NO_ROWS',
        table: picked.value.table.sheet,
      };
    const planned = planColumns(picked.value, rows, request.query);
    const chart = await askModel(picked.value, rows, request);
    if (chart)
      return {
        kind: 'llm',
        chart,
        pick: picked.value,
        rows,
        fallback: planned.ok ? planned.value : null,
      };
    return planned.ok
      ? { kind: 'builtin', plan: planned.value, rows }
      : { ...planned, kind: 'declined' };
  }

  function llmRoute(decision: Extract<Decision, { kind: 'llm' }>): VisualRoute {
    const { table } = decision.pick;
    const title = decision.chart.spec.title ? `${decision.chart.spec.title}, ` : '';
    return {
      wants_chart: true,
      table: {
        document_id: table.documentId,
        document_name: table.documentName,
        sheet: table.sheet,
      },
      columns: decision.chart.columns,
      chart_type: decision.chart.markType,
      reason: `${title}designed by the language model from "${table.sheet}" of ${table.documentName}.`,
    };
  }

  return {
    async route(actor: Actor, request: VisualRequest): Promise<VisualRoute> {
      // The database sources read the question in its own language ("por", "nach", "حسب").
      const fromDatabase = await deps.databases?.answer(actor, request.query, request.force);
      if (fromDatabase) return fromDatabase.route;
      const decision = await decide(actor, request, !request.force);
      if (decision.kind === 'declined') return declined(decision);
      return decision.kind === 'llm' ? llmRoute(decision) : routeOf(decision.plan);
    },

    async generate(actor: Actor, request: VisualRequest): Promise<RenderedVisual> {
      const fromDatabase = await deps.databases?.answer(actor, request.query, request.force);
      if (fromDatabase) {
        const svg = await renderVegaLiteSvg(fromDatabase.spec);
        return {
          svg,
          engine: fromDatabase.engine,
          route: fromDatabase.route,
          spec: fromDatabase.spec,
        };
      }
      const decision = await decide(actor, request, false);
      if (decision.kind === 'declined')
        throw new AppError(422, 'VALIDATION_ERROR', `No chart can be drawn: ${decision.reason}`);
      if (decision.kind === 'llm') {
        const { chart, pick, rows } = decision;
        try {
          const spec = toRenderableSpec(chart, pick.table.columns, rows);
          const svg = await renderVegaLiteSvg(spec);
          return { svg, engine: 'llm', route: llmRoute(decision), spec };
        } catch (error) {
          deps.log.warn({ err: error }, 'visuals: model spec did not render, built-in chart used');
          if (!decision.fallback)
            throw new AppError(422, 'VALIDATION_ERROR', 'No chart can be drawn from this table.');
          return builtIn(decision.fallback, rows);
        }
      }
      return builtIn(decision.plan, decision.rows);
    },
  };
}

async function builtIn(plan: ChartPlan, rows: Cell[][]): Promise<RenderedVisual> {
  const spec = builtInSpec(plan, rows);
  const svg = await renderVegaLiteSvg(spec);
  return { svg, engine: 'builtin', route: routeOf(plan), spec };
}

export type VisualsService = ReturnType<typeof createVisualsService>;
