import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiErrorData } from '@/lib/http';
import { errorText } from '@/lib/error-text';
import { useVerifyEmailQuery } from './auth-api';
import { AuthShell } from './auth-shell';
import { DoneThenSignIn } from './done-then-sign-in';
import type { AuthLinks } from './auth-links';
import { ResendVerificationForm } from './resend-verification-form';

/** /verify?token=…: checks the token on load and says what happened (SPEC §2). */
export function VerifyPage({ links }: { links: AuthLinks }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isLoading, isSuccess, error } = useVerifyEmailQuery(token, { skip: !token });

  let body;
  if (!token)
    body = (
      <>
        <CAlert color="warning" role="alert">
          {t('verify.noToken')}
        </CAlert>
        <ResendVerificationForm />
      </>
    );
  else if (isLoading)
    body = (
      <p role="status" className="d-flex align-items-center gap-2">
        <CSpinner size="sm" aria-hidden="true" /> {t('verify.checking')}
      </p>
    );
  else if (isSuccess) body = <DoneThenSignIn message={t('verify.success')} loginTo={links.login} />;
  else {
    const used = isApiErrorData(error) && error.code === 'TOKEN_USED';
    body = (
      <>
        <CAlert color={used ? 'info' : 'danger'} role="alert">
          {isApiErrorData(error) ? errorText(t, error) : t('errors:unknown')}
        </CAlert>
        {used ? (
          <Link to={links.login} className="btn btn-primary">
            {t('common:signIn')}
          </Link>
        ) : (
          <ResendVerificationForm />
        )}
      </>
    );
  }

  return <AuthShell title={t('verify.title')}>{body}</AuthShell>;
}
