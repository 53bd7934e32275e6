/**
 * The table of a DataTable: a header row (sortable columns are buttons carrying aria-sort), an
 * optional selection column, the cells of each column and the row-actions column.
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
import { sortOf } from '@/lib/use-list-params';
import { isolate } from './isolate';

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell that names the row: a row header for screen readers. */
  rowHeader?: boolean;
  className?: string;
  style?: CSSProperties;
  /**
   * The column can be sorted by its key (`sort` in the address). With `sortValue` the rows on
   * screen are ordered by it; without, the page passes the sort to its API.
   */
  sortable?: boolean;
  sortValue?: (row: T) => string | number;
}

export interface DataSelection<T> {
  /** Rows the person may select; the column shows when any row on screen may be. */
  selectable: (row: T) => boolean;
  selected: ReadonlySet<Key>;
  onSelect: (keys: Key[], on: boolean) => void;
  selectAllLabel: string;
  selectLabel: (row: T) => string;
}

interface DataGridProps<T> {
  caption: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  /** Extra attributes of a row (test ids, data-*). */
  rowProps?: (row: T) => Record<string, string | number>;
  /** The row-actions column (its header is for screen readers only). */
  rowActions?: { label: string; render: (row: T) => ReactNode };
  selection?: DataSelection<T>;
  /** The address's sort (`key` or `-key`) and how to change it. */
  sort: string;
  onSort: (sort: string) => void;
}

/** The rows in the order of a client-side sort (a column with `sortValue`), else as given. */
function sortedRows<T>(rows: T[], columns: DataColumn<T>[], sort: string): T[] {
  const wanted = sortOf(sort);
  const value = columns.find((c) => c.key === wanted?.key)?.sortValue;
  if (!wanted || !value) return rows;
  const sign = wanted.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (
      sign *
      (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)))
    );
  });
}

export function DataGrid<T>(props: DataGridProps<T>) {
  const { columns, rowActions, selection, rowKey } = props;
  const rows = sortedRows(props.rows, columns, props.sort);
  const selectable = selection ? rows.filter(selection.selectable).map(rowKey) : [];
  const withSelection = selection !== undefined && selectable.length > 0;
  return (
    <CTable responsive hover align="middle">
      <caption className="visually-hidden">{props.caption}</caption>
      <CTableHead>
        <CTableRow>
          {withSelection && (
            <CTableHeaderCell scope="col" style={{ width: '2.5rem' }}>
              <CFormCheck
                aria-label={selection.selectAllLabel}
                checked={selectable.every((k) => selection.selected.has(k))}
                onChange={(e) => selection.onSelect(selectable, e.target.checked)}
              />
            </CTableHeaderCell>
          )}
          {columns.map((c) => (
            <ColumnHeader key={c.key} column={c} sort={props.sort} onSort={props.onSort} />
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
          <CTableRow key={rowKey(row)} {...props.rowProps?.(row)}>
            {withSelection && (
              <CTableDataCell>
                {selection.selectable(row) && (
                  <CFormCheck
                    aria-label={selection.selectLabel(row)}
                    checked={selection.selected.has(rowKey(row))}
                    onChange={(e) => selection.onSelect([rowKey(row)], e.target.checked)}
                  />
                )}
              </CTableDataCell>
            )}
            {columns.map((c) => {
              const Cell = c.rowHeader ? CTableHeaderCell : CTableDataCell;
              return (
                <Cell
                  key={c.key}
                  scope={c.rowHeader ? 'row' : undefined}
                  className={c.className}
                  style={c.style}
                >
                  {isolate(c.cell(row))}
                </Cell>
              );
            })}
            {rowActions && (
              <CTableDataCell className="text-nowrap">{rowActions.render(row)}</CTableDataCell>
            )}
          </CTableRow>
        ))}
      </CTableBody>
    </CTable>
  );
}

const ARROWS = { ascending: ' ▲', descending: ' ▼', none: '' };

/** A column's header; a sortable one cycles ascending, descending and the list's own order. */
function ColumnHeader<T>({
  column,
  sort,
  onSort,
}: {
  column: DataColumn<T>;
  sort: string;
  onSort: (sort: string) => void;
}) {
  if (!column.sortable) return <CTableHeaderCell scope="col">{column.header}</CTableHeaderCell>;
  const current = sortOf(sort);
  const state =
    current?.key !== column.key ? 'none' : current.descending ? 'descending' : 'ascending';
  const next = { none: column.key, ascending: `-${column.key}`, descending: '' }[state];
  return (
    <CTableHeaderCell scope="col" aria-sort={state}>
      <button
        type="button"
        className="btn btn-link p-0 fw-semibold text-reset text-decoration-none"
        onClick={() => onSort(next)}
      >
        {column.header}
        <span aria-hidden="true">{ARROWS[state]}</span>
      </button>
    </CTableHeaderCell>
  );
}
