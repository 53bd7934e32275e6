/**
 * What an export says around its figures, in the file's language: the range, hours and numbers
 * as that language writes them, and the filters that made the file (so a file read later, or
 * by someone else, says which conversations it counts).
 *
 * Decided: the pdf and the xlsx's first sheet write days, hours and numbers in the file's
 * language (English days as SPEC §9's day/month/year, as the console shows them); the csv keeps
 * ISO days and plain numbers ("66.7"), because it is read by programs, and its filter lines are
 * ordinary two-cell rows, so any RFC 4180 reader still parses it (csv.ts).
 */
import {
  ANALYTICS_SECTIONS,
  type ExportQuery,
  SENTIMENT_SECTIONS,
} from '../../../../contract/reports';
import type { ReportFilter } from '../filters';

type T = (key: string, values?: Record<string, string | number>) => string;

export interface FilterLine {
  label: string;
  value: string;
}

/** A report day `YYYY-MM-DD` (UTC) as the language writes it: dd/mm/yyyy in English. */
export function dayIn(lng: string, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const parts = new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : lng, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return parts.format(date);
}

export function periodIn(lng: string, range: { start_date: string; end_date: string }) {
  return `${dayIn(lng, range.start_date)} – ${dayIn(lng, range.end_date)}`;
}

/** An hour of the day (UTC) as the language says it: "9 AM", "09 Uhr", "09 h". */
export function hourIn(lng: string, hour: number): string {
  return new Intl.DateTimeFormat(lng, { hour: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2025, 0, 6, hour)),
  );
}

export function hoursIn(lng: string, hours: readonly number[]): string {
  if (!hours.length) return '—';
  return new Intl.ListFormat(lng, { type: 'unit', style: 'short' }).format(
    hours.map((h) => hourIn(lng, h)),
  );
}

export function numberIn(lng: string, value: number): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(value);
}

const SECTION_WORDS: Record<string, string> = {
  overview: 'overview',
  peak_hours: 'peakHours',
  response_time: 'responseTimeTitle',
  customer_satisfaction: 'satisfaction',
  intents: 'intents',
  performance: 'performance',
  popular: 'popular',
  suggested: 'suggested',
};

/** The filters of the file, one line each, in the order of the page's filter bar. */
export function filterLines(
  query: ExportQuery,
  f: ReportFilter,
  names: { department?: string; widget?: string },
  sections: number[],
  t: T,
  lng: string,
): FilterLine[] {
  const channel = f.widgetId
    ? t('filterOneWidget', { name: names.widget ?? `#${f.widgetId}` })
    : t(
        {
          all: 'filterChannelAll',
          assistant: 'filterChannelAssistant',
          widget: 'filterChannelWidget',
        }[f.channel],
      );
  const lines: FilterLine[] = [
    { label: t('filterPeriod'), value: periodIn(lng, f.range) },
    { label: t('filterChannel'), value: channel },
    {
      label: t('filterDepartment'),
      value: f.departmentId
        ? (names.department ?? `#${f.departmentId}`)
        : t('filterAllDepartments'),
    },
  ];
  const sentiment = query.report === 'sentiment';
  if (sentiment) {
    const products = (query.products ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const unit = query.date_range ?? 'day';
    lines.push(
      {
        label: t('filterSentiment'),
        value: f.sentiment ? t(f.sentiment) : t('filterAnySentiment'),
      },
      {
        label: t('filterProducts'),
        value: products.length ? products.join(', ') : t('filterAllProducts'),
      },
      {
        label: t('filterGroupBy'),
        value: t({ day: 'filterDay', week: 'filterWeek', month: 'filterMonth' }[unit]),
      },
    );
  }
  const list: readonly string[] = sentiment ? SENTIMENT_SECTIONS : ANALYTICS_SECTIONS;
  const section = (i: number) =>
    list[i] === 'overview' && sentiment
      ? t('sentimentOverview')
      : t(SECTION_WORDS[list[i] ?? ''] ?? '');
  lines.push({
    label: t('filterSections'),
    value: new Intl.ListFormat(lng, { type: 'unit', style: 'short' }).format(sections.map(section)),
  });
  return lines;
}
