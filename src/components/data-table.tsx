/**
 * Every list page's table (DESIGN "Lists and records"): search and filters above it (their
 * values live in the address through useListParams), the bulk actions of a selection, the
 * server's reason when the list failed, a spinner, the empty text, the rows with a row-actions
 * column, and the pager. A list page is its configuration and columns.
 */
import type { CSSProperties, Key, ReactNode } from 'react';
import {
  CFormCheck,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import type { ListChange, ListParams } from '@/lib/use-list-params';
import { ListSearch } from './list-search';
import { PagedListBody } from './paged-list-body';

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell that names the row: a row header for screen readers. */
  rowHeader?: boolean;
  className?: string;
  style?: CSSProperties;
}

export interface DataSelection<T> {
  /** Rows the person may select; the column shows when any row on screen may be. */
  selectable: (row: T) => boolean;
  selected: ReadonlySet<Key>;
  onSelect: (keys: Key[], on: boolean) => void;
  selectAllLabel: string;
  selectLabel: (row: T) => string;
}

export interface DataTableProps<T, F extends string> {
  caption: string;
  columns: DataColumn<T>[];
  /** The list query (an RTK Query result or alike): its rows, total, failure and first load. */
  query: { data?: { items: T[]; total: number }; error?: unknown; isLoading: boolean };
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
  /** Filter fields shown beside the search box. */
  filters?: ReactNode;
  /** Shown between the filters and the table: bulk actions, live status … */
  toolbar?: ReactNode;
  empty: string;
  pagerLabel: string;
}

export function DataTable<T, F extends string>(props: DataTableProps<T, F>) {
  const { params, setParams, selection, rowActions, query } = props;
  const rows = query.data?.items ?? [];
  return (
    <>
      {(props.searchLabel || props.filters) && (
        <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
          {props.searchLabel && (
            <ListSearch
              value={params.search}
              onSearch={(search) => setParams({ search })}
              label={props.searchLabel}
            />
          )}
          {props.filters}
        </div>
      )}
      {props.toolbar}
      <PagedListBody
        error={query.error}
        isLoading={query.isLoading}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        empty={props.empty}
        params={params}
        setParams={setParams}
        pagerLabel={props.pagerLabel}
      >
        <CTable responsive hover align="middle">
          <caption className="visually-hidden">{props.caption}</caption>
          <CTableHead>
            <CTableRow>
              <SelectAllCell rows={rows} rowKey={props.rowKey} selection={selection} />
              {props.columns.map((c) => (
                <CTableHeaderCell scope="col" key={c.key}>
                  {c.header}
                </CTableHeaderCell>
              ))}
              {rowActions && (
                <CTableHeaderCell scope="col">
                  <span className="visually-hidden">{rowActions.label}</span>
                </CTableHeaderCell>
              )}
            </CTableRow>
          </CTableHead>
          <CTableBody>
            {rows.map((row) => (
              <CTableRow key={props.rowKey(row)} {...props.rowProps?.(row)}>
                <SelectCell row={row} rows={rows} rowKey={props.rowKey} selection={selection} />
                {props.columns.map((c) =>
                  c.rowHeader ? (
                    <CTableHeaderCell
                      scope="row"
                      key={c.key}
                      className={c.className}
                      style={c.style}
                    >
                      {c.cell(row)}
                    </CTableHeaderCell>
                  ) : (
                    <CTableDataCell key={c.key} className={c.className} style={c.style}>
                      {c.cell(row)}
                    </CTableDataCell>
                  ),
                )}
                {rowActions && (
                  <CTableDataCell className="text-nowrap">{rowActions.render(row)}</CTableDataCell>
                )}
              </CTableRow>
            ))}
          </CTableBody>
        </CTable>
      </PagedListBody>
    </>
  );
}

interface SelectionCellProps<T> {
  rows: T[];
  rowKey: (row: T) => Key;
  selection?: DataSelection<T>;
}

function SelectAllCell<T>({ rows, rowKey, selection }: SelectionCellProps<T>) {
  const keys = selection ? rows.filter(selection.selectable).map(rowKey) : [];
  if (!selection || keys.length === 0) return null;
  return (
    <CTableHeaderCell scope="col" style={{ width: '2.5rem' }}>
      <CFormCheck
        aria-label={selection.selectAllLabel}
        checked={keys.every((k) => selection.selected.has(k))}
        onChange={(e) => selection.onSelect(keys, e.target.checked)}
      />
    </CTableHeaderCell>
  );
}

function SelectCell<T>({ row, rows, rowKey, selection }: SelectionCellProps<T> & { row: T }) {
  if (!selection || !rows.some(selection.selectable)) return null;
  return (
    <CTableDataCell>
      {selection.selectable(row) && (
        <CFormCheck
          aria-label={selection.selectLabel(row)}
          checked={selection.selected.has(rowKey(row))}
          onChange={(e) => selection.onSelect([rowKey(row)], e.target.checked)}
        />
      )}
    </CTableDataCell>
  );
}
