/**
 * The grouped query a question describes, from a table's columns (no language model): which
 * column to group by, which to aggregate, and how.
 *
 * - A name is read by its parts: split on _ - . and camelCase ("installed_size_kb",
 *   "installedSizeKb" -> installed, size, kb), units dropped ("kb", "usd", "ms"), common
 *   abbreviations spelt out ("qty" -> quantity), each part stemmed in the question's languages.
 *   A part matches a question word with the same stem, or a cognate of it (the same first three
 *   letters, one letter apart: "sección" and "section"). A column is named fully when every part
 *   matches, partly when some do; a full name wins, then the most parts.
 * - The grouping is the column named right after a grouping word ("by section", "par service");
 *   failing that, a column that does not hold numbers named anywhere in the question.
 * - The measure is a column named in the rest of the question; sum and average take numeric
 *   columns only. The aggregate is the one the question names among its words outside the
 *   columns' names; none named: the sum of a named measure, else the rows are counted. A total
 *   of no measure ("the total packages by section") counts rows; an average, a minimum or a
 *   maximum of nothing is not a question this can answer.
 * - A table is chosen when the question names it or a measure of it; the best-scored wins.
 */
import {
  aggregateFits,
  isNumericColumnType,
  type DbAggregate,
  type DbQueryBuilt,
  type DbTable,
} from '../../../contract/db-sources';
import {
  aggregateWordPlaces,
  aggregatesNamed,
  groupingPlaces,
  joinsNames,
  nameStems,
  type QuestionWord,
  type ReadQuestion,
  yearNamed,
} from './question-words';

/** Units written into column names: they say how a value is measured, not what it is. */
const UNITS = new Set(
  (
    'b byte bytes kb kib mb mib gb gib tb tib bps ms msec sec secs s min mins h hr hrs ' +
    'pct percent perc usd eur gbp jpy chf cad aud kg g mg lb lbs oz km m cm mm mi ft in ' +
    'qt l ml pcs num nr no'
  ).split(' '),
);
/** Abbreviations spelt out, so that a question's full word finds them. */
const ABBREVIATIONS: Record<string, string> = {
  qty: 'quantity',
  amt: 'amount',
  cnt: 'count',
  dept: 'department',
  desc: 'description',
  cat: 'category',
  prod: 'product',
  cust: 'customer',
  addr: 'address',
  avg: 'average',
};

/** The parts of a name that say what it is: "installed_size_kb" -> installed, size. */
export function nameParts(name: string): string[] {
  const parts = name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u)
    .filter((p) => p.length > 0);
  const meaningful = parts.filter((p) => !UNITS.has(p) && !/^\d+$/.test(p));
  return (meaningful.length > 0 ? meaningful : parts).map((p) => ABBREVIATIONS[p] ?? p);
}

/** The same stem, or a cognate: five letters or more, the same first three, one letter apart. */
function stemsMeet(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5 || a.slice(0, 3) !== b.slice(0, 3)) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  // Levenshtein distance of at most one.
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const tail = (x: string, y: string) => x.slice(i + 1) === y.slice(i + 1);
  if (a.length === b.length) return tail(a, b);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

interface NameMatch {
  /** Parts of the name that the words name, of `parts`. */
  matched: number;
  parts: number;
  /** The question words that named it. */
  used: Set<number>;
}

/** How far `words` name `name`. */
export function matchName(
  name: string,
  words: readonly QuestionWord[],
  question: ReadQuestion,
): NameMatch {
  const parts = nameParts(name)
    .map((p) => nameStems(p, question))
    .filter((stems) => stems.size > 0);
  const used = new Set<number>();
  let matched = 0;
  for (const stems of parts) {
    const word = words.find((w) =>
      [...w.stems].some((s) => [...stems].some((t) => stemsMeet(s, t))),
    );
    if (!word) continue;
    matched += 1;
    used.add(word.at);
  }
  return { matched, parts: parts.length, used };
}

const full = (m: NameMatch) => m.parts > 0 && m.matched === m.parts;
/** Full names first, then the most parts named. */
const rank = (m: NameMatch) => (full(m) ? 100 : 0) + m.matched;

interface Choice {
  column: string;
  match: NameMatch;
  score: number;
}

interface Pick {
  /** Which columns may be chosen, by type and name. */
  fits: (type: string, name: string) => boolean;
  /** Accept a column named in part (after "by": "by department" for "dept_name"). */
  partial: boolean;
  /** Words that cannot name a column alone ("total" is no name for "total_price" alone). */
  weak?: ReadonlySet<number>;
  /** Among columns named as well, prefer these. */
  prefer?: (type: string) => boolean;
}

function best(
  table: DbTable,
  words: readonly QuestionWord[],
  question: ReadQuestion,
  pick: Pick,
): Choice | null {
  let found: Choice | null = null;
  for (const column of table.columns) {
    if (!pick.fits(column.type, column.name)) continue;
    const match = matchName(column.name, words, question);
    if (match.matched === 0) continue;
    if (!full(match) && !pick.partial) continue;
    if (!full(match) && [...match.used].every((at) => pick.weak?.has(at))) continue;
    const score = rank(match) + (pick.prefer?.(column.type) ? 0.5 : 0);
    if (!found || score > found.score) found = { column: column.name, match, score };
  }
  return found;
}

interface QuestionPlan {
  plan: DbQueryBuilt;
  /** How well the question names the table and its columns; the best table wins. */
  score: number;
}

/** The name starting at or after `from`: up to the next stop word, four words at most. */
function nameRun(words: readonly QuestionWord[], from: number): QuestionWord[] {
  const after = words.slice(from);
  const start = after.findIndex((w) => w.stems.size > 0);
  if (start < 0) return [];
  const end = after.findIndex((w, i) => i > start && w.stems.size === 0);
  return after.slice(start, Math.min(end < 0 ? after.length : end, start + 4));
}

/**
 * The words after each grouping word: the name that follows it ("by hire year"), up to the
 * next stop word ("by section of the packages" is by section), and a second name joined to it
 * ("by region and quarter"), as the explorer would group by two columns.
 */
function groupingWords(question: ReadQuestion): QuestionWord[][] {
  const lists: QuestionWord[][] = [];
  for (const at of groupingPlaces(question)) {
    const first = nameRun(question.words, at + 1);
    if (first.length === 0) continue;
    lists.push(first);
    const joint = question.words[(first.at(-1)?.at ?? at) + 1];
    if (!joint || !joinsNames(question, joint)) continue;
    const second = nameRun(question.words, joint.at + 1);
    if (second.length > 0 && second[0].at === joint.at + 1) lists.push(second);
  }
  return lists;
}

/** Parts of a column's name saying it holds a year ("year", "fiscal_year", "año", "Jahr"). */
const YEAR_PARTS = new Set(['year', 'yr', 'ano', 'anio', 'annee', 'jahr', 'سنة', 'عام']);
const DATE_TYPE = /^(date|datetime|timestamp)/i;

/**
 * "2025 sales": the rows of that year only, through a column holding years (named for them) or
 * a date column; the first such column that is not a grouping. None: no filter, and the year is
 * no more than a word.
 */
function yearFilter(
  question: ReadQuestion,
  table: DbTable,
  groupings: readonly string[],
): DbQueryBuilt['in_year'] {
  const year = yearNamed(question);
  if (year === null) return undefined;
  const fits = (c: DbTable['columns'][number]) =>
    !groupings.includes(c.name) &&
    (nameParts(c.name).some((p) => YEAR_PARTS.has(foldYear(p))) || DATE_TYPE.test(c.type));
  const named =
    table.columns.find((c) => fits(c) && !DATE_TYPE.test(c.type)) ?? table.columns.find(fits);
  return named ? { column: named.name, year } : undefined;
}
const foldYear = (part: string) => part.normalize('NFD').replace(/\p{M}/gu, '');

/** An identifier ("id", "order_id", "customerId"): a number, but never a measure. */
const isIdentifier = (name: string) => /(^|[^a-z])id$|[a-z]Id$/.test(name) || /^id$/i.test(name);

/** The grouped query `question` asks of `table`, or null when it does not describe one. */
function planQuestion(question: ReadQuestion, table: DbTable): QuestionPlan | null {
  const typeOf = new Map(table.columns.map((c) => [c.name, c.type]));
  const text = (type: string) => !isNumericColumnType(type);
  let group: Choice | null = null;
  // Every grouping named, in the question's order; the best one leads, a second one is kept.
  const named: Choice[] = [];
  for (const words of groupingWords(question)) {
    const found = best(table, words, question, { fits: () => true, partial: true, prefer: text });
    if (!found) continue;
    if (!named.some((c) => c.column === found.column)) named.push(found);
    if (!group || found.score > group.score) group = found;
  }
  const series = named.find((c) => c.column !== group?.column) ?? null;
  const rest = question.words.filter(
    (w) => !group?.match.used.has(w.at) && !series?.match.used.has(w.at),
  );
  const wanted = aggregatesNamed(question, () => true)[0]?.aggregate;
  // A measure fitting the aggregate named: numbers, except for a minimum or a maximum.
  const anyType = wanted === 'min' || wanted === 'max';
  const measure = best(table, rest, question, {
    fits: (type, name) =>
      name !== group?.column &&
      name !== series?.column &&
      !isIdentifier(name) &&
      (anyType || isNumericColumnType(type)),
    partial: true,
    weak: aggregateWordPlaces(question),
    prefer: isNumericColumnType,
  });
  group ??= best(
    table,
    question.words.filter((w) => !measure?.match.used.has(w.at)),
    question,
    { fits: (type, name) => text(type) && name !== measure?.column, partial: false },
  );
  if (!group) return null;
  const inNames = new Set([
    ...group.match.used,
    ...(series?.match.used ?? []),
    ...(measure?.match.used ?? []),
  ]);
  const aggregates = aggregatesNamed(question, (w) => !inNames.has(w.at));
  const asked = aggregates[0] ?? null;
  const tableName = table.name.split('.').pop() ?? table.name;
  const tableMatch = matchName(tableName, question.words, question);
  // "The total number of packages": rows are counted whatever comes first.
  const counted = !measure && aggregates.some((a) => a.aggregate === 'count');
  const aggregate = chosenAggregate(
    counted ? 'count' : (asked?.aggregate ?? null),
    measure !== null,
    totalOfRows(question, asked, tableMatch),
  );
  if (!aggregate) return null;
  const measureName = aggregate === 'count' ? undefined : measure?.column;
  if (measureName && !aggregateFits(aggregate, typeOf.get(measureName) ?? '')) return null;
  if (!full(tableMatch) && !measureName) return null;
  // The groupings in the order the question names them ("by region and quarter").
  const [first, second] = series
    ? named.indexOf(series) < named.indexOf(group)
      ? [series, group]
      : [group, series]
    : [group, null];
  const inYear = yearFilter(
    question,
    table,
    [first.column, second?.column ?? '', measureName ?? ''].filter(Boolean),
  );
  return {
    plan: {
      table: table.name,
      group_by: first.column,
      aggregate,
      ...(measureName ? { measure: measureName } : {}),
      ...(second ? { series_by: second.column } : {}),
      ...(inYear ? { in_year: inYear } : {}),
    },
    score:
      group.score +
      (series ? series.score : 0) +
      (measureName && measure ? measure.score : 0) +
      (full(tableMatch) ? 50 : 0),
  };
}

/** "The total packages by section": a total whose next word names the table counts its rows. */
function totalOfRows(
  question: ReadQuestion,
  asked: { aggregate: DbAggregate; at: number } | null,
  tableMatch: NameMatch,
): boolean {
  if (asked?.aggregate !== 'sum') return false;
  const next = question.words.slice(asked.at + 1).find((w) => w.stems.size > 0);
  return next !== undefined && tableMatch.used.has(next.at);
}

function chosenAggregate(
  asked: DbAggregate | null,
  hasMeasure: boolean,
  rowsTotalled: boolean,
): DbAggregate | null {
  if (asked === 'count') return 'count';
  if (!hasMeasure) return asked === null || rowsTotalled ? 'count' : null;
  return asked ?? 'sum';
}

/** The best plan among `tables`, or null when the question describes none. */
export function bestPlan(question: ReadQuestion, tables: readonly DbTable[]): QuestionPlan | null {
  let found: QuestionPlan | null = null;
  for (const table of tables) {
    const planned = planQuestion(question, table);
    if (planned && (!found || planned.score > found.score)) found = planned;
  }
  return found;
}
