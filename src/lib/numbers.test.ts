import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatSeconds } from './numbers';

describe("numbers in the reader's language", () => {
  it("when a percentage is shown, then the sign and its spacing are the language's own", () => {
    expect(formatPercent(66.7, 'en')).toBe('66.7%');
    expect(formatPercent(66.7, 'de')).toBe('66,7\u00a0%');
    expect(formatPercent(75, 'en', 0)).toBe('75%');
    expect(formatPercent(80, 'ar')).toBe(
      new Intl.NumberFormat('ar', { style: 'percent' }).format(0.8),
    );
  });

  it("when a decimal is shown, then the decimal mark is the language's own", () => {
    expect(formatNumber(0.8123, 'en', { digits: 3 })).toBe('0.812');
    expect(formatNumber(0.8123, 'de', { digits: 3 })).toBe('0,812');
    expect(formatNumber(3.2, 'fr', { digits: 1 })).toBe('3,2');
    expect(formatNumber(1234.4, 'en', { maxDigits: 0 })).toBe('1,234');
  });

  it("when a duration in seconds is shown, then the unit and decimal mark are the language's own", () => {
    expect(formatSeconds(2.54, 'en')).toBe('2.5 sec');
    expect(formatSeconds(2.54, 'de')).toBe('2,5 Sek.');
    expect(formatSeconds(12, 'fr')).toBe('12\u202fs');
  });
});
