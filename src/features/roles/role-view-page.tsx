import { useTranslation } from 'react-i18next';
import type { Role } from '@contract/identity';
import {
  DetailList,
  RecordWithHistory,
  SectionCard,
  useAuthorship,
} from '@/components/record-details';
import { RecordPage, useRecordId } from '@/components/record-page';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useCan } from '@/lib/session/use-can';
import { PermissionList } from './permission-list';
import { RoleHistory } from './role-history';
import type { RoleLinks } from './role-links';
import { useGetRoleQuery } from './roles-api';

/** view-role/{id}: the role, its rights module by module, and its history with restore. */
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
  const { t } = useTranslation('roles');
  const { departments } = useDepartmentChoices('Roles', 'VIEW');
  const canUpdate = useCan().route('updateRole');
  const by = useAuthorship();

  const departmentName = (id: number | null) => {
    if (id === null) return t('allDepartments');
    if (id === role.department_id && role.department_name) return role.department_name;
    return departments.find((d) => d.id === id)?.name ?? t('departmentNumber', { id });
  };

  const details = (
    <>
      <SectionCard
        heading={t('detailsHeading')}
        action={canUpdate && { to: links.update(role.id), text: t('edit') }}
        className="mb-4"
      >
        <DetailList
          items={[
            [t('fields.name'), role.name],
            [t('fields.department'), role.department_name ?? t('allDepartments')],
            [t('fields.description'), role.description || '—'],
            [t('fields.users'), role.user_count],
            [t('fields.createdAt'), by(role.created_by, role.created_at)],
            [t('fields.updatedAt'), by(role.updated_by, role.updated_at)],
          ]}
        />
      </SectionCard>
      <SectionCard heading={t('matrix.heading')}>
        <PermissionList value={role.permission_set} />
      </SectionCard>
    </>
  );
  return (
    <RecordWithHistory
      details={details}
      historyHeading={t('history.heading')}
      history={
        <RoleHistory roleId={role.id} canRestore={canUpdate} departmentName={departmentName} />
      }
    />
  );
}
