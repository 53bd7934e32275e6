import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Department, DEPARTMENT_SORTS } from '@contract/identity';
import { knownSort } from '@contract/paging';
import type { DataColumn } from '@/components/data-table';
import {
  deletionTexts,
  inUseRefusal,
  ListPage,
  listTexts,
  updatedColumn,
} from '@/components/list-page';
import { editDeleteColumn } from '@/components/row-actions';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import type { Translate } from '@/lib/error-text';
import { departmentDescriptionText } from '@/lib/seeded-text';
import { useListParams } from '@/lib/use-list-params';
import { deleteBlockedReason } from './department-holdings';
import type { DepartmentLinks } from './department-links';
import { useDeleteDepartmentMutation, useListDepartmentsQuery } from './departments-api';

/** /department: the paged, searchable list of departments with view, edit and delete. */
export function DepartmentsListPage({ links }: { links: DepartmentLinks }) {
  const { t, i18n } = useTranslation(['departments', 'errors']);
  const [params, setParams] = useListParams();
  const list = useListDepartmentsQuery({
    page: params.page,
    size: params.size,
    search: params.search,
    sort: knownSort(params.sort, DEPARTMENT_SORTS),
  });
  const deletion = useConfirmedDelete(useDeleteDepartmentMutation(), (d: Department) =>
    t('deleted', { name: d.name }),
  );

  const columns: DataColumn<Department>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (d) => <Link to={links.view(d.id)}>{d.name}</Link>,
    },
    {
      key: 'description',
      header: t('fields.description'),
      cell: (d) => departmentDescriptionText(t, d.description),
    },
    { key: 'users', header: t('fields.users'), cell: (d) => d.user_count },
    { key: 'roles', header: t('fields.roles'), cell: (d) => d.role_count },
    updatedColumn(t, i18n.language),
  ];
  return (
    <ListPage
      title={t('title')}
      add={{ to: links.add, text: t('add') }}
      columns={columns}
      sorts={DEPARTMENT_SORTS}
      query={list}
      rowKey={(d) => d.id}
      rowActions={editDeleteColumn(t, {
        name: (d) => d.name,
        editTo: (d) => links.update(d.id),
        onDelete: deletion.ask,
        deleteBlocked: (d) => deleteBlockedReason(t, d, i18n.language),
      })}
      params={params}
      setParams={setParams}
      {...listTexts(t)}
      deletion={{
        flow: deletion,
        ...deletionTexts(t),
        question: (d) => deleteQuestion(t, d),
        refused: inUseRefusal(
          t,
          'DEPARTMENT_IN_USE',
          (d) => d.name,
          (d) => {
            // The list is read again after a refusal: say what holds it now, not what it held.
            const now = list.data?.items.find((x) => x.id === d.id) ?? d;
            return (
              deleteBlockedReason(t, now, i18n.language) ??
              t('inUseDetail', { users: now.user_count, roles: now.role_count })
            );
          },
        ),
      }}
    />
  );
}

function deleteQuestion(t: Translate, d: Department): string {
  const question = t('confirmDelete', { name: d.name });
  if (d.user_count === 0 && d.role_count === 0) return question;
  return `${question} ${t('stillHolds', { users: d.user_count, roles: d.role_count })}`;
}
