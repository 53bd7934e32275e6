/**
 * Date display (SPEC §9): 12-hour clock, day/month/year; timestamps without a zone are UTC.
 * That is the English console's: every other language reads dates and hours as its readers write
 * them (Intl's own pattern and clock for the locale: 04.03.2025, 15:05 in German; Arabic keeps
 * its own digits), which is still day before month in all five.
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

/** English follows SPEC §9 to the letter; the other languages their own conventions. */
const followsSpecClock = (locale: string | undefined) =>
  (locale ?? 'en').toLowerCase().split('-')[0] === 'en';

/** The locale's own short numeric date (and time): day, month, year in its order and clock. */
function localFormat(date: Date, locale: string, withTime: boolean, timeZone?: string) {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    timeZone,
  }).format(date);
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
  if (!followsSpecClock(options.locale))
    return localFormat(date, options.locale ?? 'en', false, options.timeZone);
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
  if (!followsSpecClock(options.locale))
    return localFormat(date, options.locale ?? 'en', true, options.timeZone);
  const p = parts(date, options, true);
  return `${p.day}/${p.month}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod ?? ''}`.trim();
}

/** A day `YYYY-MM-DD` (a report's calendar day, UTC) as "dd/mm/yyyy". */
export function formatDay(day: string, options: Omit<DateFormatOptions, 'timeZone'> = {}): string {
  return formatDate(day, { ...options, timeZone: 'UTC' });
}

/**
 * An hour of the day (0–23, UTC) on the locale's clock: "03:00 PM" in English, "15:00" in German;
 * `short` gives "3 PM" / "15 Uhr" for narrow places such as a heat map's column heads.
 */
export function formatHour(
  hour: number,
  options: Omit<DateFormatOptions, 'timeZone'> & { short?: boolean } = {},
): string {
  const date = new Date(Date.UTC(2024, 0, 1, hour));
  const english = followsSpecClock(options.locale);
  if (options.short)
    return new Intl.DateTimeFormat(options.locale ?? 'en', {
      hour: 'numeric',
      ...(english ? { hour12: true } : {}),
      timeZone: 'UTC',
    }).format(date);
  if (!english)
    return new Intl.DateTimeFormat(options.locale, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(date);
  const p = parts(date, { locale: options.locale, timeZone: 'UTC' }, true);
  return `${p.hour}:${p.minute} ${p.dayPeriod ?? ''}`.trim();
}
