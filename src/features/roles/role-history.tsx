import { useTranslation } from 'react-i18next';
import type { RoleHistoryEntry, RoleSnapshot } from '@contract/identity';
import { HistoryPanel } from '@/components/history-panel';
import { formatDateTime } from '@/lib/dates';
import type { Translate } from '@/lib/error-text';
import { permissionLabel } from '@/lib/permission-labels';
import { useRestoreRoleVersionMutation, useRoleHistoryQuery } from './roles-api';

type RightChange = 'added' | 'removed' | 'kept';

/** The union of both sets in catalogue order, each right marked by what happened to it. */
export function diffRights(
  before: readonly number[] | null,
  after: readonly number[] | null,
): { id: number; change: RightChange }[] {
  const old = new Set(before ?? []);
  const now = new Set(after ?? []);
  return [...new Set([...old, ...now])]
    .sort((a, b) => a - b)
    .map((id) => ({
      id,
      change: old.has(id) && now.has(id) ? 'kept' : now.has(id) ? 'added' : 'removed',
    }));
}

/** Which version an entry brings back (the server's rule: a delete brings back what was deleted). */
export function versionRights(entry: RoleHistoryEntry): number[] {
  return (
    (entry.action === 'delete' ? entry.changes.old_permission_set : entry.changes.permission_set) ??
    []
  );
}

const MARK: Record<RightChange, { sign: string; className: string }> = {
  added: { sign: '+', className: 'text-success-emphasis fw-semibold' },
  removed: { sign: '−', className: 'text-danger-emphasis text-decoration-line-through' },
  kept: { sign: '', className: '' },
};

function RightsDiff({ entry }: { entry: RoleHistoryEntry }) {
  const { t } = useTranslation('roles');
  const rights = diffRights(entry.changes.old_permission_set, entry.changes.permission_set);
  const added = rights.filter((r) => r.change === 'added').length;
  const removed = rights.filter((r) => r.change === 'removed').length;
  return (
    <>
      <p className="mb-2 small">
        {t('history.summary', {
          added,
          removed,
          count: (entry.changes.permission_set ?? []).length,
        })}
      </p>
      {rights.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('history.noRights')}</p>
      ) : (
        <ul
          className="list-unstyled mb-0 d-flex flex-wrap gap-2"
          aria-label={t('history.rightsLabel', { version: entry.id })}
        >
          {rights.map(({ id, change }) => (
            <li
              key={id}
              data-change={change}
              className={`border rounded px-2 py-1 small ${MARK[change].className}`}
            >
              {MARK[change].sign && <span aria-hidden="true">{MARK[change].sign} </span>}
              {change !== 'kept' && (
                <span className="visually-hidden">{t(`history.${change}`)}: </span>
              )}
              {permissionLabel(t, id)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function FieldChanges({
  before,
  after,
  departmentName,
}: {
  before: RoleSnapshot | null;
  after: RoleSnapshot | null;
  departmentName: (id: number | null) => string;
}) {
  const { t } = useTranslation('roles');
  if (!before || !after) return null;
  const rows: { field: string; from: string; to: string }[] = [];
  if (before.name !== after.name) rows.push({ field: 'name', from: before.name, to: after.name });
  if (before.description !== after.description)
    rows.push({ field: 'description', from: before.description, to: after.description });
  if (before.department_id !== after.department_id)
    rows.push({
      field: 'department',
      from: departmentName(before.department_id),
      to: departmentName(after.department_id),
    });
  if (rows.length === 0) return null;
  return (
    <ul className="mb-2 small">
      {rows.map((r) => (
        <li key={r.field}>
          {t('history.fieldChanged', {
            field: t(`fields.${r.field}`),
            from: r.from || '—',
            to: r.to || '—',
          })}
        </li>
      ))}
    </ul>
  );
}

interface RoleHistoryProps {
  roleId: number;
  canRestore: boolean;
  departmentName: (id: number | null) => string;
}

/** view-role's history: who and when, the sorted rights with additions and removals marked. */
export function RoleHistory({ roleId, canRestore, departmentName }: RoleHistoryProps) {
  const { t, i18n } = useTranslation(['roles', 'errors']);
  const [restore] = useRestoreRoleVersionMutation();
  return (
    <HistoryPanel<RoleHistoryEntry>
      query={useRoleHistoryQuery(roleId)}
      restore={(entry) => restore({ id: roleId, entry: entry.id }).unwrap()}
      restored={(entry) => t('history.restored', { version: entry.id })}
      label={t('history.heading')}
      canRestore={canRestore}
      confirmMessage={(entry) => confirmText(t, entry, i18n.language)}
      renderChanges={(entry) => (
        <>
          <FieldChanges
            before={entry.changes.old}
            after={entry.changes.new}
            departmentName={departmentName}
          />
          <RightsDiff entry={entry} />
        </>
      )}
    />
  );
}

function confirmText(t: Translate, entry: RoleHistoryEntry, locale: string): string {
  const rights = versionRights(entry);
  return t('roles:history.confirmRestore', {
    version: entry.id,
    when: formatDateTime(entry.changed_at, { locale }),
    count: rights.length,
    rights: rights.map((id) => permissionLabel(t, id)).join(', ') || t('roles:history.noRights'),
  });
}
