import { useState } from 'react';
import { CAlert, CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import type { ApiErrorData } from '@/lib/http';
import { useHttp } from '@/lib/http-context';
import { resendVerification } from './auth-requests';

type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/** Why the sign-in was refused; an unverified address can ask for a new verification mail. */
export function LoginRefusal({ error, email }: { error: ApiErrorData; email: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const http = useHttp();
  const [resendState, setResendState] = useState<ResendState>('idle');

  async function onResend() {
    setResendState('sending');
    try {
      await resendVerification(http, email.trim());
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
