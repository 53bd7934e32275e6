/**
 * A workbook cell's text as the file shows it: its number format applied (SheetJS's SSF, the
 * formatter of Excel's format codes), so "1,234.50", "12.5%", "€ 1,234.50" read as they are
 * shown and not as the stored float (1234.5, 0.125). A cell in the General format shows the
 * number itself, without the float's noise (0.30000000000000004 is "0.3") and without the
 * exponent Excel's narrow columns fall back to (an identifier of 13 digits stays whole).
 *
 * Dates read as shown when that says which day it is ("3-Jul-14", "July 3, 2014",
 * "2014-07-03"); otherwise, as ISO (a format such as "m/d/yy" shows the day and month in the
 * reader's locale order, "03/07/14", which says neither), so the analysis always finds them.
 */
import * as XLSX from '@e965/xlsx';
import { findDates } from '../../text/analysis/dates';

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, with its 1900 leap-year quirk) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;
/** Days from the 1900 date system's day 0 to the 1904 system's. */
const DATE_1904_OFFSET = 1_462;

const isGeneral = (format: string | number | undefined) =>
  format === undefined || format === 0 || (typeof format === 'string' && /^general$/i.test(format));

/**
 * A number as General shows it: a whole number in full, a fraction to the ten or so digits a
 * column shows ("0.333333333"); where that needs an exponent, its 15 significant digits.
 */
function generalNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const shown = XLSX.SSF.format('General', value);
  return /e/i.test(shown) ? String(Number(value.toPrecision(15))) : shown;
}

/**
 * SSF is stricter than Excel: it takes neither a space before the percent sign ("0.0 %",
 * French Excel's percent) nor a bare dot between date fields ("dd.mm.yyyy", German dates).
 * Those codes are read as Excel reads them: the percent of the code without the space, then
 * the space put back; the dot as the literal it is.
 */
function lenient(code: string): { code: string; spacedPercent: boolean } | null {
  if (/(?:\\ | |" ")%/.test(code))
    return { code: code.replace(/(?:\\ | |" ")+%/g, '%'), spacedPercent: true };
  if (/[dmy]\.[dmy]/i.test(code))
    return { code: code.replace(/(?<!\\)\./g, '\\.'), spacedPercent: false };
  return null;
}

/** SSF's format, or null where it cannot read the code. */
function format(code: string | number, value: number): string | null {
  try {
    return XLSX.SSF.format(code, value).trim();
  } catch {
    const read = typeof code === 'string' ? lenient(code) : null;
    if (!read) return null;
    try {
      const shown = XLSX.SSF.format(read.code, value).trim();
      return read.spacedPercent ? shown.replace('%', ' %') : shown;
    } catch {
      return null;
    }
  }
}

/** A number cell's shown text. */
export function shownNumber(value: number, code: string | number | undefined): string {
  if (isGeneral(code)) return generalNumber(value);
  return format(code as string | number, value) ?? generalNumber(value);
}

/** Whether a format code shows a date or a time. */
export const isDateFormat = (code: string | number | undefined) =>
  code !== undefined && !isGeneral(code) && XLSX.SSF.is_date(code);

/** A date's serial number in the 1900 date system (what SSF formats). */
const serialOf = (date: Date) => date.getTime() / MS_PER_DAY + UNIX_EPOCH_SERIAL;

/** The date (UTC) of a serial number, in the workbook's date system. */
export function dateOfSerial(serial: number, date1904 = false): Date {
  const days = serial + (date1904 ? DATE_1904_OFFSET : 0) - UNIX_EPOCH_SERIAL;
  return new Date(Math.round(days * MS_PER_DAY));
}

/** ISO date, with its time when it has one. */
export function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/**
 * A date cell's shown text: as its format shows it when that names the day unambiguously,
 * a time of day as shown, else ISO.
 */
export function shownDate(date: Date, code: string | number | undefined): string {
  const serial = serialOf(date);
  const shown = code === undefined ? null : format(code, serial);
  if (shown && serial < 1) return shown; // a time of day, no date
  if (shown) {
    const day = `d${date.toISOString().slice(0, 10).replace(/-/g, '')}`;
    const found = findDates(shown, 'und');
    if (found.length === 1 && found[0].readings.length === 1 && found[0].readings[0] === day)
      return shown;
  }
  // A month of a year ("Jul-14", "July 2014"): the month, without a day the file does not show.
  if (typeof code === 'string' && showsMonthOnly(code)) return isoDate(date).slice(0, 7);
  return isoDate(date);
}

/** A format code with a year and a month but no day or time ("mmm-yy", "mmmm yyyy"). */
function showsMonthOnly(code: string): boolean {
  const fields = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '').toLowerCase();
  return /y/.test(fields) && /m/.test(fields) && !/[dhs]/.test(fields);
}
