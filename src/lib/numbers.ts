/**
 * Numbers as the reader's language writes them (Intl with the console's i18next language): the
 * decimal mark, grouping, the percent sign and its spacing ("66.7%" in English, "66,7 %" in
 * German) and the digits are the locale's, never put together by hand.
 */

/** A plain number with at most `maxDigits` decimals (or exactly `digits` when given). */
export function formatNumber(
  value: number,
  locale: string,
  { digits, maxDigits = 2 }: { digits?: number; maxDigits?: number } = {},
): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? maxDigits,
  }).format(value);
}

/** A duration in seconds with the locale's unit ("2.5 sec", "2,5 s", "٢٫٥ ث"). */
export function formatSeconds(seconds: number, locale: string, maxDigits = 1): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    maximumFractionDigits: maxDigits,
  }).format(seconds);
}

/** A percentage given as 0–100 (as the API sends it), with at most `maxDigits` decimals. */
export function formatPercent(percent: number, locale: string, maxDigits = 1): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: maxDigits,
  }).format(percent / 100);
}

/**
 * A share in percent of `count` answers (a satisfaction score of its ratings): '—' when there
 * are none, since no ratings is not "0 % satisfied" (the report and the dashboard alike).
 */
export function formatShare(percent: number, count: number, locale: string): string {
  return count > 0 ? formatPercent(percent, locale) : '—';
}
