import { useState, type FormEvent } from 'react';
import { CAlert, CForm, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPasswordBodySchema } from '@contract/auth';
import { errorText } from '@/lib/error-text';
import { serverFieldErrors, validateWith, type FieldErrors } from '@/lib/form-errors';
import { isApiErrorData, toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useCheckResetTokenQuery, useResetPasswordMutation } from './auth-api';
import { AuthShell } from './auth-shell';
import { DoneThenSignIn } from './done-then-sign-in';
import type { AuthLinks } from './auth-links';
import { ForgotPasswordForm } from './forgot-password-form';
import { NewPasswordFields, confirmError, type NewPasswordValues } from './new-password-fields';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/form-parts';

/**
 * /reset-password: without a token it is the "forgot password" form; with ?token=… it checks the
 * token on load (SPEC §2), then takes the new password. An invitation's link comes here too: for
 * an account without a password yet the server says so, and the page speaks of choosing one.
 */
export function ResetPasswordPage({ links }: { links: AuthLinks }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token)
    return (
      <AuthShell title={t('forgot.title')}>
        <ForgotPasswordForm />
        <p className="mt-4 mb-0">
          <Link to={links.login}>{t('common:backToSignIn')}</Link>
        </p>
      </AuthShell>
    );
  return <ResetWithToken token={token} links={links} />;
}

function ResetWithToken({ token, links }: { token: string; links: AuthLinks }) {
  const check = useCheckResetTokenQuery(token);
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const words = check.data?.first_password ? 'firstPassword' : 'reset';
  return (
    <AuthShell title={t(`${words}.title`)}>
      <ResetForm token={token} links={links} check={check} words={words} />
    </AuthShell>
  );
}

function ResetForm({
  token,
  links,
  check,
  words,
}: {
  token: string;
  links: AuthLinks;
  check: ReturnType<typeof useCheckResetTokenQuery>;
  /** The texts of a reset, or of an invited person's first password. */
  words: 'reset' | 'firstPassword';
}) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(resetPasswordBodySchema, { password: values.password });
    const found = { ...checked.errors, ...confirmError(values) };
    setErrors(found);
    setServerError(null);
    if (!checked.data || Object.keys(found).length > 0) return;
    try {
      await reset({ token, password: checked.data.password }).unwrap();
      setDone(true);
    } catch (e) {
      const data = toApiErrorData(e);
      const beside = serverFieldErrors(data);
      setErrors(beside);
      if (Object.keys(beside).length === 0) setServerError(data);
    }
  }

  if (check.isLoading)
    return (
      // A div: the spinner is one, and a paragraph may not hold it.
      <div role="status" className="d-flex align-items-center gap-2 mb-3">
        <CSpinner size="sm" aria-hidden="true" /> {t('reset.checking')}
      </div>
    );

  if (check.isError)
    return (
      <>
        <CAlert color="danger" role="alert">
          {isApiErrorData(check.error) ? errorText(t, check.error) : t('errors:unknown')}
        </CAlert>
        <Link to={links.forgotPassword}>{t('reset.askAgain')}</Link>
      </>
    );

  if (done) return <DoneThenSignIn message={t(`${words}.done`)} loginTo={links.login} />;

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
      {check.data?.email && (
        <p className="text-body-secondary">
          {t(`${words}.forAccount`, { email: check.data.email })}
        </p>
      )}
      <FormError error={serverError} />
      <NewPasswordFields values={values} errors={errors} onChange={setValues} />
      <SubmitButton busy={isLoading}>{t('reset.submit')}</SubmitButton>
    </CForm>
  );
}
