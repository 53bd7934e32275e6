/**
 * One cell of a csv file, safe to open in a spreadsheet (OWASP "CSV Injection"): every csv
 * that Atrium writes escapes its cells here, and nowhere else.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or tab or CR before one) as
 * a formula, and it picks the separator by its own settings: a file written with `,` is read
 * with `;` in much of Europe, so `x;=cmd|' /C calc'!A0` would start a cell after the `;`
 * unless the cell is quoted. Hence, for text:
 * - a leading formula character (blanks before it allowed, as a reader may trim them) gets an
 *   apostrophe before it: shown, but never run;
 * - so does one that follows a separator (`,` `;` tab) or a line break, blanks or quotes
 *   between allowed, in case a reader splits there anyway (re-splitting a column, or quotes
 *   read differently);
 * - a cell holding any separator, a quote or a line break is quoted (RFC 4180, quotes
 *   doubled), so a reader that honours quotes never splits it, whatever its separator.
 * Figures and dates are not text a visitor wrote: they are only quoted as needed, so -3
 * stays a number.
 */

const FORMULA_START = /^(?:[\t\r]| *[=+\-@])/;
const FORMULA_AFTER_BREAK = /([,;\t\r\n][ "]*)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A figure, date or other value of Atrium's own: quoted when it holds a separator. */
export function csvQuoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Text that anyone may have written: neutralised, then quoted when it needs to be. */
export function csvText(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return csvQuoted(text.replace(FORMULA_AFTER_BREAK, "$1'"));
}
