/**
 * Every list page's table (DESIGN "Lists and records"): search and filters above it (their
 * values, with page, size and sort, live in the address through useListParams), the bulk
 * actions of a selection, the server's reason when the list failed, a spinner, the empty text,
 * the rows with a row-actions column, and the pager. A list page is its configuration and
 * columns; ListPage puts the page's header and dialogs around it.
 */
import type { Key, ReactNode } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import type { ListChange, ListParams } from '@/lib/use-list-params';
import { DataGrid, type DataColumn, type DataSelection } from './data-table-grid';
import { ListPager } from './list-pager';
import { ListSearch } from './list-search';

export type { DataColumn, DataSelection } from './data-table-grid';

/** What a list query gives the table (an RTK Query result or alike). */
export interface ListQuery<T> {
  data?: { items: T[]; total: number };
  error?: unknown;
  isLoading: boolean;
}

export interface DataTableProps<T, F extends string> {
  caption: string;
  columns: DataColumn<T>[];
  /** The column keys the list's API sorts by (its contract's `sort` keys): their headers sort. */
  sorts?: readonly string[];
  query: ListQuery<T>;
  rowKey: (row: T) => Key;
  /** Extra attributes of a row (test ids, data-*). */
  rowProps?: (row: T) => Record<string, string | number>;
  /** The row-actions column (its header is for screen readers only). */
  rowActions?: { label: string; render: (row: T) => ReactNode };
  selection?: DataSelection<T>;
  params: ListParams<F>;
  setParams: (change: ListChange<F>) => void;
  /** The search box's label; no box without it. */
  searchLabel?: string;
  /**
   * A short hint inside the box when the label is too long to show whole on a phone (the label
   * still names the box for screen readers); the label itself otherwise.
   */
  searchPlaceholder?: string;
  /** Filter fields shown beside the search box. */
  filters?: ReactNode;
  /** Shown between the filters and the table: bulk actions, live status … */
  toolbar?: ReactNode;
  /**
   * The text of a list without rows; with `noMatches`, that one while a search or a filter of
   * the address narrows the list.
   */
  empty: string | { empty: string; noMatches: string };
  pagerLabel: string;
}

/** Whether the address narrows the list: a search or any filter. */
function isFiltered<F extends string>(params: ListParams<F>): boolean {
  return Boolean(params.search) || Object.values<string>(params.filters).some(Boolean);
}

export function DataTable<T, F extends string>(props: DataTableProps<T, F>) {
  const { params, setParams, query } = props;
  const total = query.data?.total ?? 0;
  return (
    <>
      {(props.searchLabel || props.filters) && (
        <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
          {props.searchLabel && (
            <ListSearch
              value={params.search}
              onSearch={(search) => setParams({ search })}
              label={props.searchLabel}
              placeholder={props.searchPlaceholder}
            />
          )}
          {props.filters}
        </div>
      )}
      {props.toolbar}
      <ListState {...props} />
      {total > 0 && (
        <ListPager
          page={params.page}
          size={params.size}
          total={total}
          onPage={(page) => setParams({ page })}
          onSize={(size) => setParams({ size })}
          label={props.pagerLabel}
        />
      )}
    </>
  );
}

/** The server's reason, a spinner, the empty text, or the rows. */
function ListState<T, F extends string>(props: DataTableProps<T, F>) {
  const { t } = useTranslation(['errors', 'common']);
  const { query, params, empty } = props;
  const rows = query.data?.items ?? [];
  if (query.error)
    return (
      <CAlert color="danger" role="alert">
        {errorText(t, toApiErrorData(query.error))}
      </CAlert>
    );
  if (query.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (rows.length === 0) {
    const text =
      typeof empty === 'string' ? empty : isFiltered(params) ? empty.noMatches : empty.empty;
    return <p className="mb-0">{text}</p>;
  }
  return (
    <DataGrid
      caption={props.caption}
      columns={props.columns.map((c) =>
        props.sorts?.includes(c.key) ? { ...c, sortable: true } : c,
      )}
      rows={rows}
      rowKey={props.rowKey}
      rowProps={props.rowProps}
      rowActions={props.rowActions}
      selection={props.selection}
      sort={params.sort}
      onSort={(sort) => props.setParams({ sort })}
    />
  );
}
