/**
 * A mailbox's routes (issue 16): messages of INBOX and Sent with their attachments (VIEW),
 * drafts (VIEW to read; UPDATE to edit, send or discard), compose and sync now (UPDATE), and
 * the account's figures (ANALYTICS).
 */
import type { FastifyInstance } from 'fastify';
import { messageResponseSchema } from '../../../contract/auth';
import {
  composeInputSchema,
  emailStatsSchema,
  MAIL_ATTACHMENT_MAX_BYTES,
  MAIL_ATTACHMENTS_MAX,
  mailAttachmentParamsSchema as attachmentParams,
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
import { emailRoutes } from '../../../contract/email-agents';
import type { MailboxService } from './mailbox-service';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';
import { needs, refOf } from './route-params';

const RASTER = /^image\/(png|jpe?g|gif|webp|bmp)$/i;

export function registerMailboxRoutes(api: FastifyInstance, s: { emailMailbox: MailboxService }) {
  const m = s.emailMailbox;

  api.get(emailRoutes.messages, needs('VIEW'), async (request) => {
    const query = parseInput(mailMessagesQuerySchema, request.query, 'query');
    return shape(
      mailMessagePageSchema,
      await m.messages(await actorOf(request), refOf(request), query),
    );
  });

  api.get(emailRoutes.message, needs('VIEW'), async (request) => {
    const { message } = parseInput(mailMessageParamsSchema, request.params, 'params');
    return shape(
      mailMessageDetailSchema,
      await m.message(await actorOf(request), refOf(request), message),
    );
  });

  api.get(emailRoutes.attachment, needs('VIEW'), async (request, reply) => {
    const p = parseInput(attachmentParams, request.params, 'params');
    const file = await m.attachment(
      await actorOf(request),
      refOf(request),
      p.message,
      p.attachment,
    );
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
  });

  api.get(emailRoutes.drafts, needs('VIEW'), async (request) => {
    const query = parseInput(mailDraftsQuerySchema, request.query, 'query');
    return shape(
      mailDraftPageSchema,
      await m.drafts(await actorOf(request), refOf(request), query),
    );
  });

  api.put(emailRoutes.draft, needs('UPDATE'), async (request) => {
    const { draft } = parseInput(mailDraftParamsSchema, request.params, 'params');
    const body = parseInput(mailDraftUpdateSchema, request.body ?? {});
    return shape(
      mailDraftSchema,
      await m.editDraft(await actorOf(request), refOf(request), draft, body),
    );
  });

  api.post(emailRoutes.draftSend, needs('UPDATE'), async (request) => {
    const { draft } = parseInput(mailDraftParamsSchema, request.params, 'params');
    return shape(sendResultSchema, await m.approve(await actorOf(request), refOf(request), draft));
  });

  api.post(emailRoutes.draftDiscard, needs('UPDATE'), async (request) => {
    const { draft } = parseInput(mailDraftParamsSchema, request.params, 'params');
    return shape(
      messageResponseSchema,
      await m.discard(await actorOf(request), refOf(request), draft),
    );
  });

  api.post(
    emailRoutes.compose,
    // base64 makes 4 bytes of 3; the text and headers fit in the rest.
    {
      ...needs('UPDATE'),
      bodyLimit:
        Math.ceil((MAIL_ATTACHMENTS_MAX * MAIL_ATTACHMENT_MAX_BYTES * 4) / 3) + 1024 * 1024,
    },
    async (request) => {
      const body = parseInput(composeInputSchema, request.body);
      return shape(sendResultSchema, await m.compose(await actorOf(request), refOf(request), body));
    },
  );

  api.post(emailRoutes.sync, needs('UPDATE'), async (request) =>
    shape(syncResultSchema, await m.syncNow(await actorOf(request), refOf(request))),
  );

  api.get(emailRoutes.stats, needs('ANALYTICS'), async (request) =>
    shape(emailStatsSchema, await m.stats(await actorOf(request), refOf(request))),
  );
}
