/**
 * ORDER BY terms for a list's `sort` (contract/paging.ts sortField). Each sortable key names
 * the SQL expressions it orders by; they are this module's constants, never request text (the
 * contract has already refused any key not listed). The caller adds the list's own order after
 * them, so ties stay in a stable order and paging never repeats or skips a row.
 */
import { type RawBuilder, sql } from 'kysely';
import { sortOrder, type SortValue } from '../../contract/paging';

export type SortColumns<K extends string> = Record<K, readonly string[]>;

interface SortChoice<K extends string> {
  key: K;
  descending: boolean;
}

export function sortTerms<K extends string>(
  sort: SortValue<K> | SortChoice<K> | null | undefined,
  columns: SortColumns<K>,
): RawBuilder<unknown>[] {
  const choice = typeof sort === 'string' || sort === undefined ? sortOrder(sort) : sort;
  if (!choice) return [];
  const direction = choice.descending ? 'desc' : 'asc';
  return columns[choice.key].map((expression) => sql.raw(`${expression} ${direction}`));
}

/**
 * A sort as prepared-query arguments (db/prepared.ts): `{ [key]: descending }`, whose key and
 * flag are part of the query's shape (a string would be a placeholder); null for no sort.
 */
export function sortShape<K extends string>(sort: SortValue<K> | undefined) {
  const choice = sortOrder(sort);
  return choice ? ({ [choice.key]: choice.descending } as Partial<Record<K, boolean>>) : null;
}

/** The sort a sortShape stands for. */
export function fromSortShape<K extends string>(
  shape: Partial<Record<K, boolean>> | null,
): SortChoice<K> | null {
  const entry = shape && (Object.entries(shape)[0] as [K, boolean] | undefined);
  return entry ? { key: entry[0], descending: entry[1] } : null;
}
