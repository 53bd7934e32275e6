/**
 * The mails Atrium sends to a person, each in that person's language. Their words live in the
 * console's own locale files (public/locales/{lng}/{namespace}.json), so every mail is translated
 * where the console is, by the same people, and a test checks that all five languages have them:
 * - sign-up verification, "you already have an account" and password reset: auth.json
 *   `verificationMail`, `accountExistsMail`, `resetMail`, in the language of the console the
 *   request came from (the SPA sends it as `?lng=`; see contract/auth.ts `mailLanguageField`);
 * - invitation: users.json `invitationMail`, in the inviting administrator's console language.
 * English when the language is unknown or not one of the console's.
 *
 * Plain text only: an HTML part would need its own `dir="rtl"` for Arabic; plain text is shown
 * in the direction of its own letters by mail clients, and Content-Language names the language.
 */
import { EMAIL_TOKEN_TTL_HOURS } from '../../../contract/constants';
import { localeLabels } from '../text/locale-labels';
import type { MailMessage } from './mailer';

/** Where each mail's words are: `{namespace}.json` → `key` → the texts of MAIL_TEXT_NAMES. */
export const MAIL_TEXTS = {
  verify: { namespace: 'auth', key: 'verificationMail' },
  reset: { namespace: 'auth', key: 'resetMail' },
  'account-exists': { namespace: 'auth', key: 'accountExistsMail' },
  invite: { namespace: 'users', key: 'invitationMail' },
} as const;

/** Every mail reads: subject; greeting, intro, the link, how long it is valid (and what if not you). */
export const MAIL_TEXT_NAMES = ['subject', 'greeting', 'intro', 'validity'] as const;

type MailKind = keyof typeof MAIL_TEXTS;

function personalMail(
  kind: MailKind,
  to: string,
  language: string | undefined,
  values: { name: string; link: string; invitedBy?: string },
): MailMessage {
  const { namespace, key } = MAIL_TEXTS[kind];
  const { lng, t } = localeLabels(namespace, key, language);
  return {
    to,
    kind,
    language: lng,
    subject: t('subject'),
    text: [
      t('greeting', { name: values.name }),
      '',
      t('intro', { invitedBy: values.invitedBy ?? '' }),
      '',
      values.link,
      '',
      t('validity', { hours: EMAIL_TOKEN_TTL_HOURS }),
    ].join('\n'),
  };
}

/** `language`, here and below: a console language or a language tag; English when unknown. */
export function verificationMail(
  to: string,
  name: string,
  link: string,
  language?: string,
): MailMessage {
  return personalMail('verify', to, language, { name, link });
}

export function resetMail(to: string, name: string, link: string, language?: string): MailMessage {
  return personalMail('reset', to, language, { name, link });
}

/** Someone signed up with this address although it has an account (no enumeration). */
export function accountExistsMail(
  to: string,
  name: string,
  link: string,
  language?: string,
): MailMessage {
  return personalMail('account-exists', to, language, { name, link });
}

/**
 * An administrator created the account; the link is a password-reset link, whose page then asks
 * the person to choose their (first) password. `language`: the inviter's console language.
 */
export function invitationMail(
  to: string,
  name: string,
  invitedBy: string,
  link: string,
  language?: string,
): MailMessage {
  return personalMail('invite', to, language, { name, link, invitedBy });
}
