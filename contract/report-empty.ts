/** Empty report figures (SPEC §4: a failed call resets the data to these). */
import type {
  AnalyticsOverview,
  CustomerSatisfaction,
  PeakHours,
  ResponseTime,
  SentimentDashboard,
} from './reports';

const emptyRange = { start_date: '', end_date: '', days: 0 };
export const emptyOverview: AnalyticsOverview = {
  total_conversations: 0,
  average_conversations_per_day: 0,
  average_conversation_time: 0,
  chatbot_response_time: 0,
  avg_messages_per_conversation: 0,
  date_range: emptyRange,
  intents: [],
};
export const emptyPeakHours: PeakHours = {
  matrix: Array.from({ length: 7 }, () => Array<number>(24).fill(0)),
  busiest: null,
  date_range: emptyRange,
};
export const emptyResponseTime: ResponseTime = {
  peak_hours: [],
  peak: { turns: 0, average_ms: 0 },
  normal: { turns: 0, average_ms: 0 },
  date_range: emptyRange,
};
export const emptySatisfaction: CustomerSatisfaction = {
  total_responses: 0,
  satisfaction_score: 0,
  breakdown: { positive: 0, negative: 0 },
  date_range: emptyRange,
};
export const emptySentimentDashboard: SentimentDashboard = {
  performance: [],
  overview: { positive: 0, neutral: 0, negative: 0 },
  popular_products: [],
  suggested_products: [],
  date_range: emptyRange,
};
