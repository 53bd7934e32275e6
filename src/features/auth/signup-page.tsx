import { useState, type FormEvent } from 'react';
import { CAlert, CCol, CForm, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { signupBodySchema, type SignupBody } from '@contract/auth';
import { FormField } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/form-parts';

import { serverFieldErrors, validateWith, type FieldErrors } from '@/lib/form-errors';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useSignupMutation } from './auth-api';
import { AuthShell } from './auth-shell';
import type { AuthLinks } from './auth-links';

type SignupForm = SignupBody & { confirm_password: string };

const EMPTY: SignupForm = {
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  confirm_password: '',
};

export function SignupPage({ links }: { links: AuthLinks }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [signup, { isLoading }] = useSignupMutation();
  const [values, setValues] = useState<SignupForm>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  const [doneFor, setDoneFor] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { confirm_password, ...body } = values;
    const checked = validateWith(signupBodySchema, body);
    const errors: FieldErrors = { ...checked.errors };
    if (confirm_password !== body.password) errors.confirm_password = 'validation:passwordMismatch';
    setFieldErrors(errors);
    setServerError(null);
    if (!checked.data || Object.keys(errors).length > 0) return;
    try {
      await signup(checked.data).unwrap();
      setDoneFor(checked.data.email);
    } catch (error) {
      const data = toApiErrorData(error);
      const beside = serverFieldErrors(data);
      setFieldErrors(beside);
      // Errors that belong to no field are shown above the form.
      if (Object.keys(beside).length === 0) setServerError(data);
    }
  }

  if (doneFor)
    return (
      <AuthShell title={t('signup.doneTitle')}>
        <CAlert color="success" role="status">
          {t('signup.done', { email: doneFor })}
        </CAlert>
        <p className="mb-0">
          <Link to={links.login}>{t('common:backToSignIn')}</Link>
        </p>
      </AuthShell>
    );

  const field = (name: keyof SignupForm) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    error: fieldErrors[name] ? t(fieldErrors[name]) : null,
  });

  return (
    <AuthShell title={t('signup.title')}>
      <p className="text-body-secondary">{t('signup.intro')}</p>
      <FormError error={serverError} />
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField
          label={t('fields.username')}
          autoComplete="username"
          hint={t('signup.usernameHint')}
          required
          {...field('username')}
        />
        <CRow>
          <CCol sm={6}>
            <FormField
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              {...field('first_name')}
            />
          </CCol>
          <CCol sm={6}>
            <FormField
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
              {...field('last_name')}
            />
          </CCol>
        </CRow>
        <FormField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <FormField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint')}
          required
          {...field('password')}
        />
        <FormField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...field('confirm_password')}
        />
        <SubmitButton busy={isLoading} className="w-100">
          {t('signup.submit')}
        </SubmitButton>
      </CForm>
      <p className="mt-4 mb-0">
        {t('signup.haveAccount')} <Link to={links.login}>{t('signup.loginLink')}</Link>
      </p>
    </AuthShell>
  );
}
