import { useState, type FormEvent } from 'react';
import { CAlert, CForm } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { emailField } from '@contract/auth';
import { FormField } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/form-parts';

import { toApiErrorData, type ApiErrorData } from '@/lib/http';

interface EmailRequestFormProps {
  /** Sends the request for this (checked) address; rejects with the server's error. */
  send: (email: string) => Promise<unknown>;
  intro: string;
  submit: string;
  /** What shows once the request went out. */
  sent: (email: string) => string;
  initialEmail?: string;
  className?: string;
  introClassName?: string;
}

/**
 * One e-mail field that asks the server to mail something (a reset link, a new verification
 * mail): checks the address, shows the server's refusal, then says it was sent. The answer never
 * tells whether the address has an account.
 */
export function EmailRequestForm(props: EmailRequestFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = emailField.safeParse(email);
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? 'validation:email'));
    setServerError(null);
    if (!checked.success) return;
    setBusy(true);
    try {
      await props.send(checked.data);
      setSent(true);
    } catch (e) {
      setServerError(toApiErrorData(e));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <CAlert color="success" role="status">
        {props.sent(email.trim())}
      </CAlert>
    );

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)} className={props.className}>
      <p className={props.introClassName}>{props.intro}</p>
      <FormError error={serverError} />
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
      <SubmitButton busy={busy}>{props.submit}</SubmitButton>
    </CForm>
  );
}
