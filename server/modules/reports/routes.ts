/**
 * Reports (SPEC §7 Reports). Reading needs Reports.LIST_VIEW (the menu's right; Reports.VIEW
 * implies it, SPEC §6), editing the product list Reports.UPDATE and exporting Reports.DOWNLOAD;
 * the service keeps each reader to their departments.
 */
import type { FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import { liveDashboardSchema } from '../../../contract/live-dashboard-schema';
import {
  analyticsOverviewSchema,
  conversationSummarySchema,
  customerSatisfactionSchema,
  exportQuerySchema,
  peakHoursSchema,
  productListSchema,
  productsInputSchema,
  reportQuerySchema,
  reportTurnPageSchema,
  reportTurnsQuerySchema,
  responseTimeSchema,
  sentimentDashboardSchema,
  sentimentQuerySchema,
} from '../../../contract/reports';
import { type Api, fileAnswer, needs } from '../../http/route-contract';
import { authOf } from '../../plugins/auth';
import { actorOf } from '../identity/public';
import { TYPES as EXPORT_TYPES, sendExport } from './export/send';
import type { LiveDashboardService } from './live-dashboard';
import type { ReportService } from './service';

const tags = ['Reports'];
const subjectOf = (request: FastifyRequest) => authOf(request).subject();

export function registerReportRoutes(
  api: Api,
  s: {
    reports: ReportService;
    liveDashboard: LiveDashboardService;
    /** Counts the top products' rollup again, in the background. */
    countProducts: () => void;
  },
) {
  const read = needs('Reports', 'LIST_VIEW');
  const analytics = <R>(response: R, summary: string) => ({
    config: read,
    schema: { tags, summary, querystring: reportQuerySchema, response: { 200: response } },
  });
  const sentiments = <R>(response: R, summary: string) => ({
    config: read,
    schema: { tags, summary, querystring: sentimentQuerySchema, response: { 200: response } },
  });

  api.get(
    apiRoutes.analyticsOverview,
    analytics(analyticsOverviewSchema, 'Read the analytics overview'),
    async (request) => s.reports.overview(await subjectOf(request), request.query),
  );
  api.get(
    apiRoutes.analyticsPeakHours,
    analytics(peakHoursSchema, 'Read the conversations by hour'),
    async (request) => s.reports.peakHours(await subjectOf(request), request.query),
  );
  api.get(
    apiRoutes.analyticsResponseTime,
    analytics(responseTimeSchema, 'Read the response times'),
    async (request) => s.reports.responseTime(await subjectOf(request), request.query),
  );
  api.get(
    apiRoutes.analyticsSatisfaction,
    analytics(customerSatisfactionSchema, 'Read the customer satisfaction'),
    async (request) => s.reports.satisfaction(await subjectOf(request), request.query),
  );
  api.get(
    apiRoutes.sentimentDashboard,
    sentiments(sentimentDashboardSchema, 'Read the sentiment overview'),
    async (request) => s.reports.dashboard(await subjectOf(request), request.query),
  );
  api.get(
    apiRoutes.sentimentSummary,
    sentiments(conversationSummarySchema, 'Read the average conversation summary'),
    async (request) => s.reports.summary(await subjectOf(request), request.query),
  );
  // Ours: the turns behind a bar or a slice; their words need Reports.VIEW.
  api.get(
    apiRoutes.sentimentTurns,
    {
      config: needs('Reports', 'VIEW'),
      schema: {
        tags,
        summary: 'List the conversation turns behind a figure',
        querystring: reportTurnsQuerySchema,
        response: { 200: reportTurnPageSchema },
      },
    },
    async (request) => s.reports.turns(await subjectOf(request), request.query),
  );
  api.get(
    apiRoutes.sentimentProducts,
    {
      config: read,
      schema: { tags, summary: 'List the tracked products', response: { 200: productListSchema } },
    },
    async () => s.reports.products(),
  );
  api.put(
    apiRoutes.sentimentProducts,
    {
      config: needs('Reports', 'UPDATE'),
      schema: {
        tags,
        summary: 'Replace the tracked products',
        body: productsInputSchema,
        response: { 200: productListSchema },
      },
    },
    async (request) => {
      const saved = await s.reports.replaceProducts(request.body.names);
      s.countProducts();
      return saved;
    },
  );
  // The dashboard is always allowed (SPEC §6); its parts follow the person's rights.
  api.get(
    apiRoutes.liveDashboard,
    {
      schema: {
        tags,
        summary: 'Read the dashboard’s live figures',
        response: { 200: liveDashboardSchema },
      },
    },
    async (request) => s.liveDashboard.read(await actorOf(request)),
  );
  api.get(
    apiRoutes.analyticsExport,
    {
      config: needs('Reports', 'DOWNLOAD'),
      schema: {
        tags,
        summary: 'Export the analytics report',
        querystring: exportQuerySchema,
        response: { 200: fileAnswer(Object.values(EXPORT_TYPES)) },
      },
    },
    async (request, reply) =>
      sendExport(
        s.reports,
        await subjectOf(request),
        request.query,
        reply,
        request.headers['accept-language'],
      ),
  );
}
