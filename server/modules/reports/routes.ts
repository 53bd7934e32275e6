/**
 * Reports (SPEC §7 Reports; issue 14). Reading needs Reports.LIST_VIEW (the menu's right;
 * Reports.VIEW implies it, SPEC §6), editing the product list Reports.UPDATE and exporting
 * Reports.DOWNLOAD; the service keeps each reader to their departments.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import { liveDashboardSchema } from '../../../contract/live-dashboard-schema';
import type { ActionName } from '../../../contract/permissions';
import {
  analyticsOverviewSchema,
  conversationSummarySchema,
  customerSatisfactionSchema,
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
import type { LiveDashboardService } from './live-dashboard';
import type { ReportService } from './service';
import { parseInput, shape } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { actorOf } from '../identity/request-actor';
import { sendExport } from './export/send';

const needs = (action: ActionName) => ({
  config: { permission: { module: 'Reports', action } as const },
});
const subjectOf = (request: FastifyRequest) => authOf(request).subject();
const reportQuery = (request: FastifyRequest) =>
  parseInput(reportQuerySchema, request.query, 'query');
const sentimentQuery = (request: FastifyRequest) =>
  parseInput(sentimentQuerySchema, request.query, 'query');

export function registerReportRoutes(
  api: FastifyInstance,
  s: {
    reports: ReportService;
    liveDashboard: LiveDashboardService;
    /** Counts the top products' rollup again, in the background. */
    countProducts: () => void;
  },
) {
  const read = needs('LIST_VIEW');
  api.get(apiRoutes.analyticsOverview, read, async (request) =>
    shape(
      analyticsOverviewSchema,
      await s.reports.overview(await subjectOf(request), reportQuery(request)),
    ),
  );
  api.get(apiRoutes.analyticsPeakHours, read, async (request) =>
    shape(
      peakHoursSchema,
      await s.reports.peakHours(await subjectOf(request), reportQuery(request)),
    ),
  );
  api.get(apiRoutes.analyticsResponseTime, read, async (request) =>
    shape(
      responseTimeSchema,
      await s.reports.responseTime(await subjectOf(request), reportQuery(request)),
    ),
  );
  api.get(apiRoutes.analyticsSatisfaction, read, async (request) =>
    shape(
      customerSatisfactionSchema,
      await s.reports.satisfaction(await subjectOf(request), reportQuery(request)),
    ),
  );
  api.get(apiRoutes.sentimentDashboard, read, async (request) =>
    shape(
      sentimentDashboardSchema,
      await s.reports.dashboard(await subjectOf(request), sentimentQuery(request)),
    ),
  );
  api.get(apiRoutes.sentimentSummary, read, async (request) =>
    shape(
      conversationSummarySchema,
      await s.reports.summary(await subjectOf(request), sentimentQuery(request)),
    ),
  );
  // Ours: the turns behind a bar or a slice; their words need Reports.VIEW.
  api.get(apiRoutes.sentimentTurns, needs('VIEW'), async (request) =>
    shape(
      reportTurnPageSchema,
      await s.reports.turns(
        await subjectOf(request),
        parseInput(reportTurnsQuerySchema, request.query, 'query'),
      ),
    ),
  );
  api.get(apiRoutes.sentimentProducts, read, async () =>
    shape(productListSchema, await s.reports.products()),
  );
  api.put(apiRoutes.sentimentProducts, needs('UPDATE'), async (request) => {
    const body = parseInput(productsInputSchema, request.body);
    const saved = shape(productListSchema, await s.reports.replaceProducts(body.names));
    s.countProducts();
    return saved;
  });
  // The dashboard is always allowed (SPEC §6); its parts follow the person's rights.
  api.get(apiRoutes.liveDashboard, async (request) =>
    shape(liveDashboardSchema, await s.liveDashboard.read(await actorOf(request))),
  );
  api.get(apiRoutes.analyticsExport, needs('DOWNLOAD'), async (request, reply) =>
    sendExport(
      s.reports,
      await subjectOf(request),
      request.query,
      reply,
      request.headers['accept-language'],
    ),
  );
}
