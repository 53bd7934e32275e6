import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CCard, CCardBody, CForm, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { departmentInputSchema, type Department } from '@contract/identity';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { TextareaField } from '@/components/textarea-field';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { validateWith } from '@/lib/form-errors';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useFormErrors } from '@/components/use-form-errors';
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
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const title = t(`${mode}Title`);

  if (mode === 'add')
    return (
      <>
        <PageHeading>{title}</PageHeading>
        <DepartmentForm mode="add" links={links} />
      </>
    );
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {Number.isInteger(id) && id > 0 ? (
        <ExistingDepartment id={id} mode={mode} links={links} />
      ) : (
        <NotFound links={links} />
      )}
    </>
  );
}

function NotFound({ links }: { links: DepartmentLinks }) {
  const { t } = useTranslation('departments');
  return (
    <CAlert color="warning" role="alert">
      {t('notFound')} <Link to={links.list}>{t('backToList')}</Link>
    </CAlert>
  );
}

function ExistingDepartment({
  id,
  mode,
  links,
}: {
  id: number;
  mode: DepartmentFormMode;
  links: DepartmentLinks;
}) {
  const { t } = useTranslation(['departments', 'errors']);
  const query = useGetDepartmentQuery(id);
  if (query.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (query.error && toApiErrorData(query.error).status !== 404)
    return (
      <CAlert color="danger" role="alert">
        {errorText(t, toApiErrorData(query.error))}
      </CAlert>
    );
  const department = query.data;
  if (!department) return <NotFound links={links} />;
  return (
    <DepartmentForm key={department.updated_at} mode={mode} department={department} links={links} />
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
  const { t, i18n } = useTranslation(['departments', 'validation', 'errors']);
  const dispatch = useLibDispatch();
  const navigate = useNavigate();
  const [create, creating] = useCreateDepartmentMutation();
  const [update, updating] = useUpdateDepartmentMutation();
  const [values, setValues] = useState({
    name: department?.name ?? '',
    description: department?.description ?? '',
  });
  const form = useFormErrors(CODE_FIELDS);
  const { errors, serverError } = form;
  const readOnly = mode === 'view';
  const busy = creating.isLoading || updating.isLoading;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const checked = validateWith(departmentInputSchema, values);
    form.start(checked.errors ?? {});
    if (!checked.data) return;
    try {
      const saved = department
        ? await update({ id: department.id, body: checked.data }).unwrap()
        : await create(checked.data).unwrap();
      dispatch(
        toastAdded({
          message: t(department ? 'updated' : 'created', { name: saved.name }),
          color: 'success',
        }),
      );
      void navigate(links.list);
    } catch (e) {
      form.fail(e);
    }
  }

  const change = (name: 'name' | 'description') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  return (
    <CCard style={{ maxWidth: 720 }}>
      <CCardBody>
        {serverError && (
          <CAlert color="danger" role="alert">
            {errorText(t, serverError)}
          </CAlert>
        )}
        <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
          <FormField
            label={t('fields.name')}
            name="name"
            value={values.name}
            onChange={change('name')}
            readOnly={readOnly}
            maxLength={64}
            required
            error={errors.name ? t(errors.name) : null}
            hint={readOnly ? undefined : t('nameHint')}
          />
          <TextareaField
            label={t('fields.description')}
            name="description"
            value={values.description}
            onChange={change('description')}
            readOnly={readOnly}
            maxLength={500}
            error={errors.description ? t(errors.description) : null}
            hint={readOnly ? undefined : t('descriptionHint')}
          />
          {department && readOnly && (
            <dl className="row mb-3">
              <dt className="col-sm-4">{t('fields.users')}</dt>
              <dd className="col-sm-8">
                <Link to={links.usersOf(department.name)}>
                  {t('usersCount', { count: department.user_count })}
                </Link>
              </dd>
              <dt className="col-sm-4">{t('fields.roles')}</dt>
              <dd className="col-sm-8">
                <Link to={links.rolesOf(department.id)}>
                  {t('rolesCount', { count: department.role_count })}
                </Link>
              </dd>
              <dt className="col-sm-4">{t('fields.createdAt')}</dt>
              <dd className="col-sm-8">
                {formatDateTime(department.created_at, { locale: i18n.language })}
              </dd>
              <dt className="col-sm-4">{t('fields.updatedAt')}</dt>
              <dd className="col-sm-8 mb-0">
                {formatDateTime(department.updated_at, { locale: i18n.language })}
              </dd>
            </dl>
          )}
          <div className="d-flex gap-2">
            {readOnly && department ? (
              <CButton as={Link} to={links.update(department.id)} color="primary">
                {t('edit')}
              </CButton>
            ) : (
              <CButton type="submit" color="primary" disabled={busy}>
                {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
                {t(department ? 'save' : 'create')}
              </CButton>
            )}
            <CButton as={Link} to={links.list} color="secondary" variant="outline">
              {readOnly ? t('backToList') : t('common:cancel')}
            </CButton>
          </div>
        </CForm>
      </CCardBody>
    </CCard>
  );
}
