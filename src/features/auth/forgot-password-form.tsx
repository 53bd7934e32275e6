import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CForm, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { emailField } from '@contract/auth';
import { FormField } from '@/components/form-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useForgotPasswordMutation } from './auth-api';

/** /reset-password without a token: asks for the address and mails a reset link. */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = emailField.safeParse(email);
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? 'validation:email'));
    setServerError(null);
    if (!checked.success) return;
    try {
      await forgot(checked.data).unwrap();
      setSent(true);
    } catch (e) {
      setServerError(toApiErrorData(e));
    }
  }

  if (sent)
    return (
      <CAlert color="success" role="status">
        {t('forgot.sent', { email: email.trim() })}
      </CAlert>
    );

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className="text-body-secondary">{t('forgot.intro')}</p>
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
        {isLoading && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
        {t('forgot.submit')}
      </CButton>
    </CForm>
  );
}
