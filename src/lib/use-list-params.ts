/**
 * Paged lists keep page, size, search, sort and their filters in the address, so
 * reload, back and a shared link show the same rows. Defaults stay out of the address; changing
 * the search, the sort or a filter goes back to page 1, because the old page may no longer exist.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_DEFAULT } from '@contract/constants';
import { sortOrder, type SortValue } from '@contract/paging';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListParams<F extends string> {
  page: number;
  size: number;
  search: string;
  /** The sorted column's key, `-key` when descending; '' for the list's own order. */
  sort: string;
  filters: Record<F, string>;
}

interface ListSort {
  key: string;
  descending: boolean;
}

/** `name` / `-name` as a column key and a direction; null when the list is unsorted. */
export function sortOf(value: string): ListSort | null {
  return sortOrder(value as SortValue<string>);
}

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** Reads list state from URLSearchParams (pure, so it is tested without a router). */
export function readListParams<F extends string>(
  params: URLSearchParams,
  filterKeys: readonly F[],
  defaultSize: number = LIST_DEFAULT.size,
): ListParams<F> {
  const filters = Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])) as Record<
    F,
    string
  >;
  return {
    page: positive(params.get('page'), LIST_DEFAULT.page),
    size: positive(params.get('size'), defaultSize, 500),
    search: params.get('search') ?? '',
    sort: params.get('sort') ?? '',
    filters,
  };
}

export type ListChange<F extends string> = Partial<{
  page: number;
  size: number;
  search: string;
  sort: string;
  filters: Partial<Record<F, string>>;
}>;

/** The next address: empty and default values are dropped; a new search or filter resets page. */
export function nextListParams<F extends string>(
  current: URLSearchParams,
  change: ListChange<F>,
  defaultSize: number = LIST_DEFAULT.size,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | undefined, fallback: string) => {
    const text = value === undefined ? '' : String(value).trim();
    if (!text || text === fallback) next.delete(key);
    else next.set(key, text);
  };
  const resetsPage = (['search', 'sort', 'filters', 'size'] as const).some(
    (key) => change[key] !== undefined,
  );
  if (change.search !== undefined) set('search', change.search, '');
  if (change.sort !== undefined) set('sort', change.sort, '');
  if (change.size !== undefined) set('size', change.size, String(defaultSize));
  for (const [key, value] of Object.entries(change.filters ?? {}))
    set(key, value as string | undefined, '');
  if (change.page !== undefined) set('page', change.page, String(LIST_DEFAULT.page));
  else if (resetsPage) next.delete('page');
  return next;
}

/** The list state of the current address, and a setter that pushes a history entry. */
export function useListParams<F extends string = never>(
  filterKeys: readonly F[] = [],
  defaultSize: number = LIST_DEFAULT.size,
) {
  const [params, setParams] = useSearchParams();
  const keys = filterKeys.join(',');
  const state = useMemo(
    () => readListParams(params, keys ? (keys.split(',') as F[]) : [], defaultSize),
    [params, keys, defaultSize],
  );
  const update = useCallback(
    (change: ListChange<F>) => setParams((current) => nextListParams(current, change, defaultSize)),
    [setParams, defaultSize],
  );
  return [state, update] as const;
}
