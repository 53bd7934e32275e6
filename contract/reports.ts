/**
 * Reports (SPEC §2 /analytics and /sentiment-analytics, §3 "Analytics report" and "Sentiment
 * dashboard report", §4 Analytics, §6 Reports, §7 Reports, §9 export formats). SPEC
 * names the fields and paths; the shapes and units are ours:
 *
 * - Dates are UTC calendar days `YYYY-MM-DD`; a range covers start_date 00:00 to the end of
 *   end_date. Without dates the last 30 days up to today are read.
 * - A conversation is the turns of one chat (a widget visitor's session is one chat); a turn
 *   whose chat was deleted counts as a conversation of its own. Cancelled turns do not count.
 * - Times: `average_conversation_time` in seconds (first question to last answer),
 *   `chatbot_response_time` and the response times in milliseconds.
 * - A message is a question or an answer: a turn is two messages.
 * - Peak hours: an hour of the day (UTC) is a peak hour when at least as many questions were
 *   asked in it over the range as in the average hour of the day that had any (the heat map's
 *   column sums): a single busy hour is the peak, and equally busy hours are all peak hours.
 * - Rights (SPEC §6, menu): reading needs Reports.LIST_VIEW (Reports.VIEW implies it), export
 *   needs Reports.DOWNLOAD; a non-admin reads the turns of the departments where they hold it.
 */
import { z } from 'zod';
import { departmentScope, type DepartmentScope } from './access';
import type { ActionName } from './permissions';
import type { AccessSubject } from './profile';

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const sentimentSchema = z.enum(SENTIMENTS);
export type Sentiment = z.infer<typeof sentimentSchema>;

const REPORT_CHANNELS = ['all', 'assistant', 'widget'] as const;
/** SPEC §9. */
export const EXPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The longest range one call reads. */
const REPORT_MAX_DAYS = 731;
export const REPORT_DEFAULT_DAYS = 30;
export const TOP_PRODUCTS = 5;
export const PRODUCT_NAME_MAX = 80;
export const PRODUCTS_MAX = 200;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
const daySchema = z.string().refine(validDay, { message: 'Use a date as YYYY-MM-DD.' });

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Days from start to end, both included. */
export function daysBetween(start: string, end: string): number {
  return (
    Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 864e5) + 1
  );
}

const optionalId = z.coerce.number().int().positive().optional();

const filterFields = {
  start_date: daySchema.optional(),
  end_date: daySchema.optional(),
  channel: z.enum(REPORT_CHANNELS).default('all'),
  /** One widget (its numeric id): the widget channel of that widget only. */
  widget_id: optionalId,
  department_id: optionalId,
};

const checkRange = (q: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  if (q.start_date && q.end_date && q.start_date > q.end_date)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: 'The end date is before the start date.',
    });
  else if (q.start_date && q.end_date && daysBetween(q.start_date, q.end_date) > REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['start_date'],
      message: `A report covers at most ${REPORT_MAX_DAYS} days.`,
    });
};

export const reportQuerySchema = z.object(filterFields).superRefine(checkRange);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** `products` is a comma-separated list of product names; `date_range` groups the series. */
export const sentimentQuerySchema = z
  .object({
    ...filterFields,
    products: z.string().max(2000).optional(),
    sentiment: sentimentSchema.optional(),
    date_range: z.enum(['day', 'week', 'month']).default('day'),
  })
  .superRefine(checkRange);
export type SentimentQuery = z.infer<typeof sentimentQuerySchema>;

/** The turns behind a bar or a slice of the sentiment dashboard, newest first (ours). */
export const reportTurnsQuerySchema = z
  .object({
    ...filterFields,
    products: z.string().max(2000).optional(),
    sentiment: sentimentSchema.optional(),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine(checkRange);
export type ReportTurnsQuery = z.infer<typeof reportTurnsQuerySchema>;
export const reportTurnSchema = z.object({
  id: z.number().int(),
  conversation_id: z.string().nullable(),
  channel: z.enum(['console', 'widget']),
  asked_at: z.string(),
  question: z.string(),
  /** The first 300 characters. */
  answer: z.string(),
  sentiment: sentimentSchema.nullable(),
});
export type ReportTurn = z.infer<typeof reportTurnSchema>;
export const reportTurnPageSchema = z.object({
  items: z.array(reportTurnSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** Analytics sections of an export (SPEC §7 section_numbers), in this order. */
export const ANALYTICS_SECTIONS = [
  'overview',
  'peak_hours',
  'response_time',
  'customer_satisfaction',
  'intents',
] as const;
export const SENTIMENT_SECTIONS = ['performance', 'overview', 'popular', 'suggested'] as const;

/** `section_numbers`: comma-separated 1-based numbers of the sections; all when absent. */
export const exportQuerySchema = z
  .object({
    ...filterFields,
    report: z.enum(['analytics', 'sentiment']).default('analytics'),
    section_numbers: z
      .string()
      .regex(/^\d+(,\d+)*$/, { message: 'Use section numbers separated by commas.' })
      .optional(),
    export_format: z.enum(EXPORT_FORMATS).default('pdf'),
    /** The file's language (the console's); else the Accept-Language header's; else English. */
    lng: z.string().max(35).optional(),
    /** report=sentiment only: the dashboard's filters, as GET /reports/sentiments/dashboard. */
    products: z
      .string()
      .max(2000)
      .optional()
      .describe('report=sentiment: product names, comma-separated, as the sentiment dashboard.'),
    sentiment: sentimentSchema
      .optional()
      .describe('report=sentiment: one sentiment only, as the sentiment dashboard.'),
    date_range: z
      .enum(['day', 'week', 'month'])
      .optional()
      .describe('report=sentiment: the performance series by day (default), week or month.'),
  })
  .superRefine(checkRange);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

const dateRangeSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  days: z.number().int(),
});

const intentSchema = z.object({
  label: z.string(),
  count: z.number().int(),
  example: z.string(),
});

export const analyticsOverviewSchema = z.object({
  total_conversations: z.number().int(),
  average_conversations_per_day: z.number(),
  average_conversation_time: z.number(),
  chatbot_response_time: z.number(),
  avg_messages_per_conversation: z.number(),
  date_range: dateRangeSchema,
  intents: z.array(intentSchema),
  /**
   * The intents are clustered from the latest `questions` questions of the range, out of `of`:
   * their counts are of that sample, not totals, when `questions` < `of`.
   */
  intents_sample: z
    .object({ questions: z.number().int(), of: z.number().int() })
    .optional()
    .describe(
      'The intents come from the latest `questions` questions of the range (at most 2,000), out of `of` questions in it: when fewer, their counts are of that sample, not totals.',
    ),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/** `matrix[weekday][hour]`: questions asked; weekday 0 is Monday, hours in UTC. */
export const peakHoursSchema = z.object({
  matrix: z.array(z.array(z.number().int()).length(24)).length(7),
  busiest: z
    .object({
      weekday: z.number().int(),
      hour: z.number().int(),
      count: z.number().int(),
      /** Other weekday × hour slots with as many questions (the first is named). */
      ties: z
        .number()
        .int()
        .optional()
        .describe('How many other weekday × hour slots had as many questions.'),
    })
    .nullable(),
  date_range: dateRangeSchema,
});
export type PeakHours = z.infer<typeof peakHoursSchema>;

const timingSchema = z.object({ turns: z.number().int(), average_ms: z.number() });
export const responseTimeSchema = z.object({
  peak_hours: z.array(z.number().int()),
  peak: timingSchema,
  normal: timingSchema,
  date_range: dateRangeSchema,
});
export type ResponseTime = z.infer<typeof responseTimeSchema>;

/** satisfaction_score: the share of positive ratings, in percent (one decimal). */
export const customerSatisfactionSchema = z.object({
  total_responses: z.number().int(),
  satisfaction_score: z.number(),
  breakdown: z.object({ positive: z.number().int(), negative: z.number().int() }),
  date_range: dateRangeSchema,
});
export type CustomerSatisfaction = z.infer<typeof customerSatisfactionSchema>;

const sentimentCountsSchema = z.object({
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
});
export type SentimentCounts = z.infer<typeof sentimentCountsSchema>;
const productCountSchema = z.object({ name: z.string(), count: z.number().int() });

export const sentimentDashboardSchema = z.object({
  /** One point per day, week (its Monday) or month (its first day) of the range. */
  performance: z.array(sentimentCountsSchema.extend({ date: z.string() })),
  /** Turns by sentiment. */
  overview: sentimentCountsSchema,
  popular_products: z.array(productCountSchema),
  suggested_products: z.array(productCountSchema),
  date_range: dateRangeSchema,
});
export type SentimentDashboard = z.infer<typeof sentimentDashboardSchema>;

/**
 * Conversations by their prevailing sentiment (the most frequent of their turns'; ties neutral).
 * With a sentiment chosen, the conversations prevailing in it (as many as without the filter)
 * and 0 for the others; average_turns is then that of all the range's conversations.
 */
export const conversationSummarySchema = sentimentCountsSchema.extend({
  total_conversations: z.number().int(),
  average_turns: z.number(),
  date_range: dateRangeSchema,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

const productSchema = z.object({ id: z.number().int(), name: z.string() });
export const productListSchema = z.object({ items: z.array(productSchema) });
export const productsInputSchema = z.object({
  names: z
    .array(z.string().trim().min(1, { message: 'A product needs a name.' }).max(PRODUCT_NAME_MAX))
    .max(PRODUCTS_MAX),
});

/** Departments whose turns a subject may read in reports (Reports.VIEW implies LIST_VIEW). */
export function reportsScope(
  subject: AccessSubject,
  action: ActionName = 'LIST_VIEW',
): DepartmentScope {
  const listed = departmentScope(subject, 'Reports', action);
  if (listed === 'all') return 'all';
  if (action === 'DOWNLOAD') return listed;
  const viewing = departmentScope(subject, 'Reports', 'VIEW');
  return [...new Set([...listed, ...(viewing === 'all' ? [] : viewing)])];
}

/** Empty figures (SPEC §4), in a file of their own. */
export * from './report-empty';
