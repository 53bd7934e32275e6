/**
 * A report as export tables: one per chosen section (SPEC §7 section_numbers, 1-based, in the
 * order of contract's ANALYTICS_SECTIONS / SENTIMENT_SECTIONS). Exports carry aggregates, never
 * turns, so their size does not grow with the number of turns.
 */
import {
  ANALYTICS_SECTIONS,
  type ExportQuery,
  SENTIMENT_SECTIONS,
} from '../../../../contract/reports';
import type { AccessSubject } from '../../../../contract/profile';
import type { ReportService } from '../service';

export type Cell = string | number | Date;

export interface ExportTable {
  title: string;
  columns: string[];
  rows: Cell[][];
}

export interface ExportDocument {
  title: string;
  period: string;
  tables: ExportTable[];
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

export function chosenSections(numbers: string | undefined, count: number): number[] {
  if (!numbers) return Array.from({ length: count }, (_, i) => i);
  const picked = numbers
    .split(',')
    .map((n) => Number(n) - 1)
    .filter((n) => n >= 0 && n < count);
  return [...new Set(picked)].sort((a, b) => a - b);
}

async function analyticsTables(
  reports: ReportService,
  subject: AccessSubject,
  query: ExportQuery,
  sections: number[],
): Promise<ExportTable[]> {
  const f = reports.filterOf(subject, query);
  // The overview and the intents come from the same call: read it once.
  let overview: ReturnType<ReportService['overviewOf']> | undefined;
  const overviewOnce = () => (overview ??= reports.overviewOf(f));
  const tables: ExportTable[] = [];
  for (const index of sections) {
    const section = ANALYTICS_SECTIONS[index];
    if (section === 'overview') {
      const o = await overviewOnce();
      tables.push({
        title: 'Overview',
        columns: ['Figure', 'Value'],
        rows: [
          ['Total conversations', o.total_conversations],
          ['Average conversations per day', o.average_conversations_per_day],
          ['Average conversation time (s)', o.average_conversation_time],
          ['Chatbot response time (ms)', o.chatbot_response_time],
          ['Average messages per conversation', o.avg_messages_per_conversation],
          ['Days', o.date_range.days],
        ],
      });
    } else if (section === 'peak_hours') {
      const p = await reports.peakHoursReport(f);
      tables.push({
        title: 'Peak hours (UTC)',
        columns: ['Weekday', ...Array.from({ length: 24 }, (_, h) => hourLabel(h))],
        rows: p.matrix.map((row, d) => [WEEKDAYS[d] ?? '', ...row]),
      });
    } else if (section === 'response_time') {
      const r = await reports.responseTimeOf(f);
      tables.push({
        title: 'Response time',
        columns: ['Hours', 'Questions', 'Average response time (ms)'],
        rows: [
          [
            `Peak (${r.peak_hours.map(hourLabel).join(' ') || '-'})`,
            r.peak.turns,
            r.peak.average_ms,
          ],
          ['Normal', r.normal.turns, r.normal.average_ms],
        ],
      });
    } else if (section === 'customer_satisfaction') {
      const c = await reports.satisfactionOf(f);
      tables.push({
        title: 'Customer satisfaction',
        columns: ['Figure', 'Value'],
        rows: [
          ['Total responses', c.total_responses],
          ['Satisfaction score (%)', c.satisfaction_score],
          ['Positive', c.breakdown.positive],
          ['Negative', c.breakdown.negative],
        ],
      });
    } else if (section === 'intents') {
      const o = await overviewOnce();
      tables.push({
        title: 'Intents',
        columns: ['Intent', 'Questions', 'Example'],
        rows: o.intents.map((i) => [i.label, i.count, i.example]),
      });
    }
  }
  return tables;
}

async function sentimentTables(
  reports: ReportService,
  subject: AccessSubject,
  query: ExportQuery,
  sections: number[],
): Promise<ExportTable[]> {
  const f = reports.filterOf(subject, query);
  const d = await reports.dashboardOf(f, 'day');
  const tables: ExportTable[] = [];
  for (const index of sections) {
    const section = SENTIMENT_SECTIONS[index];
    if (section === 'performance')
      tables.push({
        title: 'Performance',
        columns: ['Date', 'Positive', 'Neutral', 'Negative'],
        rows: d.performance.map((p) => [asDate(p.date), p.positive, p.neutral, p.negative]),
      });
    else if (section === 'overview')
      tables.push({
        title: 'Sentiment overview',
        columns: ['Sentiment', 'Turns'],
        rows: [
          ['Positive', d.overview.positive],
          ['Neutral', d.overview.neutral],
          ['Negative', d.overview.negative],
        ],
      });
    else if (section === 'popular')
      tables.push({
        title: 'Top popular products',
        columns: ['Product', 'Questions'],
        rows: d.popular_products.map((p) => [p.name, p.count]),
      });
    else if (section === 'suggested')
      tables.push({
        title: 'Top AI-suggested products',
        columns: ['Product', 'Answers'],
        rows: d.suggested_products.map((p) => [p.name, p.count]),
      });
  }
  return tables;
}

export async function exportDocument(
  reports: ReportService,
  subject: AccessSubject,
  query: ExportQuery,
): Promise<ExportDocument> {
  const analytics = query.report !== 'sentiment';
  const list = analytics ? ANALYTICS_SECTIONS : SENTIMENT_SECTIONS;
  const sections = chosenSections(query.section_numbers, list.length);
  const f = reports.filterOf(subject, query);
  return {
    title: analytics ? 'Conversation analytics' : 'Sentiment dashboard',
    period: `${f.range.start_date} – ${f.range.end_date}`,
    tables: analytics
      ? await analyticsTables(reports, subject, query, sections)
      : await sentimentTables(reports, subject, query, sections),
  };
}
