/**
 * Reports: conversation analytics and the sentiment dashboard, computed from the
 * turn log for the reader's departments (contract's reportsScope).
 */
import { inScope } from '../../../contract/access';
import type { AccessSubject } from '../../../contract/profile';
import {
  type AnalyticsOverview,
  type ConversationSummary,
  type CustomerSatisfaction,
  isoDay,
  type PeakHours,
  type ReportQuery,
  reportsScope,
  type ReportTurnsQuery,
  type ResponseTime,
  SENTIMENTS,
  type SentimentCounts,
  type SentimentDashboard,
  type SentimentQuery,
  TOP_PRODUCTS,
} from '../../../contract/reports';
import { errors } from '../../http/app-error';
import type { AnalyticsRepo, HourBucket } from './analytics-repo';
import { type FilterInput, type ReportFilter, resolveFilter } from './filters';
import { clusterIntents, INTENT_SAMPLE } from './intents';
import type { SentimentRepo } from './sentiment-repo';

const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
const ratio = (a: number, b: number, digits = 1) => (b ? round(a / b, digits) : 0);

/** Monday 0 … Sunday 6, of a `YYYY-MM-DDTHH` hour. */
const weekdayOf = (hour: string) => (new Date(`${hour}:00:00Z`).getUTCDay() + 6) % 7;
const hourOf = (hour: string) => Number(hour.slice(11, 13));

function peakHoursOf(buckets: readonly HourBucket[]) {
  const matrix = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  const byHour = Array<number>(24).fill(0);
  for (const b of buckets) {
    (matrix[weekdayOf(b.hour)] as number[])[hourOf(b.hour)] += b.turns;
    byHour[hourOf(b.hour)] += b.turns;
  }
  const busy = byHour.filter((n) => n > 0);
  const mean = busy.reduce((a, b) => a + b, 0) / (busy.length || 1);
  // At least the average busy hour: one busy hour alone, or several equally busy, are the peak
  // (strictly above the average left them out, and the page said "no peak" beside a clear one).
  const peak = byHour.flatMap((n, hour) => (n > 0 && n >= mean ? [hour] : []));
  return { matrix, peak };
}

/** Day, week (its Monday) or month (its first day) a day falls in. */
function bucketOf(day: string, unit: 'day' | 'week' | 'month'): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  return isoDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 864e5));
}

const zero = (): SentimentCounts => ({ positive: 0, neutral: 0, negative: 0 });

interface ReportDeps {
  analytics: AnalyticsRepo;
  sentiments: SentimentRepo;
  /** SOP's product types (GET /sop/products: the starting list and every type an SOP uses). */
  sopProductTypes?: () => Promise<string[]>;
}

/** The products looked for: the admin's list, then SOP's types, once each (case aside). */
export function productNames(own: readonly string[], sop: readonly string[]): string[] {
  const names = new Map<string, string>();
  for (const name of [...own, ...sop]) {
    const key = name.trim().toLowerCase();
    if (key && !names.has(key)) names.set(key, name.trim());
  }
  return [...names.values()];
}

export function createReportService({ analytics, sentiments, sopProductTypes }: ReportDeps) {
  /**
   * The reader's filter, kept to the departments where they hold `action`: LIST_VIEW to read the
   * figures, VIEW to read the turns' words, DOWNLOAD to export. A department chosen outside them
   * is refused (403), not answered with figures it would only seem to hold.
   */
  const filterOf = (
    subject: AccessSubject,
    query: FilterInput,
    action: 'LIST_VIEW' | 'VIEW' | 'DOWNLOAD' = 'LIST_VIEW',
  ) => {
    const scope = reportsScope(subject, action);
    if (query.department_id !== undefined && !inScope(scope, query.department_id))
      throw errors.forbidden(
        `You may only read the reports of departments where you hold Reports.${action}.`,
      );
    return resolveFilter(query, scope);
  };

  async function overviewOf(f: ReportFilter): Promise<AnalyticsOverview> {
    const [totals, questions] = await Promise.all([
      analytics.conversationTotals(f),
      analytics.recentQuestions(f, INTENT_SAMPLE),
    ]);
    return {
      total_conversations: totals.conversations,
      average_conversations_per_day: ratio(totals.conversations, f.range.days, 2),
      average_conversation_time: ratio(totals.spanSum, totals.conversations),
      chatbot_response_time: ratio(totals.latencySum, totals.turns),
      avg_messages_per_conversation: ratio(totals.turns * 2, totals.conversations, 2),
      date_range: f.range,
      intents: clusterIntents(questions),
      intents_sample: { questions: questions.length, of: totals.turns },
    };
  }

  async function peakHoursReport(f: ReportFilter): Promise<PeakHours> {
    const { matrix } = peakHoursOf(await analytics.hourBuckets(f));
    // The first busiest slot (Monday first, then by hour), and how many others share its count.
    let busiest: PeakHours['busiest'] = null;
    let ties = 0;
    matrix.forEach((row, weekday) =>
      row.forEach((count, hour) => {
        if (count > (busiest?.count ?? 0)) {
          busiest = { weekday, hour, count };
          ties = 0;
        } else if (count > 0 && count === busiest?.count) ties += 1;
      }),
    );
    return {
      matrix,
      busiest: busiest ? { ...(busiest as NonNullable<PeakHours['busiest']>), ties } : null,
      date_range: f.range,
    };
  }

  async function responseTimeOf(f: ReportFilter): Promise<ResponseTime> {
    const buckets = await analytics.hourBuckets(f);
    const { peak } = peakHoursOf(buckets);
    const sums = { peak: { turns: 0, latency: 0 }, normal: { turns: 0, latency: 0 } };
    for (const b of buckets) {
      const side = peak.includes(hourOf(b.hour)) ? sums.peak : sums.normal;
      side.turns += b.turns;
      side.latency += b.latencySum;
    }
    const timing = (s: { turns: number; latency: number }) => ({
      turns: s.turns,
      average_ms: ratio(s.latency, s.turns),
    });
    return {
      peak_hours: peak,
      peak: timing(sums.peak),
      normal: timing(sums.normal),
      date_range: f.range,
    };
  }

  async function satisfactionOf(f: ReportFilter): Promise<CustomerSatisfaction> {
    const breakdown = await analytics.ratings(f);
    const total = breakdown.positive + breakdown.negative;
    return {
      total_responses: total,
      satisfaction_score: ratio(breakdown.positive * 100, total),
      breakdown,
      date_range: f.range,
    };
  }

  async function dashboardOf(
    f: ReportFilter,
    unit: 'day' | 'week' | 'month',
  ): Promise<SentimentDashboard> {
    const [products, sopTypes] = await Promise.all([
      sentiments.listProducts(),
      sopProductTypes?.() ?? [],
    ]);
    const { days, mentions } = await sentiments.dashboardFigures(
      f,
      productNames(
        products.map((p) => p.name),
        sopTypes,
      ),
    );
    const series = new Map<string, SentimentCounts>();
    for (let t = Date.parse(f.from); t < Date.parse(f.to); t += 864e5) {
      const key = bucketOf(isoDay(new Date(t)), unit);
      if (!series.has(key)) series.set(key, zero());
    }
    const overview = zero();
    for (const d of days) {
      const point = series.get(bucketOf(d.day, unit));
      if (point && SENTIMENTS.includes(d.sentiment)) point[d.sentiment] += d.turns;
      if (SENTIMENTS.includes(d.sentiment)) overview[d.sentiment] += d.turns;
    }
    const top = (pick: (m: (typeof mentions)[number]) => number) =>
      mentions
        .map((m) => ({ name: m.name, count: pick(m) }))
        .filter((m) => m.count > 0)
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
        .slice(0, TOP_PRODUCTS);
    return {
      performance: [...series.entries()].map(([date, counts]) => ({ date, ...counts })),
      overview,
      popular_products: top((m) => m.asked),
      suggested_products: top((m) => m.suggested),
      date_range: f.range,
    };
  }

  /**
   * Conversations by their prevailing sentiment, judged over all their turns. A sentiment filter
   * picks conversations of that sentiment; it does not re-judge them by their turns of it (which
   * made every conversation with one negative turn "negative", so the filtered count disagreed
   * with the unfiltered one). average_turns stays the range's: the rollups keep no turn count per
   * prevailing sentiment.
   */
  async function summaryOf(f: ReportFilter): Promise<ConversationSummary> {
    const c = await sentiments.conversationSentiments({ ...f, sentiment: undefined });
    const counts: SentimentCounts = {
      positive: c.positive,
      negative: c.negative,
      neutral: c.conversations - c.positive - c.negative,
    };
    const only = SENTIMENTS.find((s) => s === f.sentiment);
    const shown = only ? { ...zero(), [only]: counts[only] } : counts;
    return {
      total_conversations: only ? counts[only] : c.conversations,
      average_turns: ratio(c.turns, c.conversations, 2),
      ...shown,
      date_range: f.range,
    };
  }

  /** Every product looked for, counted into the product rollup (at start, after a change). */
  async function countProducts() {
    const [products, sopTypes] = await Promise.all([
      sentiments.listProducts(),
      sopProductTypes?.() ?? [],
    ]);
    await sentiments.countProductMentions(
      productNames(
        products.map((p) => p.name),
        sopTypes,
      ),
    );
  }

  return {
    filterOf,
    placeNames: (f: ReportFilter) => analytics.placeNames(f),
    countProducts,
    overviewOf,
    peakHoursReport,
    responseTimeOf,
    satisfactionOf,
    dashboardOf,
    summaryOf,
    overview: (s: AccessSubject, q: ReportQuery) => overviewOf(filterOf(s, q)),
    peakHours: (s: AccessSubject, q: ReportQuery) => peakHoursReport(filterOf(s, q)),
    responseTime: (s: AccessSubject, q: ReportQuery) => responseTimeOf(filterOf(s, q)),
    satisfaction: (s: AccessSubject, q: ReportQuery) => satisfactionOf(filterOf(s, q)),
    dashboard: (s: AccessSubject, q: SentimentQuery) => dashboardOf(filterOf(s, q), q.date_range),
    summary: (s: AccessSubject, q: SentimentQuery) => summaryOf(filterOf(s, q)),
    async turns(s: AccessSubject, q: ReportTurnsQuery) {
      const found = await sentiments.turns(filterOf(s, q, 'VIEW'), q.page, q.size);
      return { ...found, page: q.page, size: q.size };
    },
    products: async () => ({ items: await sentiments.listProducts() }),
    async replaceProducts(names: readonly string[]) {
      const unique = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()];
      await sentiments.replaceProducts(unique);
      return { items: await sentiments.listProducts() };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
