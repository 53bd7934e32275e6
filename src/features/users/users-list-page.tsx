import { useState } from 'react';
import {
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
import type { ManagedUser } from '@contract/identity';
import { routeRules } from '@contract/route-rules';
import { ConfirmModal } from '@/components/confirm-modal';
import { PagedListBody } from '@/components/paged-list-body';
import { ListSearch } from '@/components/list-search';
import { PageHeading } from '@/components/page-heading';
import { ToneButton } from '@/components/tone-button';
import { SelectField } from '@/components/select-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { selectAccessSubject, selectProfile } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useListParams } from '@/lib/use-list-params';
import { useUserDepartments } from './use-user-departments';
import { AssignmentBadges, UserStatusBadge } from './user-badges';
import type { UserLinks } from './user-links';
import { fullName } from './user-names';
import { useDeleteUserMutation, useListUsersQuery } from './users-api';

const FILTERS = ['department', 'status'] as const;

/** /users: searchable, paged users with department and status filters; actions by right. */
export function UsersListPage({ links }: { links: UserLinks }) {
  const { t } = useTranslation(['users', 'errors']);
  const dispatch = useLibDispatch();
  const subject = useSelector(selectAccessSubject);
  const me = useSelector(selectProfile);
  const [params, setParams] = useListParams(FILTERS);
  const { department, status } = params.filters;
  const list = useListUsersQuery({
    page: params.page,
    size: params.size,
    search: params.search,
    department_name: department,
    status: status === 'active' || status === 'disabled' ? status : undefined,
  });
  const { departments } = useUserDepartments('LIST_VIEW');
  const [remove, removing] = useDeleteUserMutation();
  const [pending, setPending] = useState<ManagedUser | null>(null);

  const may = (rule: keyof typeof routeRules) =>
    subject ? canAccess(routeRules[rule], subject) : false;
  const mayDelete = subject ? hasPermission(subject, 'Users', 'DELETE') : false;
  // A department from the address may be one this person cannot pick; keep it visible.
  const departmentNames = departments.map((d) => d.name);
  if (department && !departmentNames.includes(department)) departmentNames.push(department);

  async function confirmDelete() {
    if (!pending) return;
    const user = pending;
    try {
      await remove(user.id).unwrap();
      dispatch(toastAdded({ message: t('deleted', { name: fullName(user) }), color: 'success' }));
    } catch (e) {
      dispatch(toastAdded({ message: errorText(t, toApiErrorData(e)), color: 'danger' }));
    } finally {
      setPending(null);
    }
  }

  const rows = list.data?.items ?? [];
  const filtered = Boolean(params.search || department || status);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="h3 mb-0">{t('title')}</PageHeading>
        {may('addUser') && (
          <CButton as={Link} to={links.add} color="primary">
            {t('add')}
          </CButton>
        )}
      </div>
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
              value={department}
              onChange={(e) => setParams({ filters: { department: e.target.value } })}
            >
              <option value="">{t('filters.anyDepartment')}</option>
              {departmentNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <SelectField
              className="mb-0"
              label={t('filters.status')}
              value={status}
              onChange={(e) => setParams({ filters: { status: e.target.value } })}
            >
              <option value="">{t('filters.anyStatus')}</option>
              <option value="active">{t('statuses.active')}</option>
              <option value="disabled">{t('statuses.disabled')}</option>
            </SelectField>
          </div>
          <PagedListBody
            error={list.isError ? list.error : undefined}
            isLoading={list.isLoading}
            rowCount={rows.length}
            total={list.data?.total ?? 0}
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
                  <CTableHeaderCell scope="col">{t('fields.email')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.status')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.roles')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('actions')}</CTableHeaderCell>
                </CTableRow>
              </CTableHead>
              <CTableBody>
                {rows.map((u) => {
                  const name = fullName(u);
                  const self = me?.id === u.id;
                  return (
                    <CTableRow key={u.id}>
                      <CTableHeaderCell scope="row">
                        {may('viewUser') ? <Link to={links.view(u.id)}>{name}</Link> : name}
                        <div className="small text-body-secondary fw-normal">{u.username}</div>
                      </CTableHeaderCell>
                      <CTableDataCell>{u.email}</CTableDataCell>
                      <CTableDataCell>
                        <UserStatusBadge status={u.status} />
                      </CTableDataCell>
                      <CTableDataCell>
                        <AssignmentBadges
                          assignments={u.assignments}
                          isDefaultAdmin={u.is_defaultadmin}
                        />
                      </CTableDataCell>
                      <CTableDataCell className="text-nowrap">
                        {may('editUser') && (
                          <CButton
                            as={Link}
                            to={links.edit(u.id)}
                            size="sm"
                            color="primary"
                            variant="outline"
                            className="me-2"
                            aria-label={t('editNamed', { name })}
                          >
                            {t('edit')}
                          </CButton>
                        )}
                        {mayDelete && !self && (
                          <ToneButton
                            size="sm"
                            tone="danger"
                            aria-label={t('deleteNamed', { name })}
                            onClick={() => setPending(u)}
                          >
                            {t('delete')}
                          </ToneButton>
                        )}
                      </CTableDataCell>
                    </CTableRow>
                  );
                })}
              </CTableBody>
            </CTable>
          </PagedListBody>
        </CCardBody>
      </CCard>
      <ConfirmModal
        visible={pending !== null}
        title={t('confirmDeleteTitle')}
        message={
          pending ? t('confirmDelete', { name: fullName(pending), email: pending.email }) : ''
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
