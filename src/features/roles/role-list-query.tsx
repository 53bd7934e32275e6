/**
 * The roles list's query and filters: department, and "grants" a right. Without that filter the
 * rows come from GET /roles, with it from GET /roles/types/{module}/action/{action}.
 */
import { useTranslation } from 'react-i18next';
import {
  ACTIONS,
  MODULES,
  PERMISSION_CATALOGUE,
  type ActionName,
  type ModuleName,
} from '@contract/permissions';
import { ROLE_SORTS } from '@contract/identity';
import { knownSort } from '@contract/paging';
import { SelectField } from '@/components/select-field';
import { SelectFilter } from '@/components/select-filter';
import { actionLabel, moduleLabel } from '@/lib/permission-labels';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import type { ListChange, ListParams } from '@/lib/use-list-params';
import { useListRolesQuery, useRolesGrantingQuery } from './roles-api';

export const ROLE_FILTERS = ['department_id', 'type', 'action'] as const;
type Filter = (typeof ROLE_FILTERS)[number];

const isModule = (v: string): v is ModuleName => (MODULES as readonly string[]).includes(v);
const isAction = (v: string): v is ActionName => (ACTIONS as readonly string[]).includes(v);

export function useRoleList(params: ListParams<Filter>) {
  const { type, action, department_id } = params.filters;
  const args = {
    page: params.page,
    size: params.size,
    search: params.search,
    department_id: Number(department_id) || undefined,
    sort: knownSort(params.sort, ROLE_SORTS),
  };
  const granting = isModule(type) && isAction(action) ? { module: type, action } : null;
  const plain = useListRolesQuery(args, { skip: granting !== null });
  const narrowed = useRolesGrantingQuery(
    { ...args, module: granting?.module ?? 'Users', action: granting?.action ?? 'ADD' },
    { skip: granting === null },
  );
  return granting ? narrowed : plain;
}

export function RoleFilters({
  params,
  setParams,
}: {
  params: ListParams<Filter>;
  setParams: (change: ListChange<Filter>) => void;
}) {
  const { t } = useTranslation('roles');
  const { departments } = useDepartmentChoices('Roles', 'LIST_VIEW');
  const { type, action, department_id } = params.filters;
  return (
    <>
      <SelectFilter
        label={t('filters.department')}
        value={department_id}
        any={t('filters.anyDepartment')}
        options={departments.map((d) => ({ value: String(d.id), label: d.name }))}
        onChange={(value) => setParams({ filters: { department_id: value } })}
      />
      <SelectField
        className="mb-0"
        label={t('filters.grants')}
        value={type && action ? `${type}.${action}` : ''}
        onChange={(e) => {
          const [nextType = '', nextAction = ''] = e.target.value.split('.');
          setParams({ filters: { type: nextType, action: nextAction } });
        }}
      >
        <option value="">{t('filters.anyRight')}</option>
        {MODULES.map((m) => (
          <optgroup key={m} label={moduleLabel(t, m)}>
            {PERMISSION_CATALOGUE.filter((p) => p.module_name === m).map((p) => (
              <option key={p.id} value={`${m}.${p.action}`}>
                {`${moduleLabel(t, m)} · ${actionLabel(t, p.action)}`}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
    </>
  );
}
