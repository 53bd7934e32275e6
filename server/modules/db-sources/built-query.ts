/**
 * A query built by picking a table, a grouping column and an aggregate. The
 * names must be ones the source itself listed; they are quoted by the driver, never pasted.
 */
import { aggregateFits, type DbQueryBuilt, type DbTable } from '../../../contract/db-sources';
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
  const from = table.name.split('.').map(driver.quote).join('.');
  const group = driver.quote(pick.group_by);
  const measure =
    pick.aggregate === 'count'
      ? pick.measure && has(pick.measure)
        ? driver.quote(pick.measure)
        : '*'
      : driver.quote(pick.measure ?? '');
  const label = `${pick.aggregate}_${pick.aggregate === 'count' && measure === '*' ? 'rows' : (pick.measure ?? '')}`;
  return (
    `SELECT ${group}, ${FUNCTION[pick.aggregate]}(${measure}) AS ${driver.quote(label)} ` +
    `FROM ${from} GROUP BY ${group} ORDER BY ${group}`
  );
}
