import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { PeakHours } from '@contract/reports';
import { createTestI18n } from '@/test/i18n-for-tests';
import { PeakHoursGrid } from './peak-hours-grid';

/** Nine questions on Wednesday at 15:00 UTC, none otherwise. */
const peak: PeakHours = {
  matrix: Array.from({ length: 7 }, (_, d) =>
    Array.from({ length: 24 }, (_, h) => (d === 2 && h === 15 ? 9 : 0)),
  ),
  busiest: { weekday: 2, hour: 15, count: 9 },
  date_range: { start_date: '2025-03-01', end_date: '2025-03-07', days: 7 },
};

async function renderIn(language: 'en' | 'de' | 'ar') {
  const i18n = createTestI18n();
  if (language !== 'en') {
    const words = (await import(`../../../public/locales/${language}/reports.json`)) as {
      default: Record<string, unknown>;
    };
    i18n.addResourceBundle(language, 'reports', words.default);
    await i18n.changeLanguage(language);
  }
  render(
    <I18nextProvider i18n={i18n}>
      <PeakHoursGrid peak={peak} />
    </I18nextProvider>,
  );
  return screen
    .getAllByRole('columnheader')
    .slice(1)
    .map((h) => h.textContent);
}

describe('the peak-hours heat map', () => {
  it('when the console is in English, then the hours read on the 12-hour clock as SPEC has it', async () => {
    const hours = await renderIn('en');
    expect(hours).toHaveLength(24);
    expect(hours.slice(0, 2)).toEqual(['12 AM', '1 AM']);
    expect(hours[12]).toBe('12 PM');
    expect(hours[23]).toBe('11 PM');
    expect(screen.getByTitle('Wed 03:00 PM — 9 questions')).toHaveTextContent('9');
  });

  it('when the console is in German, then the hours read on the 24-hour clock and no AM or PM shows', async () => {
    const hours = await renderIn('de');
    expect(hours[0]).toBe('00 Uhr');
    expect(hours[15]).toBe('15 Uhr');
    expect(hours[23]).toBe('23 Uhr');
    expect(hours.join(' ')).not.toMatch(/AM|PM/);
    const wednesday = screen.getByRole('rowheader', { name: 'Mi' }).closest('tr');
    expect(within(wednesday!).getByTitle('Mi 15:00 — 9 Fragen')).toHaveTextContent('9');
  });

  it("when the console is in Arabic, then the hours are the locale's own, digits included", async () => {
    const hours = await renderIn('ar');
    const own = new Intl.DateTimeFormat('ar', { hour: 'numeric', timeZone: 'UTC' });
    expect(hours[15]).toBe(own.format(new Date(Date.UTC(2024, 0, 1, 15))));
    expect(hours[3]).toBe(own.format(new Date(Date.UTC(2024, 0, 1, 3))));
    expect(hours.join(' ')).not.toMatch(/AM|PM/);
  });
});
