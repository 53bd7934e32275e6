/**
 * The shapes of the integration routes (e-mail agents and mailboxes, helpdesk, database
 * sources, chat widgets in the console) and of the identity routes beyond the base table
 * (users and account routes, roles, departments, permissions, one's profile). Checked by
 * api-docs-integrations.test.ts.
 *
 * A route that checks its path in parts (a mailbox message, then its account) names each params
 * schema it parses, in that order.
 */
import * as auth from '../../contract/auth';
import * as db from '../../contract/db-sources';
import * as email from '../../contract/email-agents';
import * as mailbox from '../../contract/email-mailbox';
import * as helpdesk from '../../contract/helpdesk-api';
import * as identity from '../../contract/identity';
import { permissionCatalogueSchema } from '../../contract/permission-catalogue';
import { userProfileSchema } from '../../contract/profile';
import * as widgets from '../../contract/service-agent';
import { historyRestoreParams, idParams, userIdParams } from '../modules/identity/params';
import type { RouteSchemas } from './route-schemas';

const message = auth.messageResponseSchema;
const account = email.emailAccountParamsSchema;
const draftParams = [mailbox.mailDraftParamsSchema, account];
const helpdeskId = helpdesk.helpdeskIdParamsSchema;
const widgetRef = widgets.serviceAgentRefParamsSchema;
const user = identity.managedUserSchema;
const userUpdate = { body: identity.userUpdateSchema, response: user };

export const identityRoutes: Record<string, RouteSchemas> = {
  'GET /api/permissions': { response: permissionCatalogueSchema },
  'GET /api/users/me': { response: userProfileSchema },
  'GET /api/user/me': { response: userProfileSchema },
  'PUT /api/users/me': { body: auth.updateMeBodySchema, response: userProfileSchema },
  // `verify_page_link` names the SPA page the invitation's link opens (as sign-up does).
  'POST /api/users': {
    body: identity.userCreateSchema,
    query: auth.verifyLinkQuerySchema,
    response: user,
    status: 201,
  },
  'POST /api/users/signup': {
    query: auth.verifyLinkQuerySchema,
    body: auth.signupBodySchema,
    response: message,
    status: 201,
  },
  'POST /api/users/resend-verification/': { query: auth.resendQuerySchema, response: message },
  'POST /api/users/forgot-password/:email': {
    params: identity.userEmailParamsSchema,
    query: auth.verifyLinkQuerySchema,
    response: message,
  },
  'PUT /api/users/me/password': { body: auth.changePasswordBodySchema, response: message },
  'POST /api/users/logout': { response: message },
  'GET /api/users/:email': { params: identity.userEmailParamsSchema, response: user },
  'PUT /api/users/update/:userId': { params: userIdParams, ...userUpdate },
  'PUT /api/users/:id': { params: idParams, ...userUpdate },
  'DELETE /api/users/delete/:id': { params: idParams, response: message },
  'POST /api/users/history/:id/restore/:entry': {
    params: historyRestoreParams,
    query: auth.verifyLinkQuerySchema,
    response: user,
  },
  'DELETE /api/roles/:id': { params: idParams, response: message },
  'POST /api/roles/:id/history/restore/:entry': {
    params: historyRestoreParams,
    response: identity.roleSchema,
  },
  'DELETE /api/department/delete/:id': { params: idParams, response: message },
};

export const widgetRoutes: Record<string, RouteSchemas> = {
  'GET /api/service-agent/:id': { params: widgetRef, response: widgets.serviceAgentSchema },
  'PUT /api/service-agent/:id': {
    body: widgets.serviceAgentUpdateSchema,
    params: widgetRef,
    response: widgets.serviceAgentSchema,
  },
  'DELETE /api/service-agent/:id': { params: widgetRef, response: message },
  'GET /api/service-agent/history/:client_id': {
    params: widgets.serviceAgentClientIdParamsSchema,
    query: widgets.serviceAgentHistoryQuerySchema,
    response: widgets.serviceAgentHistoryPageSchema,
  },
};

export const helpdeskRoutes: Record<string, RouteSchemas> = {
  'POST /api/helpdesk': {
    body: helpdesk.helpdeskInputSchema,
    response: helpdesk.helpdeskSchema,
    status: 201,
  },
  'GET /api/helpdesk': {
    query: helpdesk.helpdeskQuerySchema,
    response: helpdesk.helpdeskPageSchema,
  },
  'GET /api/helpdesk/:id': { params: helpdeskId, response: helpdesk.helpdeskSchema },
  'PUT /api/helpdesk/:id': {
    params: helpdeskId,
    body: helpdesk.helpdeskUpdateSchema,
    response: helpdesk.helpdeskSchema,
  },
  'POST /api/helpdesk/admin': {
    body: helpdesk.helpdeskAdminInputSchema,
    response: helpdesk.helpdeskAdminSchema,
    status: 201,
  },
  'GET /api/helpdesk/agents': {
    query: helpdesk.agentsQuerySchema,
    response: helpdesk.agentPageSchema,
  },
  'POST /api/helpdesk/agents': {
    body: helpdesk.agentInputSchema,
    response: helpdesk.agentSchema,
    status: 201,
  },
  'PUT /api/helpdesk/agents/:id': {
    params: helpdeskId,
    body: helpdesk.agentUpdateSchema,
    response: helpdesk.agentSchema,
  },
  // The helpdesk site's call, with its signing secret as the bearer.
  'POST /api/helpdesk/exchange': {
    body: helpdesk.exchangeInputSchema,
    response: helpdesk.exchangeSchema,
  },
  'GET /api/helpdesk/tickets/conversation/:chat_id': {
    params: helpdesk.conversationTicketParamsSchema,
    response: helpdesk.conversationTicketSchema,
  },
  'POST /api/helpdesk/handoff': {
    body: helpdesk.handoffInputSchema,
    response: helpdesk.handoffSchema,
  },
};

export const dbSourceRoutes: Record<string, RouteSchemas> = {
  'GET /api/integrations/db-source/db-types': { response: db.dbTypesSchema },
  'POST /api/integrations/db-source': {
    body: db.dbSourceInputSchema,
    response: db.dbSourceSchema,
    status: 201,
  },
  // With `integration_id` the answer is that one source (dbSourceSchema) instead of a page.
  'GET /api/integrations/db-source': {
    query: db.dbSourcesQuerySchema,
    response: db.dbSourcePageSchema,
  },
  'PUT /api/integrations/db-source': {
    query: db.integrationIdQuerySchema,
    body: db.dbSourceUpdateSchema,
    response: db.dbSourceSchema,
  },
  'DELETE /api/integrations/db-source': { body: db.dbSourceDeleteSchema, response: message },
  'POST /api/integrations/db-source/test': {
    query: db.dbSourceTestQuerySchema,
    body: db.dbSourceInputSchema,
    response: db.dbTestResultSchema,
  },
  'GET /api/integrations/db-source/tables': {
    query: db.integrationIdQuerySchema,
    response: db.dbTablesSchema,
  },
  'POST /api/integrations/db-source/query': {
    query: db.dbQueryOptionsSchema,
    body: db.dbQueryInputSchema,
    response: db.dbQueryResultSchema,
  },
};

export const emailRoutes: Record<string, RouteSchemas> = {
  'POST /api/email-agent': {
    body: email.emailAccountInputSchema,
    response: email.emailAccountSchema,
    status: 201,
  },
  'POST /api/email-agent/test-connection': {
    body: email.connectionTestInputSchema,
    response: email.connectionTestSchema,
  },
  'GET /api/email-agent/:email_id': { params: account, response: email.emailAccountSchema },
  'PUT /api/email-agent/:email_id': {
    body: email.emailAccountUpdateSchema,
    params: account,
    response: email.emailAccountSchema,
  },
  'DELETE /api/email-agent/:email_id': { params: account, response: message },
  'GET /api/email-agent/history/:email_id': {
    query: email.emailHistoryQuerySchema,
    params: account,
    response: email.emailHistoryPageSchema,
  },
  'GET /api/email-agent/:email_id/messages': {
    query: mailbox.mailMessagesQuerySchema,
    params: account,
    response: mailbox.mailMessagePageSchema,
  },
  'GET /api/email-agent/:email_id/drafts': {
    query: mailbox.mailDraftsQuerySchema,
    params: account,
    response: mailbox.mailDraftPageSchema,
  },
  'GET /api/email-agent/:email_id/messages/:message': {
    params: [mailbox.mailMessageParamsSchema, account],
    response: mailbox.mailMessageDetailSchema,
  },
  // Sent with the type its sender declared (application/octet-stream when none).
  'GET /api/email-agent/:email_id/messages/:message/attachments/:attachment': {
    params: [mailbox.mailAttachmentParamsSchema, account],
    file: ['application/octet-stream', '*/*'],
  },
  'PUT /api/email-agent/:email_id/drafts/:draft': {
    params: draftParams,
    body: mailbox.mailDraftUpdateSchema,
    response: mailbox.mailDraftSchema,
  },
  'POST /api/email-agent/:email_id/drafts/:draft/send': {
    params: draftParams,
    response: mailbox.sendResultSchema,
  },
  'POST /api/email-agent/:email_id/drafts/:draft/discard': {
    params: draftParams,
    response: message,
  },
  'POST /api/email-agent/:email_id/compose': {
    body: mailbox.composeInputSchema,
    params: account,
    response: mailbox.sendResultSchema,
  },
  'POST /api/email-agent/:email_id/sync': { params: account, response: mailbox.syncResultSchema },
  'GET /api/email-agent/:email_id/stats': { params: account, response: mailbox.emailStatsSchema },
};

export const integrationRouteSchemas: Record<string, RouteSchemas> = {
  ...identityRoutes,
  ...widgetRoutes,
  ...helpdeskRoutes,
  ...dbSourceRoutes,
  ...emailRoutes,
};
