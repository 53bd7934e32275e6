import { lazy, Suspense, useState, type FormEvent } from 'react';
import { CForm } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isHelpdeskUser } from '@contract/access';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/form-parts';
import { validateWith, type FieldErrors } from '@/lib/form-errors';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import type { RequestStatus } from '@/lib/session/session-slice';
import { useHttp } from '@/lib/http-context';
import { signIn } from './auth-requests';
import { AuthShell } from './auth-shell';
import type { AuthLinks } from './auth-links';

// The refusal (an alert, and the resend link) loads when there is one to show: /login's first
// download stays without CoreUI's alert and its transition code.
const LoginRefusal = lazy(() =>
  import('./login-refusal').then((m) => ({ default: m.LoginRefusal })),
);

// Login by key (a chat widget's visitor, `?key=`) has its own module, loaded only then.
const KeyLogin = lazy(() => import('./key-login').then((m) => ({ default: m.KeyLogin })));

export function LoginPage({ links }: { links: AuthLinks }) {
  const { search } = useLocation();
  return new URLSearchParams(search).has('key') ? (
    <Suspense fallback={null}>
      <KeyLogin search={search} chatPath={links.chat} />
    </Suspense>
  ) : (
    <PasswordLogin links={links} />
  );
}

function PasswordLogin({ links }: { links: AuthLinks }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const http = useHttp();
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
      const { profile } = await signIn(http, checked.data);
      setStatus('succeeded');
      // role_id 3 works in the helpdesk site (SPEC §2, §6); /helpdesk hands them over with a
      // single-use token, never the session's.
      navigate(isHelpdeskUser(profile) ? links.helpdesk : links.home, { replace: true });
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
        <Suspense fallback={null}>
          <LoginRefusal key={serverError.message} error={serverError} email={values.email} />
        </Suspense>
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
