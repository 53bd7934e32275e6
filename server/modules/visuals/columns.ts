/**
 * What kind of values a column holds, read from the stored rows: numbers (also "1,234.50",
 * "$12", "45%"), dates (ISO dates, yyyy-mm, dd/mm/yyyy, "Jan 2024", a year column) or
 * categories. Charts need to know: numbers are measured, dates run along a line, categories
 * are counted or grouped.
 */
import { words } from './words';

export type Cell = string | number | null;
export type ColumnKind = 'number' | 'date' | 'category';

export interface ColumnProfile {
  index: number;
  name: string;
  kind: ColumnKind;
  /** Distinct non-empty values seen (capped at 1000). */
  distinct: number;
}

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

export function toNumber(value: Cell): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value
    .trim()
    .replace(/^[$€£¥]\s?/, '')
    .replace(/%$/, '')
    .replace(/,(?=\d{3}\b)/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** A sortable ISO-like key for a date-ish value, or null. Years alone are "yyyy". */
export function toDateKey(value: Cell): string | null {
  if (value === null) return null;
  const text = String(value).trim();
  let m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (m) return m[3] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[1]}-${m[2]}`;
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{4})$/i.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[1].toLowerCase() as (typeof MONTHS)[number]);
    if (month >= 0) return `${m[2]}-${String(month + 1).padStart(2, '0')}`;
  }
  m = /^(\d{4})\s*-?\s*q([1-4])$/i.exec(text);
  if (m) return `${m[1]}-Q${m[2]}`;
  return null;
}

/** Month names alone ("January", "Feb") keep calendar order. */
function monthIndex(value: Cell): number | null {
  if (typeof value !== 'string') return null;
  const m = /^([a-z]{3})[a-z]*\.?$/i.exec(value.trim());
  if (!m) return null;
  const i = MONTHS.indexOf(m[1].toLowerCase() as (typeof MONTHS)[number]);
  return i >= 0 ? i : null;
}

const DATE_HEADER = new Set(['date', 'time', 'day', 'week', 'month', 'year', 'quarter', 'period']);

export function profileColumns(
  columns: readonly string[],
  rows: readonly Cell[][],
): ColumnProfile[] {
  const sample = rows.length > 2000 ? rows.slice(0, 2000) : rows;
  return columns.map((name, index) => {
    let filled = 0;
    let numbers = 0;
    let dates = 0;
    let months = 0;
    const seen = new Set<string>();
    for (const row of sample) {
      const value = row[index] ?? null;
      if (value === null || String(value).trim() === '') continue;
      filled += 1;
      if (seen.size < 1000) seen.add(String(value));
      if (toDateKey(value) !== null) dates += 1;
      else if (monthIndex(value) !== null) months += 1;
      else if (toNumber(value) !== null) numbers += 1;
    }
    const headerSaysDate = words(name).some((w) => DATE_HEADER.has(w));
    const share = (n: number) => (filled === 0 ? 0 : n / filled);
    let kind: ColumnKind = 'category';
    if (share(dates + months) >= 0.8) kind = 'date';
    else if (headerSaysDate && share(numbers) >= 0.8 && isYearLike(sample, index)) kind = 'date';
    else if (share(numbers) >= 0.8) kind = 'number';
    return { index, name, kind, distinct: seen.size };
  });
}

function isYearLike(rows: readonly Cell[][], index: number): boolean {
  return rows.every((row) => {
    const n = toNumber(row[index] ?? null);
    return n === null || (Number.isInteger(n) && n >= 1800 && n <= 2200) || (n >= 1 && n <= 53);
  });
}

/** Sort key for a date column's value: ISO key, month order, or the number itself. */
export function dateSortKey(value: Cell): string {
  const key = toDateKey(value);
  if (key) return key;
  const month = monthIndex(value);
  if (month !== null) return `0000-${String(month + 1).padStart(2, '0')}`;
  const n = toNumber(value);
  return n === null ? String(value ?? '') : String(n).padStart(6, '0');
}
