import { useTranslation } from 'react-i18next';
import { useForgotPasswordMutation } from './auth-api';
import { EmailRequestForm } from './email-request-form';

/** /reset-password without a token: asks for the address and mails a reset link. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [forgot] = useForgotPasswordMutation();
  return (
    <EmailRequestForm
      send={(email) => forgot(email).unwrap()}
      intro={t('forgot.intro')}
      introClassName="text-body-secondary"
      submit={t('forgot.submit')}
      sent={(email) => t('forgot.sent', { email })}
    />
  );
}
