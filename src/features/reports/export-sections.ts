/**
 * The sections an export holds (SPEC §7 section_numbers: 1-based, in the order of contract's
 * ANALYTICS_SECTIONS / SENTIMENT_SECTIONS), as the reader last picked them for each report. Kept
 * for the browser tab's session (sessionStorage): a reader exporting the same few sections
 * again need not pick them again, and a new session starts with every section.
 */
import { useState } from 'react';
import { ANALYTICS_SECTIONS, SENTIMENT_SECTIONS } from '@contract/reports';

export type ReportKind = 'analytics' | 'sentiment';

/** Each section with the page's own heading for it (reports.json). */
export const SECTION_LABELS: Record<ReportKind, readonly [string, string][]> = {
  analytics: ANALYTICS_SECTIONS.map((s) => [
    s,
    {
      overview: 'overview.title',
      peak_hours: 'peak.title',
      response_time: 'response.title',
      customer_satisfaction: 'satisfaction.title',
      intents: 'intents.title',
    }[s],
  ]),
  sentiment: SENTIMENT_SECTIONS.map((s) => [
    s,
    {
      performance: 'performance.title',
      overview: 'overview.title',
      popular: 'products.popular',
      suggested: 'products.suggested',
    }[s],
  ]),
};

const storageKey = (report: ReportKind) => `reports.exportSections.${report}`;

function remembered(report: ReportKind): number[] {
  const count = SECTION_LABELS[report].length;
  const all = Array.from({ length: count }, (_, i) => i + 1);
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey(report)) ?? 'null');
    if (!Array.isArray(saved)) return all;
    const picked = saved.filter((n): n is number => Number.isInteger(n) && n >= 1 && n <= count);
    return picked.length ? [...new Set(picked)].sort((a, b) => a - b) : all;
  } catch {
    return all;
  }
}

/** The picked section numbers, and a toggle that remembers them for the session. */
export function useExportSections(report: ReportKind) {
  const [picked, setPicked] = useState(() => remembered(report));
  const toggle = (number: number) =>
    setPicked((prev) => {
      const next = prev.includes(number)
        ? prev.filter((n) => n !== number)
        : [...prev, number].sort((a, b) => a - b);
      try {
        if (next.length) sessionStorage.setItem(storageKey(report), JSON.stringify(next));
      } catch {
        // Storage refused (private mode): the choice lasts as long as the page.
      }
      return next;
    });
  return { picked, toggle, count: SECTION_LABELS[report].length };
}
