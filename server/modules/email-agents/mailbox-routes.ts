/**
 * A mailbox's routes: messages of INBOX and Sent with their attachments (VIEW), drafts (VIEW to
 * read; UPDATE to edit, send or discard), compose and sync now (UPDATE), and the account's
 * figures (ANALYTICS). `{email_id}` is the account, as in routes.ts.
 */
import { messageResponseSchema } from '../../../contract/auth';
import { emailAccountParamsSchema as account, emailRoutes } from '../../../contract/email-agents';
import {
  composeDraftAnswerSchema,
  composeDraftInputSchema,
  composeInputSchema,
  emailStatsSchema,
  MAIL_ATTACHMENT_MAX_BYTES,
  MAIL_ATTACHMENTS_MAX,
  mailAttachmentParamsSchema,
  mailDraftPageSchema,
  mailDraftParamsSchema,
  mailDraftSchema,
  mailDraftsQuerySchema,
  mailDraftUpdateSchema,
  mailMessageDetailSchema,
  mailMessagePageSchema,
  mailMessageParamsSchema,
  mailMessagesQuerySchema,
  sendResultSchema,
  syncResultSchema,
} from '../../../contract/email-mailbox';
import { type Api, fileAnswer, needs, orEmpty } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { ComposeDrafts } from './compose-drafts';
import type { MailboxService } from './mailbox-service';

const tags = ['Email agent'];
const RASTER = /^image\/(png|jpe?g|gif|webp|bmp)$/i;

// The account's path with the message, attachment or draft below it.
const messageParams = account.extend(mailMessageParamsSchema.shape);
const attachmentParams = account.extend(mailAttachmentParamsSchema.shape);
const draftParams = account.extend(mailDraftParamsSchema.shape);

export function registerMailboxRoutes(
  api: Api,
  s: { emailMailbox: MailboxService; emailComposeDrafts: ComposeDrafts },
) {
  const m = s.emailMailbox;
  const kept = s.emailComposeDrafts;

  api.get(
    emailRoutes.messages,
    {
      config: needs('Email_agent', 'VIEW'),
      schema: {
        tags,
        summary: 'List a mailbox’s messages',
        params: account,
        querystring: mailMessagesQuerySchema,
        response: { 200: mailMessagePageSchema },
      },
    },
    async (request) => m.messages(await actorOf(request), request.params.email_id, request.query),
  );

  api.get(
    emailRoutes.message,
    {
      config: needs('Email_agent', 'VIEW'),
      schema: {
        tags,
        summary: 'Read a message',
        params: messageParams,
        response: { 200: mailMessageDetailSchema },
      },
    },
    async (request) => {
      const { email_id, message } = request.params;
      return m.message(await actorOf(request), email_id, message);
    },
  );

  // Sent with the type its sender declared (application/octet-stream when none).
  api.get(
    emailRoutes.attachment,
    {
      config: needs('Email_agent', 'VIEW'),
      schema: {
        tags,
        summary: 'Download an attachment',
        params: attachmentParams,
        response: { 200: fileAnswer(['application/octet-stream', '*/*']) },
      },
    },
    async (request, reply) => {
      const p = request.params;
      const file = await m.attachment(await actorOf(request), p.email_id, p.message, p.attachment);
      const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      // An inline raster image of the HTML may be shown in place; anything else (SVG too, which
      // can carry script) is only ever a download.
      const shown = file.inline === 1 && RASTER.test(file.content_type);
      return reply
        .header('content-type', file.content_type)
        .header(
          'content-disposition',
          `${shown ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.content));
    },
  );

  api.get(
    emailRoutes.drafts,
    {
      config: needs('Email_agent', 'VIEW'),
      schema: {
        tags,
        summary: 'List reply drafts',
        params: account,
        querystring: mailDraftsQuerySchema,
        response: { 200: mailDraftPageSchema },
      },
    },
    async (request) => m.drafts(await actorOf(request), request.params.email_id, request.query),
  );

  api.put(
    emailRoutes.draft,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Edit a reply draft',
        params: draftParams,
        body: orEmpty(mailDraftUpdateSchema),
        response: { 200: mailDraftSchema },
      },
    },
    async (request) => {
      const { email_id, draft } = request.params;
      return m.editDraft(await actorOf(request), email_id, draft, request.body);
    },
  );

  api.post(
    emailRoutes.draftSend,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Send a reply draft',
        params: draftParams,
        response: { 200: sendResultSchema },
      },
    },
    async (request) => {
      const { email_id, draft } = request.params;
      return m.approve(await actorOf(request), email_id, draft);
    },
  );

  api.post(
    emailRoutes.draftDiscard,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Discard a reply draft',
        params: draftParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { email_id, draft } = request.params;
      return m.discard(await actorOf(request), email_id, draft);
    },
  );

  api.post(
    emailRoutes.compose,
    {
      config: needs('Email_agent', 'UPDATE'),
      // base64 makes 4 bytes of 3; the text and headers fit in the rest.
      bodyLimit:
        Math.ceil((MAIL_ATTACHMENTS_MAX * MAIL_ATTACHMENT_MAX_BYTES * 4) / 3) + 1024 * 1024,
      schema: {
        tags,
        summary: 'Write and send a new message',
        params: account,
        body: composeInputSchema,
        response: { 200: sendResultSchema },
      },
    },
    async (request) => m.compose(await actorOf(request), request.params.email_id, request.body),
  );

  // The person's own compose draft for the account (UPDATE, as composing): read, kept, discarded.
  api.get(
    emailRoutes.composeDraft,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Read your unsent message',
        params: account,
        response: { 200: composeDraftAnswerSchema },
      },
    },
    async (request) => kept.get(await actorOf(request), request.params.email_id),
  );

  api.put(
    emailRoutes.composeDraft,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Keep your unsent message',
        params: account,
        body: orEmpty(composeDraftInputSchema),
        response: { 200: composeDraftAnswerSchema },
      },
    },
    async (request) => kept.save(await actorOf(request), request.params.email_id, request.body),
  );

  api.delete(
    emailRoutes.composeDraft,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Discard your unsent message',
        params: account,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => kept.discard(await actorOf(request), request.params.email_id),
  );

  api.post(
    emailRoutes.sync,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Fetch new mail now',
        params: account,
        response: { 200: syncResultSchema },
      },
    },
    async (request) => m.syncNow(await actorOf(request), request.params.email_id),
  );

  api.get(
    emailRoutes.stats,
    {
      config: needs('Email_agent', 'ANALYTICS'),
      schema: {
        tags,
        summary: 'Read a mailbox’s figures',
        params: account,
        response: { 200: emailStatsSchema },
      },
    },
    async (request) => m.stats(await actorOf(request), request.params.email_id),
  );
}
