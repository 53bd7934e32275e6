/**
 * The turns a report reads: the date range, channel, widget and department chosen, within the
 * departments the reader may see. One SQL condition on `chat_turns as t`, the same for every
 * report and both dialects.
 */
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import { daysBetween, isoDay, REPORT_DEFAULT_DAYS } from '../../../contract/reports';

export interface ReportFilter {
  /** First instant of the range and the instant after it (ISO, UTC). */
  from: string;
  to: string;
  range: { start_date: string; end_date: string; days: number };
  channel: 'all' | 'assistant' | 'widget';
  widgetId?: number;
  departmentId?: number;
  scope: DepartmentScope;
  sentiment?: string;
  products?: string[];
}

export interface FilterInput {
  start_date?: string;
  end_date?: string;
  channel?: 'all' | 'assistant' | 'widget';
  widget_id?: number;
  department_id?: number;
  sentiment?: string;
  products?: string;
}

const nextDay = (day: string) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + 864e5));

export function resolveFilter(
  query: FilterInput,
  scope: DepartmentScope,
  today = new Date(),
): ReportFilter {
  const end =
    query.end_date ??
    (query.start_date && query.start_date > isoDay(today) ? query.start_date : isoDay(today));
  const start =
    query.start_date ??
    isoDay(new Date(Date.parse(`${end}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * 864e5));
  const products = query.products
    ?.split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  return {
    from: `${start}T00:00:00.000Z`,
    to: `${nextDay(end)}T00:00:00.000Z`,
    range: { start_date: start, end_date: end, days: daysBetween(start, end) },
    channel: query.channel ?? 'all',
    widgetId: query.widget_id,
    departmentId: query.department_id,
    scope,
    sentiment: query.sentiment,
    products: products?.length ? products : undefined,
  };
}

/**
 * The turn was answered from this department: chosen, or one of the sources searched. On the
 * log (`t`, no department: null) or on the hourly rollup (`r`, no department: 0).
 */
function touchesOn(alias: 't' | 'r', id: number): RawBuilder<SqlBool> {
  const n = String(Math.trunc(id));
  const a = sql.raw(alias);
  const none = alias === 't' ? sql`t.department_id is null` : sql`r.department_id = 0`;
  return sql<SqlBool>`(${a}.department_id = ${id} or (${none} and (${a}.department_ids = ${`[${n}]`} or ${a}.department_ids like ${`[${n},%`} or ${a}.department_ids like ${`%,${n},%`} or ${a}.department_ids like ${`%,${n}]`})))`;
}
const touches = (id: number) => touchesOn('t', id);
const touchesRollup = (id: number) => touchesOn('r', id);

/**
 * The condition of `turnCondition` on `report_hourly as r` (or `report_conversations as r`, by
 * day), without the sentiment and products
 * (the rollup has no question text; a caller filtering by products reads the log).
 */
export function rollupCondition(f: ReportFilter, by: 'hour' | 'day' = 'hour'): RawBuilder<SqlBool> {
  const length = by === 'hour' ? 13 : 10;
  const column = sql.raw(`r.${by}`);
  const parts: RawBuilder<unknown>[] = [
    sql`${column} >= ${f.from.slice(0, length)}`,
    sql`${column} < ${f.to.slice(0, length)}`,
  ];
  if (f.channel !== 'all' || f.widgetId)
    parts.push(sql`r.channel = ${f.channel === 'assistant' ? 'console' : 'widget'}`);
  if (f.widgetId) parts.push(sql`r.widget_id = ${f.widgetId}`);
  if (f.departmentId) parts.push(touchesRollup(f.departmentId));
  if (f.scope !== 'all')
    parts.push(
      f.scope.length ? sql`(${sql.join(f.scope.map(touchesRollup), sql` or `)})` : sql`1 = 0`,
    );
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Where `text` (lower-cased by the caller) holds `needle`; dialect-specific function names. */
export function contains(
  dialect: 'sqlite' | 'postgres',
  text: RawBuilder<unknown>,
  needle: string,
) {
  return dialect === 'postgres'
    ? sql<SqlBool>`strpos(${text}, ${needle}) > 0`
    : sql<SqlBool>`instr(${text}, ${needle}) > 0`;
}

/** The condition on `chat_turns as t` (and `s`, its sentiment, when a sentiment is chosen). */
export function turnCondition(
  f: ReportFilter,
  dialect: 'sqlite' | 'postgres',
): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [
    sql`t.cancelled = 0`,
    sql`t.asked_at >= ${f.from}`,
    sql`t.asked_at < ${f.to}`,
  ];
  if (f.channel !== 'all' || f.widgetId)
    parts.push(sql`t.channel = ${f.channel === 'assistant' ? 'console' : 'widget'}`);
  if (f.widgetId)
    parts.push(
      sql`t.id in (select w.chat_turn_id from service_agent_turns w where w.service_agent_id = ${f.widgetId})`,
    );
  if (f.departmentId) parts.push(touches(f.departmentId));
  if (f.scope !== 'all')
    parts.push(f.scope.length ? sql`(${sql.join(f.scope.map(touches), sql` or `)})` : sql`1 = 0`);
  if (f.sentiment) parts.push(sql`s.sentiment = ${f.sentiment}`);
  if (f.products)
    parts.push(
      sql`(${sql.join(
        f.products.map((p) => contains(dialect, sql`lower(t.question)`, p)),
        sql` or `,
      )})`,
    );
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
