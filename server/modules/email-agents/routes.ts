/**
 * E-mail accounts (SPEC §7 /email-agent). Each route declares its Email_agent right (SPEC §6);
 * department scope is the service's. `{email_id}` is an account's numeric id or its address; the
 * static paths `/email-agent/history/…` and `/email-agent/test-connection` win over the
 * parameter in the router. The mailbox's own routes are in mailbox-routes.ts.
 */
import { messageResponseSchema } from '../../../contract/auth';
import {
  connectionTestInputSchema,
  connectionTestSchema,
  emailAccountInputSchema,
  emailAccountPageSchema,
  emailAccountParamsSchema as params,
  emailAccountSchema,
  emailAccountsQuerySchema,
  emailAccountUpdateSchema,
  emailHistoryPageSchema,
  emailHistoryQuerySchema,
  emailRoutes,
} from '../../../contract/email-agents';
import { type Api, needs, orEmpty } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { ComposeDrafts } from './compose-drafts';
import type { MailboxService } from './mailbox-service';
import { registerMailboxRoutes } from './mailbox-routes';
import type { EmailAgentService } from './service';

const tags = ['Email agent'];

export function registerEmailAgentRoutes(
  api: Api,
  s: {
    emailAgents: EmailAgentService;
    emailMailbox: MailboxService;
    emailComposeDrafts: ComposeDrafts;
  },
) {
  const account = { 200: emailAccountSchema };

  api.post(
    emailRoutes.list,
    {
      config: needs('Email_agent', 'ADD'),
      schema: {
        tags,
        summary: 'Add a mailbox',
        body: emailAccountInputSchema,
        response: { 201: emailAccountSchema },
      },
    },
    async (request, reply) => {
      const created = await s.emailAgents.create(await actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  api.get(
    emailRoutes.list,
    {
      config: needs('Email_agent', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List mailboxes',
        querystring: emailAccountsQuerySchema,
        response: { 200: emailAccountPageSchema },
      },
    },
    async (request) => s.emailAgents.list(await actorOf(request), request.query),
  );

  api.post(
    emailRoutes.connectionTest,
    {
      config: needs('Email_agent', 'ADD', 'UPDATE'),
      schema: {
        tags,
        summary: 'Test a mailbox’s connection',
        body: connectionTestInputSchema,
        response: { 200: connectionTestSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const { imap, smtp } = await s.emailAgents.testConnection(await actorOf(request), body);
      // The answer stays neutral (it must not tell what listens on a port); the detail is logged.
      if (!imap.ok || !smtp.ok)
        request.log.warn(
          {
            imap: `${body.imap_host}:${body.imap_port} ${body.imap_tls}: ${imap.detail ?? 'ok'}`,
            smtp: `${body.smtp_host}:${body.smtp_port} ${body.smtp_tls}: ${smtp.detail ?? 'ok'}`,
          },
          'mailbox connection test failed',
        );
      const answer = (p: typeof imap) => ({
        ok: p.ok,
        code: p.code,
        error: p.error,
        ...(p.ok ? { signed_in: p.signedIn, tls: p.tls } : {}),
      });
      return { imap: answer(imap), smtp: answer(smtp) };
    },
  );

  api.get(
    emailRoutes.one,
    {
      config: needs('Email_agent', 'VIEW'),
      schema: { tags, summary: 'Read a mailbox', params, response: account },
    },
    async (request) => s.emailAgents.get(await actorOf(request), request.params.email_id),
  );

  api.put(
    emailRoutes.one,
    {
      config: needs('Email_agent', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a mailbox',
        params,
        body: orEmpty(emailAccountUpdateSchema),
        response: account,
      },
    },
    async (request) =>
      s.emailAgents.update(await actorOf(request), request.params.email_id, request.body),
  );

  api.delete(
    emailRoutes.one,
    {
      config: needs('Email_agent', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete a mailbox',
        params,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => s.emailAgents.remove(await actorOf(request), request.params.email_id),
  );

  api.get(
    emailRoutes.history,
    {
      config: needs('Email_agent', 'VIEW'),
      schema: {
        tags,
        summary: 'List a mailbox’s change history',
        params,
        querystring: emailHistoryQuerySchema,
        response: { 200: emailHistoryPageSchema },
      },
    },
    async (request) =>
      s.emailAgents.history(await actorOf(request), request.params.email_id, request.query),
  );

  registerMailboxRoutes(api, s);
}
