import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { CButton, CTable } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ActionName, ModuleName, PermissionDefinition } from '@contract/permissions';
import { actionLabel, moduleLabel } from '@/lib/permission-labels';

export interface PermissionMatrixProps {
  /** Granted permission ids. */
  value: readonly number[];
  onChange?: (ids: number[]) => void;
  readOnly?: boolean;
  /** Ids the person may grant or take away; the others are shown but locked. All when absent. */
  grantable?: ReadonlySet<number>;
  /** Id of the element describing an error of the whole set. */
  errorId?: string;
  invalid?: boolean;
}

type Tri = 'all' | 'some' | 'none';

/**
 * A plain checkbox: CoreUI's check component re-creates its input on every render, which drops
 * the keyboard focus after each toggle and keeps a stale `indeterminate`.
 */
function Checkbox({
  indeterminate = false,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={`form-check-input${className ? ` ${className}` : ''}`}
      {...input}
    />
  );
}

function stateOf(ids: readonly number[], granted: ReadonlySet<number>): Tri {
  const n = ids.filter((id) => granted.has(id)).length;
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** Rows, columns and cell ids as the catalogue gives them (GET /permissions), in its order. */
function layoutOf(catalogue: readonly PermissionDefinition[]) {
  const modules = [...new Set(catalogue.map((p) => p.module_name))];
  const actions = [...new Set(catalogue.map((p) => p.action))];
  const ids = new Map(catalogue.map((p) => [`${p.module_name}.${p.action}`, p.id]));
  const idOf = (m: ModuleName, a: ActionName) => ids.get(`${m}.${a}`);
  const present = (list: (number | undefined)[]) => list.filter((id) => id !== undefined);
  return {
    modules,
    actions,
    idOf,
    rowIds: (m: ModuleName) => present(actions.map((a) => idOf(m, a))),
    colIds: (a: ActionName) => present(modules.map((m) => idOf(m, a))),
    allIds: catalogue.map((p) => p.id),
  };
}

/** The grid's editing: what is granted, what may change, and how lines change at once. */
function useGridEditing(props: PermissionMatrixProps) {
  const granted = new Set(props.value);
  const editable = !props.readOnly && Boolean(props.onChange);
  const may = (id: number) => editable && (!props.grantable || props.grantable.has(id));
  function setMany(ids: number[], on: boolean) {
    const next = new Set(granted);
    for (const id of ids) {
      if (!may(id)) continue;
      if (on) next.add(id);
      else next.delete(id);
    }
    props.onChange?.(sorted(next));
  }
  return {
    granted,
    editable,
    may,
    setMany,
    /** A line toggle grants the line's grantable rights unless all of them are granted already. */
    toggleLine(ids: number[]) {
      const open = ids.filter(may);
      setMany(open, !open.every((id) => granted.has(id)));
    },
  };
}

type GridEditing = ReturnType<typeof useGridEditing>;

/** The checkbox that grants or clears a whole row or column. */
function LineToggle({
  ids,
  label,
  editing,
}: {
  ids: number[];
  label: string;
  editing: GridEditing;
}) {
  const state = stateOf(ids, editing.granted);
  return (
    <Checkbox
      className="m-0"
      aria-label={label}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={!ids.some(editing.may)}
      onChange={() => editing.toggleLine(ids)}
    />
  );
}

/** The count of granted rights (announced as it changes) and, when editable, grant/clear all. */
function GridToolbar({ editing, allIds }: { editing: GridEditing; allIds: number[] }) {
  const { t } = useTranslation('roles');
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
      <p className="mb-0 fw-semibold" role="status" aria-live="polite">
        {t('matrix.count', { count: editing.granted.size, total: allIds.length })}
      </p>
      {editing.editable && (
        <div className="ms-auto d-flex gap-2">
          {([true, false] as const).map((on) => (
            <CButton
              key={String(on)}
              size="sm"
              color="secondary"
              variant="outline"
              onClick={() => editing.setMany(allIds, on)}
            >
              {t(on ? 'matrix.grantAll' : 'matrix.clearAll')}
            </CButton>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The permission set as a grid: the catalogue's modules as rows, its actions as columns. Every cell is
 * a labelled checkbox ("Users: Add"); a row's and a column's first checkbox grants or clears the
 * whole line; the count of granted rights is announced as it changes.
 */
export function PermissionGrid({
  catalogue,
  ...props
}: PermissionMatrixProps & { catalogue: readonly PermissionDefinition[] }) {
  const { t } = useTranslation('roles');
  const editing = useGridEditing(props);
  const { granted, editable, may, setMany } = editing;
  const { modules, actions, idOf, rowIds, colIds, allIds } = layoutOf(catalogue);

  return (
    <div>
      <GridToolbar editing={editing} allIds={allIds} />
      {/* Scrolls sideways on narrow screens; a read-only grid has nothing focusable inside, so
          the region itself takes focus to be scrolled with the keyboard. */}
      <div
        className="table-responsive"
        tabIndex={editable ? undefined : 0}
        role={editable ? undefined : 'region'}
        aria-label={editable ? undefined : t('matrix.caption')}
      >
        <CTable
          bordered
          small
          align="middle"
          className="text-center mb-0"
          aria-describedby={props.errorId}
        >
          <caption className="visually-hidden">{t('matrix.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="text-start">
                {t('matrix.module')}
              </th>
              {actions.map((action) => {
                const label = actionLabel(t, action);
                return (
                  <th scope="col" key={action} className="small">
                    <div>{label}</div>
                    {editable && (
                      <LineToggle
                        ids={colIds(action)}
                        label={t('matrix.toggleColumn', { action: label })}
                        editing={editing}
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {modules.map((module) => {
              const label = moduleLabel(t, module);
              return (
                <tr key={module}>
                  <th scope="row" className="text-start text-nowrap">
                    {editable ? (
                      <label className="d-flex align-items-center gap-2 mb-0">
                        <LineToggle
                          ids={rowIds(module)}
                          label={t('matrix.toggleRow', { module: label })}
                          editing={editing}
                        />
                        {label}
                      </label>
                    ) : (
                      label
                    )}
                  </th>
                  {actions.map((action) => {
                    const id = idOf(module, action);
                    // A pair the catalogue does not have is no right: an empty cell.
                    if (id === undefined) return <td key={action} />;
                    return (
                      <td key={action}>
                        <Checkbox
                          className="m-0"
                          aria-label={t('matrix.cell', {
                            module: label,
                            action: actionLabel(t, action),
                          })}
                          aria-invalid={props.invalid || undefined}
                          checked={granted.has(id)}
                          disabled={!may(id)}
                          readOnly={!editable}
                          onChange={() => setMany([id], !granted.has(id))}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </CTable>
      </div>
    </div>
  );
}
