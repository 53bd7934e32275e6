import { useState } from 'react';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { canAccess, hasPermission } from '@contract/access';
import type { Role } from '@contract/identity';
import {
  ACTIONS,
  MODULES,
  PERMISSION_CATALOGUE,
  type ActionName,
  type ModuleName,
} from '@contract/permissions';
import { routeRules } from '@contract/route-rules';
import { ConfirmModal } from '@/components/confirm-modal';
import { PagedListBody } from '@/components/paged-list-body';
import { ListSearch } from '@/components/list-search';
import { PageHeading } from '@/components/page-heading';
import { ToneButton } from '@/components/tone-button';
import { SelectField } from '@/components/select-field';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useListParams, type ListParams } from '@/lib/use-list-params';
import { actionLabel, moduleLabel } from './permission-labels';
import type { RoleLinks } from './role-links';
import { useDeleteRoleMutation, useListRolesQuery, useRolesGrantingQuery } from './roles-api';
import { useRoleDepartments } from './use-role-departments';

const FILTERS = ['department_id', 'type', 'action'] as const;
type Filter = (typeof FILTERS)[number];

const isModule = (v: string): v is ModuleName => (MODULES as readonly string[]).includes(v);
const isAction = (v: string): v is ActionName => (ACTIONS as readonly string[]).includes(v);

interface RoleRows {
  rows: Role[];
  total: number;
  isLoading: boolean;
  error: unknown;
}

/** Without a "grants" filter GET /roles; with one GET /roles/types/{module}/action/{action}. */
function useRoleRows(params: ListParams<Filter>): RoleRows {
  const { type, action, department_id } = params.filters;
  const args = {
    page: params.page,
    size: params.size,
    search: params.search,
    department_id: Number(department_id) || undefined,
  };
  const granting = isModule(type) && isAction(action) ? { module: type, action } : null;
  const plain = useListRolesQuery(args, { skip: granting !== null });
  const narrowed = useRolesGrantingQuery(
    { ...args, module: granting?.module ?? 'Users', action: granting?.action ?? 'ADD' },
    { skip: granting === null },
  );
  const query = granting ? narrowed : plain;
  return {
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    isLoading: query.isLoading,
    error: query.error,
  };
}

/** /roles: roles with their department and rights, filtered by department and by a granted right. */
export function RolesListPage({ links }: { links: RoleLinks }) {
  const { t, i18n } = useTranslation(['roles', 'errors']);
  const subject = useSelector(selectAccessSubject);
  const [params, setParams] = useListParams(FILTERS);
  const { rows, total, isLoading, error } = useRoleRows(params);
  const { departments } = useRoleDepartments('LIST_VIEW');
  const may = (rule: keyof typeof routeRules) =>
    subject ? canAccess(routeRules[rule], subject) : false;
  const grants =
    params.filters.type && params.filters.action
      ? `${params.filters.type}.${params.filters.action}`
      : '';
  const filtered = Boolean(params.search || params.filters.department_id || grants);
  const dispatch = useLibDispatch();
  const mayDelete = subject ? hasPermission(subject, 'Roles', 'DELETE') : false;
  const [remove, removing] = useDeleteRoleMutation();
  const [pending, setPending] = useState<Role | null>(null);
  const [refusal, setRefusal] = useState<{ role: Role; error: ApiErrorData } | null>(null);

  async function confirmDelete() {
    if (!pending) return;
    const role = pending;
    setPending(null);
    try {
      await remove(role.id).unwrap();
      setRefusal(null);
      dispatch(toastAdded({ message: t('deleted', { name: role.name }), color: 'success' }));
    } catch (e) {
      const error = toApiErrorData(e);
      setRefusal({ role, error });
      dispatch(toastAdded({ message: errorText(t, error), color: 'danger' }));
    }
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="h3 mb-0">{t('title')}</PageHeading>
        {may('addRole') && (
          <CButton as={Link} to={links.add} color="primary">
            {t('add')}
          </CButton>
        )}
      </div>
      {refusal && (
        <CAlert color="danger" role="alert" dismissible onClose={() => setRefusal(null)}>
          <p className="fw-semibold mb-1">{t('deleteRefused', { name: refusal.role.name })}</p>
          <p className="mb-0">
            {refusal.error.code === 'ROLE_IN_USE'
              ? t('inUseDetail', { count: refusal.role.user_count })
              : errorText(t, refusal.error)}
          </p>
          {refusal.error.code === 'ROLE_IN_USE' && (
            <p className="mb-0 small">{refusal.error.message}</p>
          )}
        </CAlert>
      )}
      <CCard>
        <CCardBody>
          <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
            <ListSearch
              value={params.search}
              onSearch={(search) => setParams({ search })}
              label={t('search')}
            />
            <SelectField
              className="mb-0"
              label={t('filters.department')}
              value={params.filters.department_id}
              onChange={(e) => setParams({ filters: { department_id: e.target.value } })}
            >
              <option value="">{t('filters.anyDepartment')}</option>
              {departments.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              className="mb-0"
              label={t('filters.grants')}
              value={grants}
              onChange={(e) => {
                const [type = '', action = ''] = e.target.value.split('.');
                setParams({ filters: { type, action } });
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
          </div>
          <PagedListBody
            error={error}
            isLoading={isLoading}
            rowCount={rows.length}
            total={total}
            empty={filtered ? t('noMatches') : t('empty')}
            params={params}
            setParams={setParams}
            pagerLabel={t('pages')}
          >
            <CTable responsive hover align="middle">
              <caption className="visually-hidden">{t('title')}</caption>
              <CTableHead>
                <CTableRow>
                  <CTableHeaderCell scope="col">{t('fields.name')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.department')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.rights')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.users')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.updatedAt')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('actions')}</CTableHeaderCell>
                </CTableRow>
              </CTableHead>
              <CTableBody>
                {rows.map((role) => (
                  <CTableRow key={role.id}>
                    <CTableHeaderCell scope="row">
                      {may('viewRole') ? (
                        <Link to={links.view(role.id)}>{role.name}</Link>
                      ) : (
                        role.name
                      )}
                      {role.description && (
                        <div className="small text-body-secondary fw-normal">
                          {role.description}
                        </div>
                      )}
                    </CTableHeaderCell>
                    <CTableDataCell>{role.department_name ?? t('allDepartments')}</CTableDataCell>
                    <CTableDataCell>
                      {t('rightsCount', {
                        count: role.permission_set.length,
                        total: PERMISSION_CATALOGUE.length,
                      })}
                    </CTableDataCell>
                    <CTableDataCell>{role.user_count}</CTableDataCell>
                    <CTableDataCell>
                      {formatDateTime(role.updated_at, { locale: i18n.language })}
                    </CTableDataCell>
                    <CTableDataCell className="text-nowrap">
                      {may('updateRole') && (
                        <CButton
                          as={Link}
                          to={links.update(role.id)}
                          size="sm"
                          color="primary"
                          variant="outline"
                          aria-label={t('editNamed', { name: role.name })}
                        >
                          {t('edit')}
                        </CButton>
                      )}
                      {mayDelete && (
                        <ToneButton
                          size="sm"
                          tone="danger"
                          className="ms-2"
                          aria-label={t('deleteNamed', { name: role.name })}
                          onClick={() => setPending(role)}
                        >
                          {t('delete')}
                        </ToneButton>
                      )}
                    </CTableDataCell>
                  </CTableRow>
                ))}
              </CTableBody>
            </CTable>
          </PagedListBody>
        </CCardBody>
      </CCard>
      <ConfirmModal
        visible={pending !== null}
        title={t('confirmDeleteTitle')}
        message={
          pending
            ? `${t('confirmDelete', { name: pending.name })}${
                pending.user_count > 0 ? ` ${t('stillHeld', { count: pending.user_count })}` : ''
              }`
            : ''
        }
        confirmLabel={t('delete')}
        confirmColor="danger"
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
