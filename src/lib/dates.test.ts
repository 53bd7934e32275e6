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

  it('when an hour of the day is shown, then it is on the 12-hour clock', () => {
    expect(formatHour(0)).toBe('12:00 AM');
    expect(formatHour(15)).toBe('03:00 PM');
    expect(formatHour(9, { short: true })).toBe('9 AM');
    expect(formatHour(12, { short: true })).toBe('12 PM');
  });
});
