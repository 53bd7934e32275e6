/**
 * E-mail accounts, "email agent" (SPEC §2 email-integration, §3 "Email account", §4 status
 * toggle, §6 Email_agent, §7 /email-agent). SPEC names the fields email, title and
 * status; the rest are ours:
 *
 * - The connection: IMAP and SMTP host, port and TLS mode ('tls' from the first byte,
 *   'starttls' upgraded, 'none' plain — only sensible on loopback), one user name and password.
 *   The password is write-only: no answer ever carries it; `has_password` says one is stored.
 * - `department_id`: the department the account belongs to, which scopes who sees it.
 *   `knowledge_departments`: where drafted replies may take their answers from.
 * - `require_approval` (default true): drafts wait for a person; false sends them at once.
 * - `signature` (added later; '' is none): put under every reply and new mail the account sends,
 *   below the text and above the quoted original, after the "-- " line in the text part.
 * - `/email-agent/{email_id}` takes the account's numeric id or its address.
 */
import { z } from 'zod';
import { EMAIL_LIST_PAGE_SIZE } from './constants';
import { actorSchema } from './identity';
import { pagedSchema, pageQuerySchema } from './paging';
import { patterns } from './validation';

export { emailRoutes } from './email-agent-routes';

export const TLS_MODES = ['tls', 'starttls', 'none'] as const;
export type TlsMode = (typeof TLS_MODES)[number];
const EMAIL_TITLE_MAX = 120;
const EMAIL_KNOWLEDGE_MAX = 50;
const EMAIL_SIGNATURE_MAX = 2000;

const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

export const emailAddressField = z
  .string()
  .trim()
  .min(1, 'validation:required')
  .max(254, 'validation:tooLong')
  .regex(patterns.email, 'validation:email')
  .transform((e) => e.toLowerCase());

const hostField = z
  .string()
  .trim()
  .min(1, 'validation:required')
  .max(253, 'validation:tooLong')
  .regex(/^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/i, 'email:validation.host')
  .transform((h) => h.toLowerCase());
const portField = z
  .number()
  .int('validation:numberRange')
  .min(1, 'validation:numberRange')
  .max(65535, 'validation:numberRange');

const fields = {
  email: emailAddressField,
  title: z
    .string()
    .trim()
    .min(1, 'validation:required')
    .max(EMAIL_TITLE_MAX, 'validation:tooLong')
    .regex(patterns.plainText, 'validation:plainText'),
  status: z.boolean(),
  department_id: z.number().int().positive('validation:required'),
  imap_host: hostField,
  imap_port: portField,
  imap_tls: z.enum(TLS_MODES),
  smtp_host: hostField,
  smtp_port: portField,
  smtp_tls: z.enum(TLS_MODES),
  username: z
    .string()
    .trim()
    .min(1, 'validation:required')
    .max(254, 'validation:tooLong')
    .regex(patterns.plainText, 'validation:plainText'),
  password: z
    .string()
    .min(1, 'validation:required')
    .max(512, 'validation:tooLong')
    .regex(patterns.plainText, 'validation:plainText'),
  knowledge_departments: z
    .array(z.number().int().positive())
    .max(EMAIL_KNOWLEDGE_MAX, 'validation:tooLong')
    .transform(unique),
  require_approval: z.boolean(),
  signature: z
    .string()
    .max(EMAIL_SIGNATURE_MAX, 'validation:tooLong')
    .regex(patterns.plainMultiline, 'validation:plainText')
    // Trailing blank lines and spaces would only widen the gap above the quote.
    .transform((text) => text.replace(/\s+$/, '')),
};

/** POST /email-agent. */
export const emailAccountInputSchema = z.object({
  ...fields,
  status: fields.status.default(true),
  imap_port: fields.imap_port.default(993),
  imap_tls: fields.imap_tls.default('tls'),
  smtp_port: fields.smtp_port.default(465),
  smtp_tls: fields.smtp_tls.default('tls'),
  knowledge_departments: fields.knowledge_departments.default([]),
  require_approval: fields.require_approval.default(true),
  signature: fields.signature.default(''),
});
export type EmailAccountInput = z.input<typeof emailAccountInputSchema>;
export type EmailAccountCreate = z.infer<typeof emailAccountInputSchema>;

/** PUT /email-agent/{email_id}: any subset; `{ status }` alone is the toggle (SPEC §4). */
export const emailAccountUpdateSchema = z.object(fields).partial();
export type EmailAccountUpdateInput = z.input<typeof emailAccountUpdateSchema>;
export type EmailAccountUpdate = z.infer<typeof emailAccountUpdateSchema>;

/**
 * Why a test failed, which the console translates. 'unreachable' stands for whatever answered
 * (a refused, silent or foreign port, a failed TLS handshake), so a test tells nothing about
 * other services; 'login_refused' only comes from a server that spoke IMAP or SMTP.
 * 'host_closed': the host policy refuses the address ('host_closed_trial': for a Trial user).
 */
export const CONNECTION_FAILURES = [
  'unreachable',
  'login_refused',
  'host_not_found',
  'host_closed',
  'host_closed_trial',
] as const;
export type ConnectionFailure = (typeof CONNECTION_FAILURES)[number];
/** Why a mailbox's last synchronisation failed: a connection failure, or anything else. */
export const SYNC_FAILURES = [...CONNECTION_FAILURES, 'sync_failed'] as const;
export type SyncFailure = (typeof SYNC_FAILURES)[number];

/** SPEC §3 "Email account", with our additions. Never a password. */
export const emailAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  title: z.string(),
  status: z.boolean(),
  department_id: z.number().int().nullable().optional(),
  department_name: z.string().nullable().optional(),
  imap_host: z.string().optional(),
  imap_port: z.number().int().optional(),
  imap_tls: z.enum(TLS_MODES).optional(),
  smtp_host: z.string().optional(),
  smtp_port: z.number().int().optional(),
  smtp_tls: z.enum(TLS_MODES).optional(),
  username: z.string().optional(),
  has_password: z.boolean().optional(),
  knowledge_departments: z.array(z.number().int()).optional(),
  require_approval: z.boolean().optional(),
  signature: z.string().optional(),
  last_sync_at: z.string().nullable().optional(),
  /** In English, for API clients; the console says `last_sync_error_code` in its language. */
  last_sync_error: z.string().nullable().optional(),
  last_sync_error_code: z.enum(SYNC_FAILURES).nullable().optional(),
  created_by: actorSchema.optional(),
  updated_by: actorSchema.optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;
export const emailAccountPageSchema = pagedSchema(emailAccountSchema);

/** GET /email-agent?page&size&search (SPEC §9: size 100). */
export const emailAccountsQuerySchema = pageQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(500).default(EMAIL_LIST_PAGE_SIZE),
});

/** One change of an account, a draft or a sent message: who, when, what. */
export const emailHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum([
    'created',
    'updated',
    'draft_created',
    'draft_edited',
    'draft_sent',
    'draft_discarded',
    'sent',
    // Added after the first release (additive): a send the SMTP server did not take, and the
    // account's deletion (its history outlives it).
    'send_failed',
    'deleted',
  ]),
  actor: actorSchema,
  /** Field -> [old, new]; passwords appear as '••••' only. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  draft_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type EmailHistoryEntry = z.infer<typeof emailHistoryEntrySchema>;
export const emailHistoryPageSchema = pagedSchema(emailHistoryEntrySchema);
export const emailHistoryQuerySchema = pageQuerySchema.omit({ search: true });

/**
 * Where an account's password is sent: a change of any of these needs the password again, so a
 * stored password never travels to a destination other than the one it was entered for.
 */
export const EMAIL_DESTINATION_FIELDS = [
  'imap_host',
  'imap_port',
  'imap_tls',
  'smtp_host',
  'smtp_port',
  'smtp_tls',
  'username',
] as const;
export type EmailDestinationField = (typeof EMAIL_DESTINATION_FIELDS)[number];
type Destination = Record<EmailDestinationField, string | number | undefined>;

/** The destination fields `next` gives a value different from `stored` (hosts in any case). */
export function changedDestination(
  stored: Partial<Destination>,
  next: Partial<Destination>,
): EmailDestinationField[] {
  const norm = (field: EmailDestinationField, value: string | number | undefined) => {
    const text = String(value ?? '').trim();
    return field.endsWith('_host') ? text.toLowerCase() : text;
  };
  return EMAIL_DESTINATION_FIELDS.filter(
    (field) => next[field] !== undefined && norm(field, next[field]) !== norm(field, stored[field]),
  );
}

/** POST /email-agent/test-connection: the fields, or an account id whose password is kept. */
export const connectionTestInputSchema = z.object({
  account_id: z.number().int().positive().optional(),
  imap_host: fields.imap_host,
  imap_port: fields.imap_port,
  imap_tls: fields.imap_tls,
  smtp_host: fields.smtp_host,
  smtp_port: fields.smtp_port,
  smtp_tls: fields.smtp_tls,
  username: fields.username,
  password: fields.password.optional(),
});
export type ConnectionTestInput = z.input<typeof connectionTestInputSchema>;
const probeSchema = z.object({
  ok: z.boolean(),
  /** The failure in English (null when ok). */
  error: z.string().nullable(),
  /** The same as a code; absent from servers that predate it. */
  code: z.enum(CONNECTION_FAILURES).nullable().optional(),
  /**
   * Added later (additive), on a test that got through: true when it signed in with the
   * password; false when the server offers no login at all, so the password was not checked.
   */
  signed_in: z.boolean().optional(),
  /** Whether the connection was encrypted (TLS, or STARTTLS taken). */
  tls: z.boolean().optional(),
});
export const connectionTestSchema = z.object({ imap: probeSchema, smtp: probeSchema });
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/** `/email-agent/{email_id}…`: an account's numeric id or its address. */
export const emailAccountParamsSchema = z.object({ email_id: z.string().min(1).max(254) });
