import type { FormEvent } from 'react';
import { CButton, CForm } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { departmentInputSchema, type Department } from '@contract/identity';
import { FormField } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { FormActions } from '@/components/form-parts';
import { DetailList, SectionCard } from '@/components/record-details';
import { FormPage, useQueryRecordId } from '@/components/record-page';
import { TextareaField } from '@/components/textarea-field';
import { useForm } from '@/components/use-form';
import { useRecordSave } from '@/components/use-record-save';
import { formatDateTime } from '@/lib/dates';
import { validateWith } from '@/lib/form-errors';
import { deleteBlockedReason } from './department-holdings';
import type { DepartmentLinks } from './department-links';
import {
  useGetDepartmentQuery,
  useCreateDepartmentMutation,
  useUpdateDepartmentMutation,
} from './departments-api';

export type DepartmentFormMode = 'add' | 'update' | 'view';

const CODE_FIELDS = { NAME_TAKEN: 'name' };

/**
 * add-department, update-department and view-department share this screen (SPEC §2). SPEC lists
 * the last two without a parameter, so the department comes in the query string: `?id=5`.
 */
export function DepartmentFormPage({
  mode,
  links,
}: {
  mode: DepartmentFormMode;
  links: DepartmentLinks;
}) {
  const { t } = useTranslation(['departments', 'errors']);
  const { id, valid } = useQueryRecordId();
  const editing = mode !== 'add';
  const query = useGetDepartmentQuery(id, { skip: !editing || !valid });
  return (
    <FormPage
      heading={t(`${mode}Title`)}
      editing={editing}
      query={query}
      valid={valid}
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
      form={(department) => (
        <DepartmentForm
          key={department?.updated_at}
          mode={mode}
          department={department}
          links={links}
        />
      )}
    />
  );
}

function DepartmentForm({
  mode,
  department,
  links,
}: {
  mode: DepartmentFormMode;
  department?: Department;
  links: DepartmentLinks;
}) {
  const { t } = useTranslation(['departments', 'validation', 'errors']);
  const navigate = useNavigate();
  const saving = useRecordSave(useCreateDepartmentMutation(), useUpdateDepartmentMutation());
  const form = useForm(
    { name: department?.name ?? '', description: department?.description ?? '' },
    { codeFields: CODE_FIELDS, toast: true },
  );
  const readOnly = mode === 'view';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const checked = validateWith(departmentInputSchema, form.values);
    form.start(checked.errors ?? {});
    if (!checked.data) return;
    try {
      const body = checked.data;
      await saving.save(department?.id, { create: body, update: body }, (saved) =>
        t(department ? 'updated' : 'created', { name: saved.name }),
      );
      void navigate(links.list);
    } catch (e) {
      form.fail(e);
    }
  }

  return (
    <SectionCard style={{ maxWidth: 720 }}>
      <FormError error={form.serverError} />
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField
          label={t('fields.name')}
          readOnly={readOnly}
          maxLength={64}
          required
          hint={readOnly ? undefined : t('nameHint')}
          {...form.text('name')}
        />
        <TextareaField
          label={t('fields.description')}
          readOnly={readOnly}
          maxLength={500}
          hint={readOnly ? undefined : t('descriptionHint')}
          {...form.text('description')}
        />
        {department && readOnly && <DepartmentFacts department={department} links={links} />}
        <FormActions
          submit={readOnly ? undefined : t(department ? 'save' : 'create')}
          busy={saving.busy}
          back={{ to: links.list, text: readOnly ? t('backToList') : t('common:cancel') }}
        >
          {readOnly && department && (
            <CButton as={Link} to={links.update(department.id)} color="primary">
              {t('edit')}
            </CButton>
          )}
        </FormActions>
      </CForm>
    </SectionCard>
  );
}

/** What view-department adds: who and what is in it, and when it was made and changed. */
function DepartmentFacts({
  department,
  links,
}: {
  department: Department;
  links: DepartmentLinks;
}) {
  const { t, i18n } = useTranslation('departments');
  const when = (value: string) => formatDateTime(value, { locale: i18n.language });
  return (
    <div className="mb-3">
      <DetailList
        items={[
          [
            t('fields.users'),
            <Link to={links.usersOf(department.name)}>
              {t('usersCount', { count: department.user_count })}
            </Link>,
          ],
          [
            t('fields.roles'),
            <Link to={links.rolesOf(department.id)}>
              {t('rolesCount', { count: department.role_count })}
            </Link>,
          ],
          [t('fields.documents'), department.document_count ?? 0],
          [t('fields.sopDocuments'), department.sop_document_count ?? 0],
          [t('fields.checklists'), department.checklist_count ?? 0],
          [
            t('fields.deletion'),
            deleteBlockedReason(t, department, i18n.language) ?? t('canDelete'),
          ],
          [t('fields.createdAt'), when(department.created_at)],
          [t('fields.updatedAt'), when(department.updated_at)],
        ]}
      />
    </div>
  );
}
