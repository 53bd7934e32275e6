/** GET /reports/dashboard: the dashboard's live figures, read again every 30 s. */
import { apiRoutes } from '@contract/api-paths';
import type { LiveDashboard } from '@contract/live-dashboard-schema';
import { api } from '@/lib/api';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    liveDashboard: build.query<LiveDashboard, void>({ query: () => apiRoutes.liveDashboard }),
  }),
});

export const { useLiveDashboardQuery } = dashboardApi;
