import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CForm } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { emailField } from '@contract/auth';
import { FormField } from '@/components/form-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useLibDispatch } from '@/lib/store-types';
import { resendVerification } from './auth-thunks';

/** Asks for the address and sends a new verification mail; the answer never says if it exists. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const dispatch = useLibDispatch();
  const [isLoading, setLoading] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = emailField.safeParse(email);
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? 'validation:email'));
    setServerError(null);
    if (!checked.success) return;
    setLoading(true);
    try {
      await dispatch(resendVerification(checked.data)).unwrap();
      setSent(true);
    } catch (e) {
      setServerError(toApiErrorData(e));
    } finally {
      setLoading(false);
    }
  }

  if (sent)
    return (
      <CAlert color="success" role="status">
        {t('login.resendSent')}
      </CAlert>
    );

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)} className="mt-3">
      <p className="mb-2">{t('verify.resendIntro')}</p>
      {serverError && (
        <CAlert color="danger" role="alert">
          {errorText(t, serverError)}
        </CAlert>
      )}
      <FormField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error ? t(error) : null}
        required
      />
      <CButton type="submit" color="primary" disabled={isLoading}>
        {t('login.resendVerification')}
      </CButton>
    </CForm>
  );
}
