/**
 * Component-test helpers for the report pages: an in-memory `/reports` API built on contract/
 * (contractHandler checks every answer against the schemas), with known figures, which answers
 * 500 once `failing` is set. Tests only.
 */
import { configure } from '@testing-library/react';
import type { z } from 'zod';
import type { ApiRoute } from '@contract/api-paths';
import { departmentPageSchema } from '@contract/identity';
import { serviceAgentPageSchema, type ServiceAgent } from '@contract/service-agent';
import {
  analyticsOverviewSchema,
  conversationSummarySchema,
  customerSatisfactionSchema,
  peakHoursSchema,
  productListSchema,
  reportTurnPageSchema,
  responseTimeSchema,
  sentimentDashboardSchema,
} from '@contract/reports';
import { contractHandler } from '@/test/contract-handler';
import { errorResponse } from '@/test/handlers';

// A lazy page, the session check and the report calls chain up; a loaded 2-core machine can
// outlast setup.ts's 5 s. Test files are isolated, so this only reaches the report tests.
configure({ asyncUtilTimeout: 15_000 });

const range = { start_date: '2025-03-01', end_date: '2025-03-30', days: 30 };

export const REPORT_DATA = {
  analyticsOverview: {
    total_conversations: 42,
    average_conversations_per_day: 1.4,
    average_conversation_time: 95,
    chatbot_response_time: 870,
    avg_messages_per_conversation: 4,
    date_range: range,
    intents: [{ label: 'Delivery', count: 12, example: 'Where is my parcel?' }],
  },
  analyticsPeakHours: {
    matrix: Array.from({ length: 7 }, (_, d) =>
      Array.from({ length: 24 }, (_, h) => (d === 2 && h === 15 ? 9 : 0)),
    ),
    busiest: { weekday: 2, hour: 15, count: 9 },
    date_range: range,
  },
  analyticsResponseTime: {
    peak_hours: [15],
    peak: { turns: 9, average_ms: 1200 },
    normal: { turns: 33, average_ms: 780 },
    date_range: range,
  },
  analyticsSatisfaction: {
    total_responses: 10,
    satisfaction_score: 80,
    breakdown: { positive: 8, negative: 2 },
    date_range: range,
  },
  sentimentDashboard: {
    performance: [{ date: '2025-03-04', positive: 5, neutral: 3, negative: 2 }],
    overview: { positive: 5, neutral: 3, negative: 2 },
    popular_products: [{ name: 'Lantern', count: 4 }],
    suggested_products: [{ name: 'Harbour Box', count: 2 }],
    date_range: range,
  },
  sentimentSummary: {
    total_conversations: 7,
    average_turns: 1.4,
    positive: 4,
    neutral: 2,
    negative: 1,
    date_range: range,
  },
  sentimentProducts: { items: [{ id: 1, name: 'Lantern' }] },
  sentimentTurns: { items: [], total: 0, page: 1, size: 20 },
};

const SCHEMAS: { [K in keyof typeof REPORT_DATA]: z.ZodType } = {
  analyticsOverview: analyticsOverviewSchema,
  analyticsPeakHours: peakHoursSchema,
  analyticsResponseTime: responseTimeSchema,
  analyticsSatisfaction: customerSatisfactionSchema,
  sentimentDashboard: sentimentDashboardSchema,
  sentimentSummary: conversationSummarySchema,
  sentimentProducts: productListSchema,
  sentimentTurns: reportTurnPageSchema,
};

interface ReportsFake {
  /** Every report call answers 500 while set. */
  failing: boolean;
  /** The query strings the reads were sent with, by route. */
  queries: { route: ApiRoute; search: URLSearchParams }[];
  handlers: ReturnType<typeof contractHandler>[];
}

export function createReportsFake(): ReportsFake {
  const fake: ReportsFake = { failing: false, queries: [], handlers: [] };
  fake.handlers = (Object.keys(SCHEMAS) as (keyof typeof REPORT_DATA)[]).map((route) =>
    contractHandler('get', route, { answer: SCHEMAS[route] }, ({ url }) => {
      fake.queries.push({ route, search: url.searchParams });
      if (fake.failing && route !== 'sentimentProducts')
        return errorResponse(500, 'INTERNAL_ERROR', 'The report store is down.');
      return REPORT_DATA[route];
    }),
  );
  return fake;
}

const STAMP = '2025-05-06T08:00:00Z';
const ADA = { id: 7, name: 'Ada Lovelace' };

function widget(id: number, name: string): ServiceAgent {
  return {
    id,
    client_id: `key${String(id).padStart(3, '0')}AbCdEfGhIjKlMnOpQrStUvWx`,
    client_name: name,
    fg_color: '#ffffff',
    bg_color: '#321fdb',
    target_areas: [1],
    target_area_names: ['General'],
    allowed_hosts: ['shop.example.com'],
    status: true,
    welcome_message: 'Hello!',
    daily_message_quota: 1000,
    messages_today: 0,
    created_by: ADA,
    updated_by: ADA,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

/**
 * The rest of the console the report filters read: GET /service-agent (the widgets, names
 * given) and GET /departments; `requests` records the paths asked.
 */
export function createConsoleFake(widgetNames: string[] = []) {
  const requests: string[] = [];
  const record = (url: URL) => requests.push(url.pathname + url.search);
  const widgets = widgetNames.map((name, i) => widget(i + 1, name));
  const handlers = [
    contractHandler('get', 'serviceAgents', { answer: serviceAgentPageSchema }, ({ url }) => {
      record(url);
      return { items: widgets, total: widgets.length, page: 1, size: 500 };
    }),
    contractHandler('get', 'departments', { answer: departmentPageSchema }, ({ url }) => {
      record(url);
      const items = [{ id: 1, name: 'General' }].map((d) => ({
        ...d,
        description: '',
        user_count: 0,
        role_count: 0,
        created_at: STAMP,
        updated_at: STAMP,
      }));
      return { items, total: items.length, page: 1, size: 100 };
    }),
  ];
  return { requests, handlers };
}
