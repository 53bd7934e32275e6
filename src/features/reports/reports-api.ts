/**
 * Reports (SPEC §7 Reports): the analytics and sentiment figures, read with the page's
 * filters. SPEC §4: a failed call resets the data to empty defaults — pages read `orEmpty`.
 */
import { apiRoutes } from '@contract/api-paths';
import type {
  ReportTurn,
  AnalyticsOverview,
  ConversationSummary,
  CustomerSatisfaction,
  PeakHours,
  ResponseTime,
  SentimentDashboard,
} from '@contract/reports';
import { api } from '@/lib/api';

export interface ReportArgs {
  start_date: string;
  end_date: string;
  channel: 'all' | 'assistant' | 'widget';
  department_id?: number;
  widget_id?: number;
}

export interface SentimentArgs extends ReportArgs {
  date_range: 'day' | 'week' | 'month';
  sentiment?: 'positive' | 'neutral' | 'negative';
  products?: string;
}

type Query = Record<string, string | number | undefined>;
const read = (url: string) => (args: ReportArgs | SentimentArgs) => ({
  url,
  query: { ...args } as Query,
});

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyticsOverview: build.query<AnalyticsOverview, ReportArgs>({
      query: read(apiRoutes.analyticsOverview),
    }),
    peakHours: build.query<PeakHours, ReportArgs>({ query: read(apiRoutes.analyticsPeakHours) }),
    responseTime: build.query<ResponseTime, ReportArgs>({
      query: read(apiRoutes.analyticsResponseTime),
    }),
    satisfaction: build.query<CustomerSatisfaction, ReportArgs>({
      query: read(apiRoutes.analyticsSatisfaction),
    }),
    sentimentDashboard: build.query<SentimentDashboard, SentimentArgs>({
      query: read(apiRoutes.sentimentDashboard),
    }),
    conversationSummary: build.query<ConversationSummary, SentimentArgs>({
      query: read(apiRoutes.sentimentSummary),
    }),
    reportTurns: build.query<
      { items: ReportTurn[]; total: number; page: number; size: number },
      SentimentArgs & { page: number }
    >({
      query: ({ date_range: _grouping, ...args }) => ({
        url: apiRoutes.sentimentTurns,
        query: { ...args } as Query,
      }),
    }),
    reportProducts: build.query<{ items: { id: number; name: string }[] }, void>({
      query: () => apiRoutes.sentimentProducts,
    }),
    saveReportProducts: build.mutation<{ items: { id: number; name: string }[] }, string[]>({
      query: (names) => ({ url: apiRoutes.sentimentProducts, method: 'PUT', body: { names } }),
      async onQueryStarted(_names, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(reportsApi.util.updateQueryData('reportProducts', undefined, () => data));
        } catch {
          // The form shows the refusal; the list stays as it was.
        }
      },
    }),
    reportDepartments: build.query<{ items: { id: number; name: string }[] }, void>({
      query: () => ({
        url: apiRoutes.departments,
        query: { type: 'paginated', page: 1, size: 100 },
      }),
    }),
  }),
});

export const {
  useAnalyticsOverviewQuery,
  usePeakHoursQuery,
  useResponseTimeQuery,
  useSatisfactionQuery,
  useSentimentDashboardQuery,
  useConversationSummaryQuery,
  useReportDepartmentsQuery,
  useReportProductsQuery,
  useReportTurnsQuery,
  useSaveReportProductsMutation,
} = reportsApi;

/** SPEC §4: the data of a failed (or not yet answered) call is the empty default. */
export function orEmpty<T>(query: { data?: T; isError: boolean }, empty: T): T {
  return query.isError || !query.data ? empty : query.data;
}
