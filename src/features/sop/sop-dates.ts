/**
 * SPEC §9 dates on the SOP screens, through lib/dates: timestamps as day/month/year on a 12-hour
 * clock (zone-less ones are UTC), and the calendar days of a shipment or a due date as
 * day/month/year. A day ("2026-12-01") has no time, so it is shown in UTC: in the reader's own
 * zone it would be the evening before west of Greenwich.
 */
import { formatDate, formatDateTime } from '@/lib/dates';

export const formatDay = (value: string, locale: string) =>
  formatDate(value, { locale, timeZone: 'UTC' });

export const formatWhen = (value: string, locale: string) => formatDateTime(value, { locale });

/** A shipment's dates: "01/12/2026 – 20/12/2026". */
export const formatDays = (start: string, end: string, locale: string) =>
  `${formatDay(start, locale)} – ${formatDay(end, locale)}`;
