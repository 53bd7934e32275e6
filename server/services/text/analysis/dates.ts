/**
 * Dates in a text, however they are written, each as one term: "2014-07-03", "3 July 2014",
 * "July 3rd, 2014", "03/07/2014", "3 juillet 2014", "3. Juli 2014", "3 de julio de 2014",
 * "٣ يوليو ٢٠١٤" all give `d20140703`, and a month written with its year ("July 2014",
 * "julio de 2014", "07/2014") gives `m201407`. A question naming a day in words then meets the
 * row whose date cell a spreadsheet wrote in figures, and the other way round.
 *
 * The terms are letters and digits only, so both indexes keep them whole (SQLite's unicode61
 * tokenizer, PostgreSQL's tsquery lexemes).
 *
 * Numbers alone do not say which is the day and which the month: "03/07/2014" is 3 July in
 * French, German, Spanish and Arabic, and either 3 July or March 7 in English, which is written
 * both ways (and in a text whose language is not known); then both readings are terms. Dotted
 * dates are always day first (03.07.2014). A year of two digits is read only where spreadsheets
 * write one ("7/3/14", "03-Jul-14"), never in dotted numbers, which are versions ("3.7.14").
 */
import { MONTH_PATTERN, MONTHS, monthNameCounts } from './month-names';

/** A date found in a text: where it is written and its terms. */
interface DateMention {
  start: number;
  end: number;
  /** One term per reading: `d20140703` for a day, `m201407` for a month of a year. */
  readings: string[];
  /** For a day, the month it falls in (`m201407`): a question naming only the month meets it. */
  months: string[];
}

/** ASCII digits and the Arabic-Indic ones (٠–٩, ۰–۹). */
const D = '[0-9\\u0660-\\u0669\\u06F0-\\u06F9]';
const BEFORE = '(?<![\\p{L}\\p{N}_])';
const AFTER = '(?![\\p{L}\\p{N}_])';
/** Not one part of a longer dotted or dashed number (a version, an address, a phone number). */
const NUMERIC_BEFORE = `${BEFORE}(?<!${D}[./,:-])`;
const NUMERIC_AFTER = `(?![./,:-]?${D})`;
const SPACE = '[\\s\\u00a0]';
const MONTH = `(${MONTH_PATTERN})\\.?`;
/** A month written in two names: "تموز/يوليو", "تموز (يوليو)". */
const MONTH_PAIR = `${MONTH}(?:${SPACE}*[/(]${SPACE}*(?:${MONTH_PATTERN})\\)?)?`;
/** A day with its ordinal mark: 3rd, 1er, 1º, 3. (German). */
const DAY = `(${D}{1,2})(?:st|nd|rd|th|er|ᵉʳ|º|°|ª|\\.º|\\.)?`;
/** A year, with the Arabic "م" (of the common era) it may carry. */
const YEAR = `(${D}{4})(?:\\u0645\\.?)?`;
const GAP = `(?:${SPACE}*[,/-]${SPACE}*|${SPACE}+)`;

const pattern = (source: string) => new RegExp(source, 'giu');

/** The forms, in the order they are preferred where they overlap. Groups: see `read`. */
const FORMS: { kind: 'dmy' | 'mdy' | 'ymd' | 'numeric' | 'my' | 'ym' | 'mY'; re: RegExp }[] = [
  // 2014-07-03, 2014/07/03, 2014.07.03, with a time after it or not.
  {
    kind: 'ymd',
    re: pattern(
      `${NUMERIC_BEFORE}(${D}{4})([-/.])(${D}{1,2})\\2(${D}{1,2})(?=[Tt]${D}|(?![./,:-]?${D})${AFTER})`,
    ),
  },
  // 3 July 2014, 3rd of July, 2014, 3. Juli 2014, 3 de julio de 2014, 3-Jul-2014, 3 تموز 2014.
  {
    kind: 'dmy',
    re: pattern(
      `${NUMERIC_BEFORE}${DAY}${GAP}(?:(?:of|de)${SPACE}+)?${MONTH_PAIR}(?:${GAP}(?:del?${SPACE}+)?|${SPACE}*,${SPACE}*)${YEAR}${AFTER}`,
    ),
  },
  // July 3, 2014, July 3rd 2014, julio 3 de 2014.
  {
    kind: 'mdy',
    re: pattern(
      `${BEFORE}${MONTH}${SPACE}+${DAY}(?:${SPACE}*,${SPACE}*|${SPACE}+(?:del?${SPACE}+)?)${YEAR}${AFTER}`,
    ),
  },
  // 03-Jul-14: a spreadsheet's day-month-year with a two-digit year.
  { kind: 'dmy', re: pattern(`${NUMERIC_BEFORE}(${D}{1,2})-${MONTH}-(${D}{2})${AFTER}`) },
  // 03/07/2014, 3.7.2014, 03-07-2014, 7/3/14.
  {
    kind: 'numeric',
    re: pattern(
      `${NUMERIC_BEFORE}(${D}{1,2})([-/.])(${D}{1,2})\\2(${D}{4}|(?<=/${D}{1,2}/)${D}{2})${NUMERIC_AFTER}${AFTER}`,
    ),
  },
  // July 2014, julio de 2014, Jul-2014.
  {
    kind: 'my',
    re: pattern(
      `${BEFORE}${MONTH}(?:${SPACE}*[-,]?${SPACE}*|${SPACE}+del?${SPACE}+)${YEAR}${AFTER}`,
    ),
  },
  // 2014-07 (a month column).
  {
    kind: 'ym',
    re: pattern(`${NUMERIC_BEFORE}(?<![-/.])(${D}{4})-(${D}{2})${NUMERIC_AFTER}${AFTER}`),
  },
  // 07/2014.
  { kind: 'mY', re: pattern(`${NUMERIC_BEFORE}(${D}{1,2})/(${D}{4})${NUMERIC_AFTER}${AFTER}`) },
];

/** What every written date holds: a year of four digits, or digits joined by - / . */
const MAY_HOLD_DATE = new RegExp(`${D}{4}|${D}[-/.]${D}|${D}-\\p{L}`, 'u');

/** Digits as numbers, Arabic-Indic ones included. */
function number(text: string): number {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code >= 0x660 && code <= 0x669) out += String(code - 0x660);
    else if (code >= 0x6f0 && code <= 0x6f9) out += String(code - 0x6f0);
    else out += ch;
  }
  return Number(out);
}

/** Years a date term is made for: not a count or a code that happens to look like a year. */
const FIRST_YEAR = 1000;
const LAST_YEAR = 2199;

/** A two-digit year as spreadsheets read it: 00–29 this century, 30–99 the last. */
const fullYear = (year: number, digits: number) =>
  digits > 2 ? year : year < 30 ? 2000 + year : 1900 + year;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dayTerm(year: number, month: number, day: number): string | null {
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysIn(year, month)) return null;
  return `d${year}${pad(month)}${pad(day)}`;
}

function monthTerm(year: number, month: number): string | null {
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return null;
  return `m${year}${pad(month)}`;
}

/** A month name as month-names.ts writes it: folded as the analysis folds words. */
const foldName = (written: string) =>
  written
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\u0671/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .replace(/\s+/g, ' ');

function monthOf(written: string, language: string): number | null {
  const name = foldName(written);
  const month = MONTHS.get(name);
  return month !== undefined && monthNameCounts(name, language) ? month : null;
}

/** Languages that write numeric dates month first as well as day first. */
const MONTH_FIRST_TOO = new Set(['en', 'und']);

/**
 * Which number a document writes first in its numeric dates, where its own dates say so: one
 * that writes 13/07/2014 writes the day first, one that writes 07/13/2014 the month.
 */
export type DayOrder = 'day-first' | 'month-first';

/** The days two numbers and a year may mean, in the text's language or the document's order. */
function numericReadings(
  a: number,
  b: number,
  year: number,
  dotted: boolean,
  language: string,
  order: DayOrder | null,
) {
  const dayFirst = dayTerm(year, b, a);
  const monthFirstToo = order ? order === 'month-first' : MONTH_FIRST_TOO.has(language);
  const monthFirst = dotted || !monthFirstToo ? null : dayTerm(year, a, b);
  // Where one reading is impossible (13/07/2014, 07/13/2014) the other is the date.
  if (!dayFirst) return monthFirst ? [monthFirst] : dotted ? [] : [dayTerm(year, a, b)];
  if (order === 'month-first' && monthFirst) return [monthFirst];
  return monthFirst && monthFirst !== dayFirst ? [dayFirst, monthFirst] : [dayFirst];
}

/** Numeric dates of two numbers and a year, as written with slashes or dashes. */
const NUMERIC_DATE = new RegExp(
  `${NUMERIC_BEFORE}(${D}{1,2})([-/])(${D}{1,2})\\2(?:${D}{4}|${D}{2})${NUMERIC_AFTER}`,
  'gu',
);

/**
 * The order a document's numeric dates are written in, from those only one order can read
 * (a number above 12 first or second); null where none tells, or they disagree.
 */
export function dayOrderOf(texts: Iterable<string>): DayOrder | null {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    if (!MAY_HOLD_DATE.test(text)) continue;
    NUMERIC_DATE.lastIndex = 0;
    for (let m = NUMERIC_DATE.exec(text); m; m = NUMERIC_DATE.exec(text)) {
      const [a, b] = [number(m[1]), number(m[3])];
      if (a > 12 && a <= 31 && b <= 12) dayFirst += 1;
      else if (b > 12 && b <= 31 && a <= 12) monthFirst += 1;
    }
  }
  if (dayFirst > 0 && monthFirst === 0) return 'day-first';
  if (monthFirst > 0 && dayFirst === 0) return 'month-first';
  return null;
}

/** A match's readings as day terms or month terms. */
function read(
  kind: (typeof FORMS)[number]['kind'],
  g: string[],
  language: string,
  order: DayOrder | null,
): (string | null)[] {
  switch (kind) {
    case 'ymd':
      return [dayTerm(number(g[1]), number(g[3]), number(g[4]))];
    case 'dmy': {
      const month = monthOf(g[2], language);
      return month ? [dayTerm(fullYear(number(g[3]), g[3].length), month, number(g[1]))] : [];
    }
    case 'mdy': {
      const month = monthOf(g[1], language);
      return month ? [dayTerm(number(g[3]), month, number(g[2]))] : [];
    }
    case 'numeric':
      return numericReadings(
        number(g[1]),
        number(g[3]),
        fullYear(number(g[4]), g[4].length),
        g[2] === '.',
        language,
        order,
      );
    case 'my': {
      const month = monthOf(g[1], language);
      return month ? [monthTerm(number(g[2]), month)] : [];
    }
    case 'ym': {
      const [year, month] = [number(g[1]), number(g[2])];
      // "2011-12", "2009-10": a season or a fiscal year, two years rather than a month.
      return month === (year + 1) % 100 ? [] : [monthTerm(year, month)];
    }
    case 'mY':
      return [monthTerm(number(g[2]), number(g[1]))];
  }
}

/**
 * Dates written in the text, in order, none overlapping another. Numeric dates are read in
 * `order` when the document's own dates tell it (dayOrderOf), else as the language writes them.
 */
export function findDates(
  text: string,
  language: string,
  order: DayOrder | null = null,
): DateMention[] {
  if (!MAY_HOLD_DATE.test(text)) return [];
  const found: DateMention[] = [];
  // Characters a date found already covers: a later form never reads a part of it again.
  let covered: Uint8Array | null = null;
  const free = (start: number, end: number) => {
    for (let i = start; covered && i < end; i += 1) if (covered[i]) return false;
    return true;
  };
  for (const { kind, re } of FORMS) {
    re.lastIndex = 0;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!free(start, end)) continue;
      const readings = read(
        kind,
        [...match].map((g) => g ?? ''),
        language,
        order,
      ).filter((r): r is string => r !== null);
      if (readings.length === 0) continue;
      const months = readings[0].startsWith('d')
        ? [...new Set(readings.map((r) => `m${r.slice(1, 7)}`))]
        : [];
      found.push({ start, end, readings, months });
      covered ??= new Uint8Array(text.length);
      covered.fill(1, start, end);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
