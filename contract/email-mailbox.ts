/**
 * A mailbox of the e-mail agent: its messages (INBOX and Sent), the drafted
 * replies waiting for a person, compose, and the account's figures. Ours; SPEC shows none.
 */
import { z } from 'zod';
import { recordIdSchema } from './ids';
import { chatReferenceSchema } from './chat';
import { emailAddressField } from './email-agents';
import { actorSchema } from './identity';
import { pagedSchema, pageQuerySchema } from './paging';
import { patterns } from './validation';

const MAIL_BODY_MAX = 100_000;
export const MAIL_ATTACHMENTS_MAX = 10;
/** Per attachment, decoded; the compose route's body limit follows from it. */
export const MAIL_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

export const MAIL_FOLDERS = ['inbox', 'sent'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

const mailAddressSchema = z.object({ address: z.string(), name: z.string() });
const mailAttachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  // Added later (additive):
  /** A part of the HTML (an image it shows by cid:), not a file the sender attached. */
  inline: z.boolean().optional(),
  /** Its Content-ID (without <>), which the message's HTML refers to as cid:…. */
  content_id: z.string().nullable().optional(),
  /** Why its bytes were not kept ('over_10_mb'), or null; such a part is listed only. */
  not_kept: z.enum(['over_10_mb']).nullable().optional(),
});
export const mailMessageSchema = z.object({
  id: z.number().int(),
  folder: z.enum(MAIL_FOLDERS),
  /** Messages of one conversation share it (References / In-Reply-To, else subject). */
  thread_key: z.string(),
  message_id: z.string().nullable(),
  from: mailAddressSchema,
  to: z.array(mailAddressSchema),
  cc: z.array(mailAddressSchema),
  subject: z.string(),
  date: z.string(),
  preview: z.string(),
  has_html: z.boolean(),
  attachments: z.array(mailAttachmentSchema),
  /** Why no reply was drafted (own address, auto-reply, bulk, failed), or null. */
  skipped: z.string().nullable(),
  /** Added later (additive): why drafting failed, and how often it was tried (up to 3). */
  draft_error: z.string().nullable().optional(),
  draft_attempts: z.number().int().optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;
export const mailMessagePageSchema = pagedSchema(mailMessageSchema);
export const mailMessagesQuerySchema = pageQuerySchema.extend({
  folder: z.enum(MAIL_FOLDERS).default('inbox'),
});
/**
 * GET …/messages/{id}: the whole message; `html` is the raw HTML, for the client to sanitise,
 * except that its cid: references to inline parts are rewritten to those parts' attachment
 * URLs (/api/email-agent/{id}/messages/{message}/attachments/{attachment}, read with the token).
 */
export const mailMessageDetailSchema = mailMessageSchema.extend({
  text: z.string(),
  html: z.string().nullable(),
});
export type MailMessageDetail = z.infer<typeof mailMessageDetailSchema>;

/** 'sending': claimed by a send in progress (added after the first release; additive). */
const DRAFT_STATUSES = ['pending', 'sent', 'discarded', 'sending'] as const;
export const mailDraftSchema = z.object({
  id: z.number().int(),
  reply_to_message: z.number().int().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  references: z.array(chatReferenceSchema),
  /** The knowledge base had nothing relevant; the draft says so. */
  no_answer: z.boolean(),
  status: z.enum(DRAFT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: actorSchema,
  sent_at: z.string().nullable(),
});
export type MailDraft = z.infer<typeof mailDraftSchema>;
export const mailDraftPageSchema = pagedSchema(mailDraftSchema);
export const mailDraftsQuerySchema = pageQuerySchema.omit({ search: true }).extend({
  status: z.enum(DRAFT_STATUSES).default('pending'),
});

const recipients = (min: number) =>
  z
    .array(emailAddressField)
    .min(min, 'validation:required')
    .max(50, 'validation:tooLong')
    .transform((list) => [...new Set(list)]);
const subjectField = z
  .string()
  .trim()
  .max(998, 'validation:tooLong')
  .regex(patterns.plainText, 'validation:plainText');
const bodyField = z
  .string()
  .max(MAIL_BODY_MAX, 'validation:tooLong')
  .regex(patterns.plainMultiline, 'validation:plainText');

/** PUT …/drafts/{id}: a person edits the draft before approving it. */
export const mailDraftUpdateSchema = z
  .object({ to: recipients(1), cc: recipients(0), subject: subjectField })
  .partial()
  .extend({ body: bodyField.optional() });

/** POST …/compose: a message a person writes, sent at once. */
export const composeInputSchema = z.object({
  to: recipients(1),
  cc: recipients(0).default([]),
  subject: subjectField.min(1, 'validation:required'),
  body: bodyField.min(1, 'validation:required'),
  attachments: z
    .array(
      z.object({
        filename: z
          .string()
          .trim()
          .min(1)
          .max(200, 'validation:tooLong')
          .regex(/^[^\p{Cc}/\\]+$/u, 'validation:plainText'),
        content_type: z
          .string()
          .max(120)
          .regex(/^[\w.+-]+\/[\w.+-]+$/, 'validation:plainText'),
        /** base64 of the file. */
        content: z
          .string()
          .max(Math.ceil((MAIL_ATTACHMENT_MAX_BYTES * 4) / 3) + 4, 'email:validation.tooBig'),
      }),
    )
    .max(MAIL_ATTACHMENTS_MAX, 'validation:tooLong')
    .default([]),
});
export type ComposeInput = z.input<typeof composeInputSchema>;

export const sendResultSchema = z.object({ message: z.string(), message_id: z.string() });

/** To or Cc as typed into compose: kept as it is in a draft, checked when the mail is sent. */
const typedAddresses = z
  .string()
  .max(10_000, 'validation:tooLong')
  .regex(patterns.plainText, 'validation:plainText');

/**
 * PUT …/compose/draft (added later): a new mail a person began and left, kept per account and
 * person until it is sent (POST …/compose) or discarded (DELETE …/compose/draft). Attachments
 * are not kept: a draft holds text only. An empty one is no draft (saving it discards it).
 */
export const composeDraftInputSchema = z.object({
  to: typedAddresses.default(''),
  cc: typedAddresses.default(''),
  subject: subjectField.default(''),
  body: bodyField.default(''),
});
export type ComposeDraftInput = z.input<typeof composeDraftInputSchema>;
export const composeDraftSchema = z.object({
  to: z.string(),
  cc: z.string(),
  subject: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type ComposeDraft = z.infer<typeof composeDraftSchema>;
/** GET …/compose/draft: the person's kept draft for the account, or null. */
export const composeDraftAnswerSchema = z.object({ draft: composeDraftSchema.nullable() });
export type ComposeDraftAnswer = z.infer<typeof composeDraftAnswerSchema>;

/** GET /email-agent/{id}/stats (Email_agent ANALYTICS). */
export const emailStatsSchema = z.object({
  received: z.number().int(),
  drafted: z.number().int(),
  no_answer: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  /** Median seconds from a message's arrival in the inbox to its draft, or null. */
  median_draft_seconds: z.number().nullable(),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;

/** `…/messages/{message}`: a stored message of the account. */
export const mailMessageParamsSchema = z.object({ message: recordIdSchema });
/** `…/messages/{message}/attachments/{attachment}`: one attachment of a message. */
export const mailAttachmentParamsSchema = z.object({
  message: recordIdSchema,
  attachment: recordIdSchema,
});
/** `…/drafts/{draft}…`: a drafted reply of the account. */
export const mailDraftParamsSchema = z.object({ draft: recordIdSchema });

/** POST /email-agent/{email_id}/sync: what one pass stored, or why it could not run. */
export const syncResultSchema = z.object({
  stored: z.number().int(),
  busy: z.boolean(),
  error: z.string().optional(),
});
