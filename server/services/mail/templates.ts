/**
 * Mail texts. The invitation speaks the inviting administrator's console language (the SPA sends
 * it with the new user; its words are users.json `invitationMail`, as the console's). The others
 * are in English for now: the SPA's locale is not sent with signup or forgot-password.
 */
import { EMAIL_TOKEN_TTL_HOURS } from '../../../contract/constants';
import { localeLabels } from '../text/locale-labels';
import type { MailMessage } from './mailer';

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    kind: 'verify',
    subject: 'Confirm your Atrium account',
    text: [
      `Hello ${name},`,
      '',
      'Please confirm your e-mail address to finish creating your Atrium account:',
      '',
      link,
      '',
      `The link is valid for ${EMAIL_TOKEN_TTL_HOURS} hours. If you did not sign up, ignore this mail.`,
    ].join('\n'),
  };
}

export function resetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    kind: 'reset',
    subject: 'Reset your Atrium password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your Atrium account. To choose a new one, open:',
      '',
      link,
      '',
      `The link is valid for ${EMAIL_TOKEN_TTL_HOURS} hours and works once. If you did not ask for it,`,
      'ignore this mail; your password stays as it is.',
    ].join('\n'),
  };
}

/** Someone signed up with this address although it has an account (no enumeration). */
export function accountExistsMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    kind: 'account-exists',
    subject: 'You already have an Atrium account',
    text: [
      `Hello ${name},`,
      '',
      'Someone, perhaps you, tried to sign up to Atrium with this e-mail address. You already have',
      'an account, so no new one was made. Sign in as usual, or set a new password here:',
      '',
      link,
      '',
      `The link is valid for ${EMAIL_TOKEN_TTL_HOURS} hours and works once. If it was not you,`,
      'ignore this mail; nothing has changed.',
    ].join('\n'),
  };
}

/**
 * An administrator created the account; the link is a password-reset link, whose page then asks
 * the person to choose their (first) password. `language`: the inviter's console language;
 * English when unknown or not one of the console's.
 */
export function invitationMail(
  to: string,
  name: string,
  invitedBy: string,
  link: string,
  language?: string,
): MailMessage {
  const { t } = localeLabels('users', 'invitationMail', language);
  return {
    to,
    kind: 'invite',
    subject: t('subject'),
    text: [
      t('greeting', { name }),
      '',
      t('intro', { invitedBy }),
      '',
      link,
      '',
      t('validity', { hours: EMAIL_TOKEN_TTL_HOURS }),
    ].join('\n'),
  };
}
