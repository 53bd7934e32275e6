import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CForm } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isHelpdeskUser } from '@contract/access';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/form-parts';
import { errorText } from '@/lib/error-text';
import { validateWith, type FieldErrors } from '@/lib/form-errors';
import { externalNavigation, helpdeskUrl } from '@/lib/helpdesk';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import type { RequestStatus } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { resendVerification, signIn } from './auth-thunks';
import { AuthShell } from './auth-shell';
import type { AuthLinks } from './auth-links';

type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/** Why the sign-in was refused; an unverified address can ask for a new verification mail. */
function LoginRefusal({ error, email }: { error: ApiErrorData; email: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const dispatch = useLibDispatch();
  const [resendState, setResendState] = useState<ResendState>('idle');

  async function onResend() {
    setResendState('sending');
    try {
      await dispatch(resendVerification(email.trim())).unwrap();
      setResendState('sent');
    } catch {
      setResendState('failed');
    }
  }

  return (
    <>
      <CAlert color="danger" role="alert">
        <div>{errorText(t, error)}</div>
        {error.code === 'EMAIL_NOT_VERIFIED' && resendState !== 'sent' && (
          <CButton
            color="link"
            className="p-0 mt-1"
            onClick={() => void onResend()}
            disabled={resendState === 'sending'}
          >
            {t('login.resendVerification')}
          </CButton>
        )}
        {resendState === 'failed' && <div className="mt-1">{t('login.resendFailed')}</div>}
      </CAlert>
      {resendState === 'sent' && (
        <CAlert color="success" role="status">
          {t('login.resendSent')}
        </CAlert>
      )}
    </>
  );
}

export function LoginPage({ links }: { links: AuthLinks }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const dispatch = useLibDispatch();
  const navigate = useNavigate();
  const [status, setStatus] = useState<RequestStatus>('idle');
  const [values, setValues] = useState({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  // Stays 'succeeded' (button disabled) while the browser moves on to the next page.
  const busy = status === 'loading' || status === 'succeeded';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The contract schema (and zod with it) loads on the first submit, not with the page.
    const { loginBodySchema } = await import('@contract/auth');
    const checked = validateWith(loginBodySchema, values);
    setFieldErrors(checked.errors ?? {});
    setServerError(null);
    if (!checked.data) return;
    setStatus('loading');
    try {
      const { token, profile } = await dispatch(signIn(checked.data)).unwrap();
      setStatus('succeeded');
      // role_id 3 works in the helpdesk site, which receives the token (SPEC §2, §6).
      if (isHelpdeskUser(profile)) {
        const target = helpdeskUrl((await loadRuntimeConfig()).helpdeskUrl, token);
        if (target) {
          externalNavigation.assign(target);
          return;
        }
      }
      navigate(links.home, { replace: true });
    } catch (error) {
      setStatus('failed');
      setServerError(toApiErrorData(error));
    }
  }

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const fieldError = (name: string) => (fieldErrors[name] ? t(fieldErrors[name]) : null);

  return (
    <AuthShell title={t('login.title')}>
      <p className="text-body-secondary">{t('login.intro')}</p>
      {serverError && (
        <LoginRefusal key={serverError.message} error={serverError} email={values.email} />
      )}
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={values.email}
          onChange={set('email')}
          error={fieldError('email')}
          required
        />
        <FormField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={fieldError('password')}
          required
        />
        <div className="d-flex align-items-center justify-content-between gap-2 flex-wrap">
          <SubmitButton busy={busy} className="px-4">
            {t('login.submit')}
          </SubmitButton>
          <Link to={links.forgotPassword}>{t('login.forgotPassword')}</Link>
        </div>
      </CForm>
      <p className="mt-4 mb-0">
        {t('login.noAccount')} <Link to={links.signup}>{t('login.signupLink')}</Link>
      </p>
    </AuthShell>
  );
}
