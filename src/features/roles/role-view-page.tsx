import { CButton, CCard, CCardBody, CCardHeader, CCol, CRow } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { canAccess } from '@contract/access';
import type { Role } from '@contract/identity';
import { routeRules } from '@contract/route-rules';
import { RecordPage, useRecordId } from '@/components/record-page';
import { formatDateTime } from '@/lib/dates';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { PermissionMatrix } from './permission-matrix';
import { RoleHistory } from './role-history';
import type { RoleLinks } from './role-links';
import { useGetRoleQuery } from './roles-api';
import { useDepartmentChoices } from '@/lib/session/department-choices';

/** view-role/{id}: the role, its rights as a read-only matrix, and its history with restore. */
export function RoleViewPage({ links }: { links: RoleLinks }) {
  const { t } = useTranslation(['roles', 'errors']);
  const { id, valid } = useRecordId();
  const role = useGetRoleQuery(id, { skip: !valid });
  return (
    <RecordPage
      query={role}
      valid={valid}
      title={(r) => (r ? t('viewTitleNamed', { name: r.name }) : t('viewTitle'))}
      listPath={links.list}
      texts={{ invalid: t('chooseRole'), notFound: t('notFound'), backToList: t('backToList') }}
    >
      {(data) => <RoleDetails role={data} links={links} />}
    </RecordPage>
  );
}

function RoleDetails({ role, links }: { role: Role; links: RoleLinks }) {
  const { t, i18n } = useTranslation(['roles', 'common']);
  const subject = useSelector(selectAccessSubject);
  const { departments } = useDepartmentChoices('Roles', 'VIEW');
  const canUpdate = subject ? canAccess(routeRules.updateRole, subject) : false;
  const when = (value: string) => formatDateTime(value, { locale: i18n.language });

  const departmentName = (id: number | null) => {
    if (id === null) return t('allDepartments');
    if (id === role.department_id && role.department_name) return role.department_name;
    return departments.find((d) => d.id === id)?.name ?? t('departmentNumber', { id });
  };

  return (
    <CRow className="g-4">
      <CCol xl={5}>
        <CCard className="mb-4">
          <CCardHeader className="d-flex align-items-center">
            <h2 className="h5 mb-0">{t('detailsHeading')}</h2>
            {canUpdate && (
              <CButton
                as={Link}
                to={links.update(role.id)}
                size="sm"
                color="primary"
                className="ms-auto"
              >
                {t('edit')}
              </CButton>
            )}
          </CCardHeader>
          <CCardBody>
            <dl className="row mb-0">
              <dt className="col-sm-4">{t('fields.name')}</dt>
              <dd className="col-sm-8">{role.name}</dd>
              <dt className="col-sm-4">{t('fields.department')}</dt>
              <dd className="col-sm-8">{role.department_name ?? t('allDepartments')}</dd>
              <dt className="col-sm-4">{t('fields.description')}</dt>
              <dd className="col-sm-8">{role.description || '—'}</dd>
              <dt className="col-sm-4">{t('fields.users')}</dt>
              <dd className="col-sm-8">{role.user_count}</dd>
              <dt className="col-sm-4">{t('fields.createdAt')}</dt>
              <dd className="col-sm-8">
                {t('byWhoWhen', {
                  who: role.created_by?.name ?? t('common:history.system'),
                  when: when(role.created_at),
                })}
              </dd>
              <dt className="col-sm-4">{t('fields.updatedAt')}</dt>
              <dd className="col-sm-8 mb-0">
                {t('byWhoWhen', {
                  who: role.updated_by?.name ?? t('common:history.system'),
                  when: when(role.updated_at),
                })}
              </dd>
            </dl>
          </CCardBody>
        </CCard>
        <CCard>
          <CCardHeader>
            <h2 className="h5 mb-0">{t('matrix.heading')}</h2>
          </CCardHeader>
          <CCardBody>
            <PermissionMatrix value={role.permission_set} readOnly />
          </CCardBody>
        </CCard>
      </CCol>
      <CCol xl={7}>
        <h2 className="h5 mb-3">{t('history.heading')}</h2>
        <RoleHistory roleId={role.id} canRestore={canUpdate} departmentName={departmentName} />
      </CCol>
    </CRow>
  );
}
