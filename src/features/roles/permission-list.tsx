/**
 * A role's rights to read, not edit: one line per module of the catalogue (GET /permissions) with
 * the rights granted in it, so it wraps to any width and hides nothing (a read-only grid scrolled
 * sideways in the narrow record column and hid its last actions). The form keeps the grid.
 */
import { CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ModuleName } from '@contract/permissions';
import { SoftBadge } from '@/components/soft-badge';
import { actionLabel, moduleLabel } from '@/lib/permission-labels';
import { PermissionMatrix } from './permission-matrix';
import { usePermissionCatalogueQuery } from './permission-catalogue-api';

export function PermissionList({ value }: { value: readonly number[] }) {
  const { t } = useTranslation(['roles', 'common']);
  const catalogue = usePermissionCatalogueQuery();
  // Loading and failure (with Retry) look as they do in the form.
  if (!catalogue.data)
    return catalogue.isError ? (
      <PermissionMatrix value={value} readOnly />
    ) : (
      <CSpinner size="sm" aria-label={t('common:loading')} />
    );
  const granted = new Set(value);
  const modules = [...new Set(catalogue.data.map((p) => p.module_name))];
  const total = catalogue.data.length;
  const count = catalogue.data.filter((p) => granted.has(p.id)).length;
  const rightsOf = (module: ModuleName) =>
    catalogue.data!.filter((p) => p.module_name === module && granted.has(p.id));
  return (
    <>
      <p className="fw-semibold mb-2">{t('matrix.count', { count, total })}</p>
      <dl className="mb-0" aria-label={t('matrix.heading')}>
        {modules.map((module) => {
          const rights = rightsOf(module);
          return (
            <div key={module} className="row border-top py-2 mx-0">
              <dt className="col-sm-4 ps-0">{moduleLabel(t, module)}</dt>
              <dd className="col-sm-8 mb-0 ps-0">
                {rights.length === 0 ? (
                  <span className="text-body-secondary">{t('matrix.noneGranted')}</span>
                ) : (
                  <ul
                    className="list-unstyled d-flex flex-wrap gap-1 mb-0"
                    aria-label={t('matrix.grantedIn', { module: moduleLabel(t, module) })}
                  >
                    {rights.map((p) => (
                      <li key={p.id}>
                        <SoftBadge tone="success">{actionLabel(t, p.action)}</SoftBadge>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}
