import { useTranslation } from 'react-i18next';
import { useResendVerificationMutation } from './auth-api';
import { EmailRequestForm } from './email-request-form';

/** Asks for the address and sends a new verification mail; the answer never says if it exists. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('auth');
  const [resend] = useResendVerificationMutation();
  return (
    <EmailRequestForm
      send={(email) => resend(email).unwrap()}
      intro={t('verify.resendIntro')}
      introClassName="mb-2"
      className="mt-3"
      submit={t('login.resendVerification')}
      sent={() => t('login.resendSent')}
      initialEmail={initialEmail}
    />
  );
}
