/**
 * The contract schemas each route validates, for the API documentation: request parts (what
 * `parseInput` checks) and the answer (what `shape` gives). Routes validate inside their
 * handlers, not through Fastify's `schema` option, so this table names them; the documentation
 * test checks each entry against what the route really parses. Every registered route has an
 * entry in one table (api-docs.test.ts fails on a route without one).
 */
import type { z } from 'zod';
import * as apiKeys from '../../contract/api-keys';
import * as auth from '../../contract/auth';
import * as chat from '../../contract/chat';
import * as email from '../../contract/email-agents';
import * as knowledge from '../../contract/knowledge';
import * as sop from '../../contract/sop';
import * as reports from '../../contract/reports';
import * as widgets from '../../contract/service-agent';
import * as identity from '../../contract/identity';
import { idParams } from '../modules/identity/params';
import { liveDashboardSchema } from '../../contract/live-dashboard-schema';
import { knowledgeRouteSchemas } from './route-schemas-knowledge';
import { integrationRouteSchemas } from './route-schemas-integrations';
import { fileRouteSchemas } from './route-schemas-files';
import { publicRouteSchemas } from './route-schemas-public';

/** A multipart/form-data request: its text fields and its file fields. */
export interface MultipartForm {
  /** The text fields, as the handler parses them (the recorder sees them as the body). */
  fields?: z.ZodType;
  /** Each file field: one file or several under the name; required unless `optional`. */
  files: Record<string, { many?: boolean; optional?: boolean }>;
}

export interface RouteSchemas {
  /** A JSON body. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** Several when the handler checks more than one set of path parameters. */
  params?: z.ZodType | readonly z.ZodType[];
  /** The JSON answer of a success (201 for creations). */
  response?: z.ZodType;
  status?: number;
  multipart?: MultipartForm;
  /** A file answer: the content types it is sent with (a media range for "its own type"). */
  file?: readonly string[];
  /**
   * Also answers as server-sent events when asked (`Accept: text/event-stream`): `meta`, then
   * `delta`s of the text, then `done` carrying `response`, or `error` (answer-stream.ts).
   */
  stream?: boolean;
}

/** By `METHOD /api/path` as Fastify registers it; each area's table is checked by its test. */
export const baseRouteSchemas: Record<string, RouteSchemas> = {
  'POST /api/api-keys': {
    body: apiKeys.apiKeyInputSchema,
    response: apiKeys.createdApiKeySchema,
    status: 201,
  },
  'GET /api/api-keys': { query: apiKeys.apiKeysQuerySchema, response: apiKeys.apiKeyPageSchema },
  'GET /api/api-keys/:id': { params: apiKeys.apiKeyParamsSchema, response: apiKeys.apiKeySchema },
  'DELETE /api/api-keys/:id': {
    params: apiKeys.apiKeyParamsSchema,
    response: apiKeys.apiKeySchema,
  },
  'GET /api/departments': {
    query: identity.departmentsQuerySchema,
    response: identity.departmentPageSchema,
  },
  'POST /api/departments': {
    body: identity.departmentInputSchema,
    response: identity.departmentSchema,
    status: 201,
  },
  'GET /api/departments/:id': { params: idParams, response: identity.departmentSchema },
  'PUT /api/departments/:id': {
    params: idParams,
    body: identity.departmentInputSchema,
    response: identity.departmentSchema,
  },
  'GET /api/roles': { query: identity.rolesQuerySchema, response: identity.rolePageSchema },
  'POST /api/roles': { body: identity.roleInputSchema, response: identity.roleSchema, status: 201 },
  'GET /api/roles/:id': { params: idParams, response: identity.roleSchema },
  'PUT /api/roles/:id': {
    params: idParams,
    body: identity.roleInputSchema,
    response: identity.roleSchema,
  },
  'GET /api/users': { query: identity.usersQuerySchema, response: identity.managedUserPageSchema },
  // A person's sign-in (a widget's login by key answers visitorLoginResponseSchema instead).
  'POST /api/users/login': { body: auth.loginBodySchema, response: auth.loginResponseSchema },
  'GET /api/chat/models': { response: chat.chatModelsResponseSchema },
  'GET /api/service-agent': {
    query: widgets.serviceAgentsQuerySchema,
    response: widgets.serviceAgentPageSchema,
  },
  'POST /api/service-agent': {
    body: widgets.serviceAgentInputSchema,
    response: widgets.serviceAgentSchema,
    status: 201,
  },
  'GET /api/reports/sentiments/products': { response: reports.productListSchema },
  'PUT /api/reports/sentiments/products': {
    body: reports.productsInputSchema,
    response: reports.productListSchema,
  },
  'GET /api/user/:id': { params: idParams, response: identity.managedUserSchema },
  'GET /api/users/history/:id': {
    params: idParams,
    query: identity.historyQuerySchema,
    response: identity.userHistoryPageSchema,
  },
  'GET /api/roles/:id/history': {
    params: idParams,
    query: identity.historyQuerySchema,
    response: identity.roleHistoryPageSchema,
  },
  'GET /api/roles/types/:type/action/:action': {
    params: identity.rolesByActionParamsSchema,
    query: identity.rolesQuerySchema,
    response: identity.rolePageSchema,
  },
  'GET /api/reports/analytics/overview': {
    query: reports.reportQuerySchema,
    response: reports.analyticsOverviewSchema,
  },
  'GET /api/reports/analytics/peak_hours': {
    query: reports.reportQuerySchema,
    response: reports.peakHoursSchema,
  },
  'GET /api/reports/analytics/response_time': {
    query: reports.reportQuerySchema,
    response: reports.responseTimeSchema,
  },
  'GET /api/reports/analytics/customer_satisfaction': {
    query: reports.reportQuerySchema,
    response: reports.customerSatisfactionSchema,
  },
  'GET /api/reports/sentiments/dashboard': {
    query: reports.sentimentQuerySchema,
    response: reports.sentimentDashboardSchema,
  },
  'GET /api/reports/sentiments/average_conversation_summary': {
    query: reports.sentimentQuerySchema,
    response: reports.conversationSummarySchema,
  },
  'GET /api/reports/sentiments/conversations': {
    query: reports.reportTurnsQuerySchema,
    response: reports.reportTurnPageSchema,
  },
  'GET /api/reports/dashboard': { response: liveDashboardSchema },
  'GET /api/email-agent': {
    query: email.emailAccountsQuerySchema,
    response: email.emailAccountPageSchema,
  },
  'GET /api/upload/uploaded/documents': {
    query: knowledge.documentsQuerySchema,
    response: knowledge.documentsPageSchema,
  },
  'GET /api/sop/checklists': {
    query: sop.checklistsQuerySchema,
    response: sop.checklistPageSchema,
  },
  'GET /api/sop/products': { response: sop.namesListSchema },
  'GET /api/sop/industries': { response: sop.namesListSchema },
};

/** Every documented route: the tables above and the areas' own (route-schemas-*.ts). */
export const routeSchemas: Record<string, RouteSchemas> = {
  ...baseRouteSchemas,
  ...knowledgeRouteSchemas,
  ...integrationRouteSchemas,
  ...fileRouteSchemas,
  ...publicRouteSchemas,
};
