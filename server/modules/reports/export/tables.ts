/**
 * A report as export tables: one per chosen section (SPEC §7 section_numbers, 1-based, in the
 * order of contract's ANALYTICS_SECTIONS / SENTIMENT_SECTIONS). Exports carry aggregates, never
 * turns, so their size does not grow with the number of turns. Titles, headings and labels are
 * in the asker's language (reports.json's `file` words); the pdf also draws each table's chart.
 */
import {
  ANALYTICS_SECTIONS,
  type ExportQuery,
  SENTIMENT_SECTIONS,
} from '../../../../contract/reports';
import type { TopLevelSpec } from 'vega-lite';
import type { AccessSubject } from '../../../../contract/profile';
import { languageOf, localeLabels } from '../../../services/text/locale-labels';
import type { ReportFilter } from '../filters';
import type { ReportService } from '../service';
import { barChart, heatMap, pieChart, SENTIMENT_COLOURS, sentimentLines } from './charts';
import { type FilterLine, filterLines, hoursIn, periodIn } from './file-text';

export type Cell = string | number | Date;

export interface ExportTable {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Drawn in the pdf under the heading. */
  chart?: TopLevelSpec;
}

export interface ExportDocument {
  title: string;
  /** The range as the file's language writes it (the pdf's, the xlsx's). */
  period: string;
  /** The range as ISO days (the csv's and the file name's). */
  isoPeriod: string;
  lng: string;
  /** The filters that made the file (file-text.ts), stated at its top. */
  filters: FilterLine[];
  /** The name of the xlsx's first sheet, which holds the title and the filters. */
  aboutTitle: string;
  tables: ExportTable[];
}

type T = (key: string, values?: Record<string, string | number>) => string;

/** Monday … Sunday in `lng` (2025-03-03 was a Monday). */
const weekdays = (lng: string) =>
  Array.from({ length: 7 }, (_, d) =>
    new Intl.DateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2025, 2, 3 + d)),
    ),
  );
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

function chosenSections(numbers: string | undefined, count: number): number[] {
  if (!numbers) return Array.from({ length: count }, (_, i) => i);
  const picked = numbers
    .split(',')
    .map((n) => Number(n) - 1)
    .filter((n) => n >= 0 && n < count);
  return [...new Set(picked)].sort((a, b) => a - b);
}

async function analyticsTables(
  reports: ReportService,
  f: ReportFilter,
  sections: number[],
  t: T,
  lng: string,
): Promise<ExportTable[]> {
  // The overview and the intents come from the same call: read it once.
  let overview: ReturnType<ReportService['overviewOf']> | undefined;
  const overviewOnce = () => (overview ??= reports.overviewOf(f));
  const tables: ExportTable[] = [];
  for (const index of sections) {
    const section = ANALYTICS_SECTIONS[index];
    if (section === 'overview') {
      const o = await overviewOnce();
      tables.push({
        title: t('overview'),
        columns: [t('figure'), t('value')],
        rows: [
          [t('totalConversations'), o.total_conversations],
          [t('perDay'), o.average_conversations_per_day],
          [t('conversationTime'), o.average_conversation_time],
          [t('responseTime'), o.chatbot_response_time],
          [t('messages'), o.avg_messages_per_conversation],
          [t('days'), o.date_range.days],
        ],
      });
    } else if (section === 'peak_hours') {
      const p = await reports.peakHoursReport(f);
      const days = weekdays(lng);
      tables.push({
        title: t('peakHours'),
        columns: [t('weekday'), ...Array.from({ length: 24 }, (_, h) => hourLabel(h))],
        rows: p.matrix.map((row, d) => [days[d] ?? '', ...row]),
        chart: heatMap(p.matrix, days, {
          weekday: t('weekday'),
          hour: t('hour'),
          value: t('questions'),
        }),
      });
    } else if (section === 'response_time') {
      const r = await reports.responseTimeOf(f);
      tables.push({
        title: t('responseTimeTitle'),
        columns: [t('hours'), t('questions'), t('averageMs')],
        rows: [
          [`${t('peak')} (${hoursIn(lng, r.peak_hours)})`, r.peak.turns, r.peak.average_ms],
          [t('normal'), r.normal.turns, r.normal.average_ms],
        ],
        chart: barChart(
          [
            { label: t('peak'), value: r.peak.average_ms },
            { label: t('normal'), value: r.normal.average_ms },
          ],
          { label: t('hours'), value: t('averageMs') },
        ),
      });
    } else if (section === 'customer_satisfaction') {
      const c = await reports.satisfactionOf(f);
      tables.push({
        title: t('satisfaction'),
        columns: [t('figure'), t('value')],
        rows: [
          [t('totalResponses'), c.total_responses],
          // No ratings: no score, as the console says (not "0 %").
          [t('score'), c.total_responses ? c.satisfaction_score : t('noRatings')],
          [t('ratingPositive'), c.breakdown.positive],
          [t('ratingNegative'), c.breakdown.negative],
        ],
        chart: pieChart(
          [
            {
              label: t('ratingPositive'),
              value: c.breakdown.positive,
              colour: SENTIMENT_COLOURS.positive,
            },
            {
              label: t('ratingNegative'),
              value: c.breakdown.negative,
              colour: SENTIMENT_COLOURS.negative,
            },
          ],
          t('rating'),
        ),
      });
    } else if (section === 'intents') {
      const o = await overviewOnce();
      tables.push({
        title: t('intents'),
        columns: [t('intent'), t('questions'), t('example')],
        rows: o.intents.map((i) => [i.label, i.count, i.example]),
        chart: barChart(
          o.intents.map((i) => ({ label: i.label, value: i.count })),
          { label: t('intent'), value: t('questions') },
        ),
      });
    }
  }
  return tables;
}

async function sentimentTables(
  reports: ReportService,
  f: ReportFilter,
  unit: 'day' | 'week' | 'month',
  sections: number[],
  t: T,
): Promise<ExportTable[]> {
  const sentiments = { positive: t('positive'), neutral: t('neutral'), negative: t('negative') };
  // The dashboard's own call, with its filters (sentiment, products, date_range).
  const d = await reports.dashboardOf(f, unit);
  const tables: ExportTable[] = [];
  for (const index of sections) {
    const section = SENTIMENT_SECTIONS[index];
    if (section === 'performance')
      tables.push({
        title: t('performance'),
        columns: [t('date'), sentiments.positive, sentiments.neutral, sentiments.negative],
        rows: d.performance.map((p) => [asDate(p.date), p.positive, p.neutral, p.negative]),
        chart: sentimentLines(d.performance, sentiments, {
          date: t('date'),
          value: t('turns'),
          series: t('sentiment'),
        }),
      });
    else if (section === 'overview')
      tables.push({
        title: t('sentimentOverview'),
        columns: [t('sentiment'), t('turns')],
        rows: [
          [sentiments.positive, d.overview.positive],
          [sentiments.neutral, d.overview.neutral],
          [sentiments.negative, d.overview.negative],
        ],
        chart: pieChart(
          (['positive', 'neutral', 'negative'] as const).map((k) => ({
            label: sentiments[k],
            value: d.overview[k],
            colour: SENTIMENT_COLOURS[k],
          })),
          t('sentiment'),
        ),
      });
    else if (section === 'popular')
      tables.push({
        title: t('popular'),
        columns: [t('product'), t('questions')],
        rows: d.popular_products.map((p) => [p.name, p.count]),
        chart: barChart(
          d.popular_products.map((p) => ({ label: p.name, value: p.count })),
          { label: t('product'), value: t('questions') },
        ),
      });
    else if (section === 'suggested')
      tables.push({
        title: t('suggested'),
        columns: [t('product'), t('answers')],
        rows: d.suggested_products.map((p) => [p.name, p.count]),
        chart: barChart(
          d.suggested_products.map((p) => ({ label: p.name, value: p.count })),
          { label: t('product'), value: t('answers') },
        ),
      });
  }
  return tables;
}

export async function exportDocument(
  reports: ReportService,
  subject: AccessSubject,
  query: ExportQuery,
  acceptLanguage?: string,
): Promise<ExportDocument> {
  const { lng, t } = localeLabels('reports', 'file', languageOf(query.lng, acceptLanguage));
  const analytics = query.report !== 'sentiment';
  const list = analytics ? ANALYTICS_SECTIONS : SENTIMENT_SECTIONS;
  const sections = chosenSections(query.section_numbers, list.length);
  // Exported figures are kept to the departments where the asker holds DOWNLOAD (SPEC §6); the
  // sentiment and products filters are the sentiment dashboard's, not the analytics'.
  const f = reports.filterOf(
    subject,
    analytics ? { ...query, sentiment: undefined, products: undefined } : query,
    'DOWNLOAD',
  );
  const names = await reports.placeNames(f);
  return {
    title: analytics ? t('analyticsTitle') : t('sentimentTitle'),
    period: periodIn(lng, f.range),
    isoPeriod: `${f.range.start_date} – ${f.range.end_date}`,
    lng,
    filters: filterLines(query, f, names, sections, t, lng),
    aboutTitle: t('aboutSheet'),
    tables: analytics
      ? await analyticsTables(reports, f, sections, t, lng)
      : await sentimentTables(reports, f, query.date_range ?? 'day', sections, t),
  };
}
