import { useTranslation } from 'react-i18next';
import type { Assignment, UserHistoryEntry, UserSnapshot } from '@contract/identity';
import { HistoryPanel } from '@/components/history-panel';
import { formatDateTime } from '@/lib/dates';
import type { Translate } from '@/lib/error-text';
import { useRestoreUserVersionMutation, useUserHistoryQuery } from './users-api';

const SCALARS = [
  'username',
  'email',
  'first_name',
  'last_name',
  'status',
  'is_defaultadmin',
] as const;
type Scalar = (typeof SCALARS)[number];

const FIELD_KEYS: Record<Scalar, string> = {
  username: 'fields.username',
  email: 'fields.email',
  first_name: 'fields.firstName',
  last_name: 'fields.lastName',
  status: 'fields.status',
  is_defaultadmin: 'fields.defaultAdmin',
};

type AssignmentChange = 'added' | 'removed' | 'kept';

const assignmentKey = (a: Assignment) => `${a.department_id}:${a.role_id}`;

/** Both snapshots' assignments, each marked by what happened to it, sorted by department/role. */
export function diffAssignments(
  before: readonly Assignment[],
  after: readonly Assignment[],
): (Assignment & { change: AssignmentChange })[] {
  const old = new Map(before.map((a) => [assignmentKey(a), a]));
  const now = new Map(after.map((a) => [assignmentKey(a), a]));
  const all = new Map([...old, ...now]);
  return [...all]
    .map(([key, a]) => ({
      ...a,
      change: (old.has(key) && now.has(key)
        ? 'kept'
        : now.has(key)
          ? 'added'
          : 'removed') as AssignmentChange,
    }))
    .sort(
      (x, y) =>
        x.department_name.localeCompare(y.department_name) ||
        x.role_name.localeCompare(y.role_name),
    );
}

function scalarText(t: Translate, field: Scalar, snapshot: UserSnapshot): string {
  if (field === 'status') return t(`users:statuses.${snapshot.status}`);
  if (field === 'is_defaultadmin') return t(snapshot.is_defaultadmin ? 'users:yes' : 'users:no');
  return snapshot[field] || '—';
}

const MARK = {
  added: { sign: '+', className: 'text-success-emphasis fw-semibold' },
  removed: { sign: '−', className: 'text-danger-emphasis text-decoration-line-through' },
  kept: { sign: '', className: '' },
};

function SnapshotChanges({ entry }: { entry: UserHistoryEntry }) {
  const { t } = useTranslation('users');
  const { old: before, new: after } = entry.changes;
  const shown = after ?? before;
  if (!shown) return null;
  const changed = SCALARS.filter((f) => !before || !after || before[f] !== after[f]);
  const assignments = diffAssignments(before?.assignments ?? [], after?.assignments ?? []);
  const assignmentsChanged = !before || !after || assignments.some((a) => a.change !== 'kept');

  return (
    <>
      {changed.length > 0 && (
        <dl className="mb-2 small">
          {changed.map((f) => (
            <div key={f} className="row">
              <dt className="col-sm-4">{t(FIELD_KEYS[f])}</dt>
              <dd className="col-sm-8 mb-1">
                {before && after
                  ? t('history.fromTo', {
                      from: scalarText(t, f, before),
                      to: scalarText(t, f, after),
                    })
                  : scalarText(t, f, shown)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {assignmentsChanged && (
        <>
          <p className="small fw-semibold mb-1">{t('fields.assignments')}</p>
          {assignments.length === 0 ? (
            <p className="small text-body-secondary mb-0">{t('noRoles')}</p>
          ) : (
            <ul
              className="list-unstyled d-flex flex-wrap gap-2 mb-0"
              aria-label={t('history.assignmentsLabel', { version: entry.id })}
            >
              {assignments.map((a) => (
                <li
                  key={assignmentKey(a)}
                  data-change={a.change}
                  className={`border rounded px-2 py-1 small ${MARK[a.change].className}`}
                >
                  {MARK[a.change].sign && <span aria-hidden="true">{MARK[a.change].sign} </span>}
                  {a.change !== 'kept' && (
                    <span className="visually-hidden">{t(`history.${a.change}`)}: </span>
                  )}
                  {t('assignmentLabel', { role: a.role_name, department: a.department_name })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {changed.length === 0 && !assignmentsChanged && (
        <p className="small text-body-secondary mb-0">{t('history.noChanges')}</p>
      )}
    </>
  );
}

/** view-user's history: who changed what and when, with restore of any earlier version. */
export function UserHistory({ userId, canRestore }: { userId: number; canRestore: boolean }) {
  const { t, i18n } = useTranslation(['users', 'errors']);
  const [restore] = useRestoreUserVersionMutation();
  return (
    <HistoryPanel<UserHistoryEntry>
      query={useUserHistoryQuery(userId)}
      restore={(entry) => restore({ id: userId, entry: entry.id }).unwrap()}
      restored={(entry) => t('history.restored', { version: entry.id })}
      label={t('history.heading')}
      canRestore={canRestore}
      confirmMessage={(entry) =>
        t('history.confirmRestore', {
          version: entry.id,
          when: formatDateTime(entry.changed_at, { locale: i18n.language }),
        })
      }
      renderChanges={(entry) => <SnapshotChanges entry={entry} />}
    />
  );
}
