import { useState, type FormEvent } from 'react';
import { CBadge, CCard, CCardBody, CCardHeader, CCol, CForm, CRow, CSpinner } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { updateMeBodySchema } from '@contract/auth';
import type { UserProfile } from '@contract/profile';
import { FormField } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/form-parts';
import { PageHeading } from '@/components/page-heading';

import { serverFieldErrors, validateWith, type FieldErrors } from '@/lib/form-errors';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { profileUpdated, selectProfile } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { formatDateTime } from '@/lib/dates';
import { useUpdateMeMutation } from './profile-api';

type Editable = Pick<UserProfile, 'first_name' | 'last_name' | 'username'>;

/** /profile: the signed-in user's names and username; the e-mail is shown but not editable. */
export function ProfilePage({ changePasswordPath }: { changePasswordPath: string }) {
  const { t } = useTranslation('profile');
  const profile = useSelector(selectProfile);
  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      {profile ? (
        <ProfileForm key={profile.updated_at} profile={profile} />
      ) : (
        <CSpinner aria-label={t('common:loading')} />
      )}
      <p className="mt-3">
        <Link to={changePasswordPath}>{t('changePasswordLink')}</Link>
      </p>
    </>
  );
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation(['profile', 'auth', 'validation', 'errors']);
  const dispatch = useLibDispatch();
  const [update, { isLoading }] = useUpdateMeMutation();
  const [values, setValues] = useState<Editable>({
    first_name: profile.first_name,
    last_name: profile.last_name,
    username: profile.username,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(updateMeBodySchema, values);
    setErrors(checked.errors ?? {});
    setServerError(null);
    if (!checked.data) return;
    try {
      const updated = await update(checked.data).unwrap();
      dispatch(profileUpdated(updated));
      dispatch(toastAdded({ message: t('saved'), color: 'success' }));
    } catch (e) {
      const data = toApiErrorData(e);
      const beside = serverFieldErrors(data);
      setErrors(beside);
      if (Object.keys(beside).length === 0) setServerError(data);
    }
  }

  const field = (name: keyof Editable) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name] ? t(errors[name]) : null,
  });

  const roles = profile.permissions.map((p) => `${p.role_name} · ${p.department_name}`);

  return (
    <CRow className="g-4">
      <CCol lg={7}>
        <CCard>
          <CCardHeader>
            <h2 className="h5 mb-0">{t('detailsHeading')}</h2>
          </CCardHeader>
          <CCardBody>
            <FormError error={serverError} />
            <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
              <CRow>
                <CCol sm={6}>
                  <FormField
                    label={t('auth:fields.firstName')}
                    autoComplete="given-name"
                    {...field('first_name')}
                  />
                </CCol>
                <CCol sm={6}>
                  <FormField
                    label={t('auth:fields.lastName')}
                    autoComplete="family-name"
                    {...field('last_name')}
                  />
                </CCol>
              </CRow>
              <FormField
                label={t('auth:fields.username')}
                autoComplete="username"
                {...field('username')}
              />
              <FormField
                label={t('auth:fields.email')}
                type="email"
                value={profile.email}
                readOnly
                hint={t('emailReadOnly')}
              />
              <SubmitButton busy={isLoading}>{t('save')}</SubmitButton>
            </CForm>
          </CCardBody>
        </CCard>
      </CCol>
      <CCol lg={5}>
        <CCard>
          <CCardHeader>
            <h2 className="h5 mb-0">{t('accountHeading')}</h2>
          </CCardHeader>
          <CCardBody>
            <dl className="mb-0">
              <dt>{t('roles')}</dt>
              <dd>
                {roles.length ? roles.join(', ') : t('noRoles')}
                {profile.is_defaultadmin && (
                  <CBadge color="primary" className="ms-2">
                    {t('defaultAdmin')}
                  </CBadge>
                )}
              </dd>
              <dt>{t('status')}</dt>
              <dd>{t(`statuses.${profile.status}`)}</dd>
              <dt>{t('memberSince')}</dt>
              <dd className="mb-0">
                {formatDateTime(profile.created_at, { locale: i18n.language })}
              </dd>
            </dl>
          </CCardBody>
        </CCard>
      </CCol>
    </CRow>
  );
}
