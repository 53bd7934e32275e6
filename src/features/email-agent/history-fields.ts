/**
 * The fields an account's history entry names, in words: each field the server records maps to
 * a key of `email-agent:changed`, so the history reads "department, IMAP server" in the
 * reader's language rather than "department_id, imap_host". A field no key names yet (from a
 * newer server) is still shown in words, humanised, never as its raw snake_case.
 */
import type { TFunction } from 'i18next';

export const HISTORY_FIELD_KEYS: Readonly<Record<string, string>> = {
  email: 'email',
  title: 'title',
  status: 'status',
  department_id: 'department',
  imap_host: 'imapHost',
  imap_port: 'imapPort',
  imap_tls: 'imapTls',
  smtp_host: 'smtpHost',
  smtp_port: 'smtpPort',
  smtp_tls: 'smtpTls',
  username: 'username',
  password: 'password',
  knowledge_departments: 'knowledge',
  require_approval: 'requireApproval',
  signature: 'signature',
  // A drafted reply, an edit, a send and a failed send.
  reply_to: 'replyTo',
  no_answer: 'noAnswer',
  to: 'to',
  cc: 'cc',
  subject: 'subject',
  body: 'body',
  attachments: 'attachments',
  body_length: 'bodyLength',
  body_sha256: 'bodySha256',
  message_id: 'messageId',
  error: 'error',
  found_in_sent: 'foundInSent',
};

/** "reply_window" -> "reply window", "sentAt" -> "sent at". */
export function humanisedField(field: string): string {
  return field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
}

export function historyFieldName(t: TFunction, field: string): string {
  const key = HISTORY_FIELD_KEYS[field];
  return key ? t(`email-agent:changed.${key}`) : humanisedField(field);
}
