/**
 * Date display (SPEC §9): 12-hour clock, day/month/year; timestamps without a zone are UTC.
 */
const ZONE_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Parses API timestamps; a zone-less ISO date-time is read as UTC. */
export function parseTimestamp(value: string | number | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return new Date(value);
  const text = value.trim();
  if (!text) return null;
  const iso = text.includes(' ') && !text.includes('T') ? text.replace(' ', 'T') : text;
  const withZone = /T\d{2}:\d{2}/.test(iso) && !ZONE_SUFFIX.test(iso) ? `${iso}Z` : iso;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

interface DateFormatOptions {
  locale?: string;
  /** IANA zone to show the time in; the browser's own zone by default. */
  timeZone?: string;
}

function parts(date: Date, options: DateFormatOptions, withTime: boolean) {
  const format = new Intl.DateTimeFormat(options.locale ?? 'en', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: true } : {}),
    timeZone: options.timeZone,
  });
  const map: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format.formatToParts(date)) map[p.type] = p.value;
  return map;
}

/** "dd/mm/yyyy" */
export function formatDate(value: string | number | Date, options: DateFormatOptions = {}): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = parts(date, options, false);
  return `${p.day}/${p.month}/${p.year}`;
}

/** "dd/mm/yyyy, hh:mm AM" */
export function formatDateTime(
  value: string | number | Date,
  options: DateFormatOptions = {},
): string {
  const date = parseTimestamp(value);
  if (!date) return '';
  const p = parts(date, options, true);
  return `${p.day}/${p.month}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod ?? ''}`.trim();
}

/** A day `YYYY-MM-DD` (a report's calendar day, UTC) as "dd/mm/yyyy". */
export function formatDay(day: string, options: Omit<DateFormatOptions, 'timeZone'> = {}): string {
  return formatDate(day, { ...options, timeZone: 'UTC' });
}

/**
 * An hour of the day (0–23, UTC) on the 12-hour clock: "03:00 PM"; `short` gives "3 PM" for
 * narrow places such as a heat map's column heads.
 */
export function formatHour(
  hour: number,
  options: Omit<DateFormatOptions, 'timeZone'> & { short?: boolean } = {},
): string {
  const date = new Date(Date.UTC(2024, 0, 1, hour));
  if (options.short)
    return new Intl.DateTimeFormat(options.locale ?? 'en', {
      hour: 'numeric',
      hour12: true,
      timeZone: 'UTC',
    }).format(date);
  const p = parts(date, { locale: options.locale, timeZone: 'UTC' }, true);
  return `${p.hour}:${p.minute} ${p.dayPeriod ?? ''}`.trim();
}
