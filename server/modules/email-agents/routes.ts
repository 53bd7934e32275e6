/**
 * E-mail accounts (SPEC §7 /email-agent; issue 16). Each route declares its Email_agent right
 * (SPEC §6); department scope is the service's. `{email_id}` is an account's numeric id or its
 * address; the static paths `/email-agent/history/…` and `/email-agent/test-connection` win
 * over the parameter in the router. The mailbox's own routes are in mailbox-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { messageResponseSchema } from '../../../contract/auth';
import {
  connectionTestInputSchema,
  connectionTestSchema,
  emailAccountInputSchema,
  emailAccountPageSchema,
  emailAccountSchema,
  emailAccountsQuerySchema,
  emailAccountUpdateSchema,
  emailHistoryPageSchema,
  emailHistoryQuerySchema,
  emailRoutes,
} from '../../../contract/email-agents';
import type { MailboxService } from './mailbox-service';
import type { EmailAgentService } from './service';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';
import { registerMailboxRoutes } from './mailbox-routes';
import { needs, refOf } from './route-params';

export function registerEmailAgentRoutes(
  api: FastifyInstance,
  s: { emailAgents: EmailAgentService; emailMailbox: MailboxService },
) {
  api.post(emailRoutes.list, needs('ADD'), async (request, reply) => {
    const body = parseInput(emailAccountInputSchema, request.body);
    const created = await s.emailAgents.create(await actorOf(request), body);
    return reply.code(201).send(shape(emailAccountSchema, created));
  });

  api.get(emailRoutes.list, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(emailAccountsQuerySchema, request.query, 'query');
    return shape(emailAccountPageSchema, await s.emailAgents.list(await actorOf(request), query));
  });

  api.post(emailRoutes.connectionTest, needs('ADD', 'UPDATE'), async (request) => {
    const body = parseInput(connectionTestInputSchema, request.body);
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
    const answer = (p: typeof imap) => ({ ok: p.ok, code: p.code, error: p.error });
    return shape(connectionTestSchema, { imap: answer(imap), smtp: answer(smtp) });
  });

  api.get(emailRoutes.one, needs('VIEW'), async (request) =>
    shape(emailAccountSchema, await s.emailAgents.get(await actorOf(request), refOf(request))),
  );

  api.put(emailRoutes.one, needs('UPDATE'), async (request) => {
    const body = parseInput(emailAccountUpdateSchema, request.body ?? {});
    const updated = await s.emailAgents.update(await actorOf(request), refOf(request), body);
    return shape(emailAccountSchema, updated);
  });

  api.delete(emailRoutes.one, needs('DELETE'), async (request) =>
    shape(
      messageResponseSchema,
      await s.emailAgents.remove(await actorOf(request), refOf(request)),
    ),
  );

  api.get(emailRoutes.history, needs('VIEW'), async (request) => {
    const query = parseInput(emailHistoryQuerySchema, request.query, 'query');
    const page = await s.emailAgents.history(await actorOf(request), refOf(request), query);
    return shape(emailHistoryPageSchema, page);
  });

  registerMailboxRoutes(api, s);
}
