/**
 * A query built by picking a table, a grouping column and an aggregate. The
 * names must be ones the source itself listed; they are quoted by the driver, never pasted.
 */
import {
  aggregateFits,
  isNumericColumnType,
  type DbQueryBuilt,
  type DbTable,
} from '../../../contract/db-sources';
import { dbSourceErrors } from './errors';
import type { SourceDriver } from './drivers/types';

const FUNCTION = { count: 'COUNT', sum: 'SUM', avg: 'AVG', min: 'MIN', max: 'MAX' } as const;

export function buildGroupedQuery(
  driver: SourceDriver,
  tables: readonly DbTable[],
  pick: DbQueryBuilt,
): string {
  const table = tables.find((t) => t.name === pick.table);
  if (!table) throw dbSourceErrors.unknownColumn('table');
  const has = (name: string) => table.columns.some((c) => c.name === name);
  if (!has(pick.group_by)) throw dbSourceErrors.unknownColumn('group_by');
  if (pick.aggregate !== 'count' && (!pick.measure || !has(pick.measure)))
    throw dbSourceErrors.unknownColumn('measure');
  const measureType = table.columns.find((c) => c.name === pick.measure)?.type ?? '';
  if (pick.measure && !aggregateFits(pick.aggregate, measureType))
    throw dbSourceErrors.notNumeric(pick.aggregate);
  if (pick.series_by && (!has(pick.series_by) || pick.series_by === pick.group_by))
    throw dbSourceErrors.unknownColumn('series_by');
  if (pick.in_year && !has(pick.in_year.column)) throw dbSourceErrors.unknownColumn('in_year');
  const from = table.name.split('.').map(driver.quote).join('.');
  const group = [pick.group_by, ...(pick.series_by ? [pick.series_by] : [])]
    .map(driver.quote)
    .join(', ');
  const measure =
    pick.aggregate === 'count'
      ? pick.measure && has(pick.measure)
        ? driver.quote(pick.measure)
        : '*'
      : driver.quote(pick.measure ?? '');
  const label = `${pick.aggregate}_${pick.aggregate === 'count' && measure === '*' ? 'rows' : (pick.measure ?? '')}`;
  const where = pick.in_year ? ` WHERE ${yearCondition(driver, table, pick.in_year)}` : '';
  return (
    `SELECT ${group}, ${FUNCTION[pick.aggregate]}(${measure}) AS ${driver.quote(label)} ` +
    `FROM ${from}${where} GROUP BY ${group} ORDER BY ${group}`
  );
}

/**
 * The rows of one year: a date column from its first day to the next year's (a range every
 * dialect compares, and an index can serve), a number column equal to it, a text column equal
 * to its digits. The year is an integer the schema checked, so writing it into the SQL is safe.
 */
function yearCondition(
  driver: SourceDriver,
  table: DbTable,
  { column, year }: NonNullable<DbQueryBuilt['in_year']>,
): string {
  const type = table.columns.find((c) => c.name === column)?.type ?? '';
  const name = driver.quote(column);
  const y = Math.trunc(year);
  if (/^(date|datetime|timestamp)/i.test(type))
    return `${name} >= '${y}-01-01' AND ${name} < '${y + 1}-01-01'`;
  return isNumericColumnType(type) ? `${name} = ${y}` : `${name} = '${y}'`;
}
