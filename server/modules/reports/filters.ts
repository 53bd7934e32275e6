/**
 * The turns a report reads: the date range, channel, widget and department chosen, within the
 * departments the reader may see. One SQL condition on `chat_turns as t`, the same for every
 * report and both dialects.
 *
 * The reader's departments (db/scope.ts): a turn, or a rollup row of turns, counts when every
 * department it touched is theirs; and a report listing words (questions, answers, intents'
 * examples) shows a conversation's turns only when none of its turns lies outside them. A
 * conversation across departments is read by those who may read all of them. Administrators
 * ('all') get no condition at all, so their reports run as before.
 */
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import { daysBetween, isoDay, REPORT_DEFAULT_DAYS } from '../../../contract/reports';
import type { DialectName as Dialect } from '../../db/database';
import { contains } from '../../db/dialect';
import { conversationWithin, touchedWithin } from '../../db/scope';
import { nameToken } from './product-names';

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
  /** Only the turns after this id (the log past the products' marks: product-filtered.ts). */
  afterTurn?: number;
  /** Words are listed: a conversation's turns only when none of its turns is out of scope. */
  wholeConversations?: boolean;
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
    // Once each: a turn counts once however often its product is named in the filter.
    products: products?.length ? [...new Set(products)] : undefined,
  };
}

/**
 * The turn was answered from this department (the filter a reader picks, not their scope):
 * chosen, or one of the sources searched. On the log (`t`, no department: null), on the rollups
 * (`r`, no department: 0) or on the products' turns (`x`, as the rollups).
 */
function touchesOn(alias: 't' | 'r' | 'm' | 'x', id: number): RawBuilder<SqlBool> {
  const n = String(Math.trunc(id));
  const a = sql.raw(alias);
  const none = alias === 't' ? sql`t.department_id is null` : sql`${a}.department_id = 0`;
  return sql<SqlBool>`(${a}.department_id = ${id} or (${none} and (${a}.department_ids = ${`[${n}]`} or ${a}.department_ids like ${`[${n},%`} or ${a}.department_ids like ${`%,${n},%`} or ${a}.department_ids like ${`%,${n}]`})))`;
}

/** The channel, widget and departments of the filter on a rollup or the products' turns. */
function placeParts(
  f: ReportFilter,
  dialect: Dialect,
  alias: 'r' | 'm' | 'x',
): RawBuilder<unknown>[] {
  const a = sql.raw(alias);
  const parts: RawBuilder<unknown>[] = [];
  if (f.channel !== 'all' || f.widgetId)
    parts.push(sql`${a}.channel = ${f.channel === 'assistant' ? 'console' : 'widget'}`);
  if (f.widgetId) parts.push(sql`${a}.widget_id = ${f.widgetId}`);
  if (f.departmentId) parts.push(touchesOn(alias, f.departmentId));
  if (f.scope !== 'all') parts.push(touchedWithin(dialect, alias, f.scope, 'zero'));
  return parts;
}

/**
 * The condition of `turnCondition` on `report_product_turns as x` for the rows of one product
 * of the filter (`product`, lower-cased): the turns up to `through` (every product of the
 * filter has counted them), and not those naming a product before it in the filter, which
 * that product's rows hold (a turn counts once).
 */
export function productTurnCondition(
  f: ReportFilter,
  dialect: Dialect,
  product: string,
  through: number,
): RawBuilder<SqlBool> {
  const before = f.products?.slice(0, f.products.indexOf(product)) ?? [];
  const parts: RawBuilder<unknown>[] = [
    sql`x.product = ${product}`,
    sql`x.asked_at >= ${f.from}`,
    sql`x.asked_at < ${f.to}`,
    sql`x.turn_id <= ${through}`,
    ...placeParts(f, dialect, 'x'),
    ...before.map((p) => sql`not ${contains(dialect, sql`x.asked_names`, nameToken(p))}`),
  ];
  if (f.sentiment) parts.push(sql`x.sentiment = ${f.sentiment}`);
  if (f.wholeConversations && f.scope !== 'all')
    parts.push(conversationWithin(dialect, 'x.conversation', f.scope));
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The condition of `turnCondition` on `report_hourly as r` (or `report_conversations as r`, by
 * day), without the sentiment and products
 * (the rollup has no question text; a caller filtering by products reads the log).
 */
export function rollupCondition(
  f: ReportFilter,
  dialect: Dialect,
  by: 'hour' | 'day' = 'hour',
  alias: 'r' | 'm' = 'r',
): RawBuilder<SqlBool> {
  const length = by === 'hour' ? 13 : 10;
  const column = sql.raw(`${alias}.${by}`);
  const parts: RawBuilder<unknown>[] = [
    sql`${column} >= ${f.from.slice(0, length)}`,
    sql`${column} < ${f.to.slice(0, length)}`,
    ...placeParts(f, dialect, alias),
  ];
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** The condition on `chat_turns as t` (and `s`, its sentiment, when a sentiment is chosen). */
export function turnCondition(f: ReportFilter, dialect: Dialect): RawBuilder<SqlBool> {
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
  if (f.departmentId) parts.push(touchesOn('t', f.departmentId));
  if (f.scope !== 'all') parts.push(touchedWithin(dialect, 't', f.scope));
  if (f.wholeConversations && f.scope !== 'all')
    parts.push(conversationWithin(dialect, 't.conversation_id', f.scope));
  if (f.afterTurn !== undefined) parts.push(sql`t.id > ${f.afterTurn}`);
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
