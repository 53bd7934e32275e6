import { CButton, CCard, CCardBody, CCardHeader, CCol, CRow } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { canAccess } from '@contract/access';
import type { ManagedUser } from '@contract/identity';
import { routeRules } from '@contract/route-rules';
import { RecordPage, useRecordId } from '@/components/record-page';
import { SoftBadge } from '@/components/soft-badge';
import { formatDateTime } from '@/lib/dates';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { AssignmentBadges, UserStatusBadge } from './user-badges';
import { UserHistory } from './user-history';
import type { UserLinks } from './user-links';
import { fullName } from './user-names';
import { useGetUserQuery } from './users-api';

/** view-user/{id}: the user's profile, role assignments and change history (SPEC §2). */
export function UserViewPage({ links }: { links: UserLinks }) {
  const { t } = useTranslation(['users', 'errors']);
  const { id, valid } = useRecordId();
  const user = useGetUserQuery(id, { skip: !valid });
  return (
    <RecordPage
      query={user}
      valid={valid}
      title={(u) => (u ? t('viewTitleNamed', { name: fullName(u) }) : t('viewTitle'))}
      listPath={links.list}
      texts={{ invalid: t('chooseUser'), notFound: t('notFound'), backToList: t('backToList') }}
    >
      {(data) => <UserDetails user={data} links={links} />}
    </RecordPage>
  );
}

function UserDetails({ user, links }: { user: ManagedUser; links: UserLinks }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const subject = useSelector(selectAccessSubject);
  const canUpdate = subject ? canAccess(routeRules.editUser, subject) : false;
  const when = (value: string) => formatDateTime(value, { locale: i18n.language });
  const by = (actor: ManagedUser['created_by'], value: string) =>
    t('byWhoWhen', { who: actor?.name ?? t('common:history.system'), when: when(value) });

  return (
    <CRow className="g-4">
      <CCol xl={5}>
        <CCard>
          <CCardHeader className="d-flex align-items-center">
            <h2 className="h5 mb-0">{t('profileHeading')}</h2>
            {canUpdate && (
              <CButton
                as={Link}
                to={links.edit(user.id)}
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
              <dd className="col-sm-8">{fullName(user)}</dd>
              <dt className="col-sm-4">{t('fields.username')}</dt>
              <dd className="col-sm-8">{user.username}</dd>
              <dt className="col-sm-4">{t('fields.email')}</dt>
              <dd className="col-sm-8">
                {user.email}{' '}
                <SoftBadge tone={user.is_verified ? 'success' : 'warning'}>
                  {t(user.is_verified ? 'verified' : 'notVerified')}
                </SoftBadge>
              </dd>
              <dt className="col-sm-4">{t('fields.status')}</dt>
              <dd className="col-sm-8">
                <UserStatusBadge status={user.status} />
              </dd>
              <dt className="col-sm-4">{t('fields.roles')}</dt>
              <dd className="col-sm-8">
                <AssignmentBadges
                  assignments={user.assignments}
                  isDefaultAdmin={user.is_defaultadmin}
                />
              </dd>
              <dt className="col-sm-4">{t('fields.createdAt')}</dt>
              <dd className="col-sm-8">{by(user.created_by, user.created_at)}</dd>
              <dt className="col-sm-4">{t('fields.updatedAt')}</dt>
              <dd className="col-sm-8 mb-0">{by(user.updated_by, user.updated_at)}</dd>
            </dl>
          </CCardBody>
        </CCard>
      </CCol>
      <CCol xl={7}>
        <h2 className="h5 mb-3">{t('history.heading')}</h2>
        <UserHistory userId={user.id} canRestore={canUpdate} />
      </CCol>
    </CRow>
  );
}
