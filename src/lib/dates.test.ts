import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatHour, parseTimestamp } from './dates';

describe('dates', () => {
  it('when a timestamp has no zone, then it is read as UTC', () => {
    expect(parseTimestamp('2025-03-04T15:05:00')?.toISOString()).toBe('2025-03-04T15:05:00.000Z');
    expect(parseTimestamp('2025-03-04 15:05:00')?.toISOString()).toBe('2025-03-04T15:05:00.000Z');
    expect(parseTimestamp('2025-03-04T15:05:00+02:00')?.toISOString()).toBe(
      '2025-03-04T13:05:00.000Z',
    );
  });

  it('when a date-time is shown, then it is day/month/year on a 12-hour clock', () => {
    expect(formatDateTime('2025-03-04T15:05:00', { timeZone: 'UTC' })).toBe('04/03/2025, 03:05 PM');
    expect(formatDateTime('2025-12-31T00:30:00Z', { timeZone: 'UTC' })).toBe(
      '31/12/2025, 12:30 AM',
    );
  });

  it('when only the date is shown, then it is day/month/year', () => {
    expect(formatDate('2025-03-04T23:59:00Z', { timeZone: 'UTC' })).toBe('04/03/2025');
  });

  it('when the value is not a date, then nothing is shown', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('')).toBe('');
  });

  it('when a report day is shown, then it is day/month/year of that calendar day', () => {
    expect(formatDay('2025-03-04')).toBe('04/03/2025');
  });

  it('when the console is in German, then dates and hours are written as German writes them, on the 24-hour clock', () => {
    const de = { locale: 'de', timeZone: 'UTC' };
    expect(formatDateTime('2025-03-04T15:05:00Z', de)).toBe('04.03.2025, 15:05');
    expect(formatDate('2025-03-04T15:05:00Z', de)).toBe('04.03.2025');
    expect(formatDay('2025-03-04', { locale: 'de' })).toBe('04.03.2025');
    expect(formatHour(0, { locale: 'de' })).toBe('00:00');
    expect(formatHour(15, { locale: 'de' })).toBe('15:00');
    expect(formatHour(15, { locale: 'de', short: true })).toBe('15 Uhr');
  });

  it('when the console is in French or Arabic, then the locale gives the pattern, the clock and the digits', () => {
    expect(formatDateTime('2025-03-04T15:05:00Z', { locale: 'fr', timeZone: 'UTC' })).toBe(
      '04/03/2025 15:05',
    );
    const at = new Date(Date.UTC(2025, 2, 4, 15, 5));
    const arabic = new Intl.DateTimeFormat('ar', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    expect(formatDateTime(at, { locale: 'ar', timeZone: 'UTC' })).toBe(arabic.format(at));
    expect(formatDateTime(at, { locale: 'ar', timeZone: 'UTC' })).not.toMatch(/AM|PM/);
  });

  it('when an hour of the day is shown, then it is on the 12-hour clock', () => {
    expect(formatHour(0)).toBe('12:00 AM');
    expect(formatHour(15)).toBe('03:00 PM');
    expect(formatHour(9, { short: true })).toBe('9 AM');
    expect(formatHour(12, { short: true })).toBe('12 PM');
  });
});
