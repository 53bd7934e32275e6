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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Department } from '@contract/identity';
import { ConfirmModal } from '@/components/confirm-modal';
import { PagedListBody } from '@/components/paged-list-body';
import { ListSearch } from '@/components/list-search';
import { PageHeading } from '@/components/page-heading';
import { ToneButton } from '@/components/tone-button';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useListParams } from '@/lib/use-list-params';
import type { DepartmentLinks } from './department-links';
import { useDeleteDepartmentMutation, useListDepartmentsQuery } from './departments-api';

interface Refusal {
  department: Department;
  error: ApiErrorData;
}

/** /department: the paged, searchable list of departments with view, edit and delete. */
export function DepartmentsListPage({ links }: { links: DepartmentLinks }) {
  const { t, i18n } = useTranslation(['departments', 'errors']);
  const dispatch = useLibDispatch();
  const [params, setParams] = useListParams();
  const list = useListDepartmentsQuery({
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const [remove, removing] = useDeleteDepartmentMutation();
  const [pending, setPending] = useState<Department | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function confirmDelete() {
    if (!pending) return;
    const department = pending;
    try {
      await remove(department.id).unwrap();
      setPending(null);
      setRefusal(null);
      dispatch(toastAdded({ message: t('deleted', { name: department.name }), color: 'success' }));
    } catch (e) {
      const error = toApiErrorData(e);
      setPending(null);
      setRefusal({ department, error });
      dispatch(toastAdded({ message: errorText(t, error), color: 'danger' }));
    }
  }

  const rows = list.data?.items ?? [];
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="h3 mb-0">{t('title')}</PageHeading>
        <CButton as={Link} to={links.add} color="primary">
          {t('add')}
        </CButton>
      </div>
      {refusal && <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} />}
      <CCard>
        <CCardBody>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <ListSearch
              value={params.search}
              onSearch={(search) => setParams({ search })}
              label={t('search')}
            />
          </div>
          <PagedListBody
            error={list.isError ? list.error : undefined}
            isLoading={list.isLoading}
            rowCount={rows.length}
            total={list.data?.total ?? 0}
            empty={params.search ? t('noMatches') : t('empty')}
            params={params}
            setParams={setParams}
            pagerLabel={t('pages')}
          >
            <CTable responsive hover align="middle">
              <caption className="visually-hidden">{t('title')}</caption>
              <CTableHead>
                <CTableRow>
                  <CTableHeaderCell scope="col">{t('fields.name')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.description')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.users')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.roles')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('fields.updatedAt')}</CTableHeaderCell>
                  <CTableHeaderCell scope="col">{t('actions')}</CTableHeaderCell>
                </CTableRow>
              </CTableHead>
              <CTableBody>
                {rows.map((d) => (
                  <CTableRow key={d.id}>
                    <CTableHeaderCell scope="row">
                      <Link to={links.view(d.id)}>{d.name}</Link>
                    </CTableHeaderCell>
                    <CTableDataCell>{d.description}</CTableDataCell>
                    <CTableDataCell>{d.user_count}</CTableDataCell>
                    <CTableDataCell>{d.role_count}</CTableDataCell>
                    <CTableDataCell>
                      {formatDateTime(d.updated_at, { locale: i18n.language })}
                    </CTableDataCell>
                    <CTableDataCell className="text-nowrap">
                      <CButton
                        as={Link}
                        to={links.update(d.id)}
                        size="sm"
                        color="primary"
                        variant="outline"
                        className="me-2"
                        aria-label={t('editNamed', { name: d.name })}
                      >
                        {t('edit')}
                      </CButton>
                      <ToneButton
                        size="sm"
                        tone="danger"
                        aria-label={t('deleteNamed', { name: d.name })}
                        onClick={() => setPending(d)}
                      >
                        {t('delete')}
                      </ToneButton>
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
        message={pending ? deleteQuestion(t, pending) : ''}
        confirmLabel={t('delete')}
        confirmColor="danger"
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function deleteQuestion(t: T, d: Department): string {
  const question = t('confirmDelete', { name: d.name });
  if (d.user_count === 0 && d.role_count === 0) return question;
  return `${question} ${t('stillHolds', { users: d.user_count, roles: d.role_count })}`;
}

/** 409 DEPARTMENT_IN_USE names what still holds the department (issue 4). */
function RefusalAlert({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  const { t } = useTranslation(['departments', 'errors']);
  const { department, error } = refusal;
  const inUse = error.code === 'DEPARTMENT_IN_USE';
  return (
    <CAlert color="danger" role="alert" dismissible onClose={onClose}>
      <p className="fw-semibold mb-1">{t('deleteRefused', { name: department.name })}</p>
      <p className="mb-0">
        {inUse
          ? t('inUseDetail', { users: department.user_count, roles: department.role_count })
          : errorText(t, error)}
      </p>
      {inUse && error.message && <p className="mb-0 small">{error.message}</p>}
    </CAlert>
  );
}
