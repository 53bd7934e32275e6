/**
 * Reports: analytics and sentiments read from the turn log's rollups, the products list, exports
 * and the live dashboard. The top products' rollup is counted on at start, before the first
 * reader needs it (product-rollup.ts), and again when the list changes.
 */
import { defineModule } from '../../module';
import { serviceAgentModule } from '../service-agent/module';
import { sopModule } from '../sop/module';
import { createAnalyticsRepo } from './analytics-repo';
import { createLiveDashboard } from './live-dashboard';
import { createLiveRepo } from './live-repo';
import { registerReportRoutes } from './routes';
import { createSentimentRepo } from './sentiment-repo';
import { createReportService } from './service';
import { turnLogModule } from './turn-log-module';

export const reportsModule = defineModule({
  name: 'reports',
  build({ database, background }, from) {
    const { turnLog } = from(turnLogModule);
    const { serviceAgents } = from(serviceAgentModule);
    const analytics = createAnalyticsRepo(database);
    const reports = createReportService({
      analytics,
      sentiments: createSentimentRepo(database, turnLog),
      sopProductTypes: from(sopModule).productTypes,
    });
    return {
      reports,
      countProducts: () => background.run('product rollup', reports.countProducts),
      liveDashboard: createLiveDashboard({
        live: createLiveRepo(database),
        analytics,
        visibleWidgets: async (actor) =>
          (await serviceAgents.list(actor, { page: 1, size: 500 })).items,
      }),
    };
  },
  routes: registerReportRoutes,
  start: ({ countProducts }) => countProducts(),
});
