/**
 * Words of a question, a table name or a column header, normalised so they can be compared:
 * lower case, accents kept, underscores/dashes/camelCase split, simple plurals folded
 * ("regions" = "region", "categories" = "category", "boxes" = "box").
 */

const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does for from give how i in is it its me my of on or ' +
    'our per please show shows showing the their them this to us was we were what which who ' +
    'with would you your each every all make draw create display across over into vs versus ' +
    'chart charts plot plots graph graphs visual visualise visualize diagram trend trends ' +
    'share distribution proportion percentage breakdown pie bar bars line lines scatter ' +
    'sum average mean avg many much'
  ).split(' '),
);

/** Folds a plural to its singular the simple way; good enough for column headers. */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(xes|ches|shes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Every word, normalised and in order (stop words included). */
export function words(text: string): string[] {
  return text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map(singular);
}

/** The words that can name a table or a column (stop words and one-letter words dropped). */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
}

const STRONG_CHART =
  /\b(chart|charts|plot|plotted|plotting|graph|graphs|visuali[sz]e|visuali[sz]ation|diagram|histogram|pie|bar chart|line chart|scatter|trend|trends|over time|distribution|share of|proportion|percentage of|breakdown)\b/i;
const WEAK_CHART = /\b(by|per|for each|across|compare|comparison)\b/i;

type ChartIntent = 'strong' | 'weak' | 'none';

/** Does the question ask for a chart? 'weak' words (by, per) only count with a table match. */
export function chartIntent(question: string): ChartIntent {
  if (STRONG_CHART.test(question)) return 'strong';
  if (WEAK_CHART.test(question)) return 'weak';
  return 'none';
}

export type ChartKind = 'bar' | 'line' | 'point' | 'arc';

/** The chart type the words ask for, if they name one. */
export function askedChartType(question: string): ChartKind | null {
  const q = question.toLowerCase();
  if (/\b(pie|donut|doughnut|share|proportion|percentage|breakdown|composition)\b/.test(q))
    return 'arc';
  if (/\b(scatter|correlat\w*)\b/.test(q)) return 'point';
  if (/\b(line chart|line graph|trend|trends|over time|timeline|evolution)\b/.test(q))
    return 'line';
  if (/\b(bar|bars|histogram|column chart)\b/.test(q)) return 'bar';
  return null;
}

export type Aggregate = 'sum' | 'mean' | 'count' | 'min' | 'max';

export function askedAggregate(question: string): Aggregate | null {
  const q = question.toLowerCase();
  if (/\b(average|mean|avg)\b/.test(q)) return 'mean';
  if (/\b(how many|number of|count)\b/.test(q)) return 'count';
  if (/\b(max|maximum|highest|largest|peak)\b/.test(q)) return 'max';
  if (/\b(min|minimum|lowest|smallest)\b/.test(q)) return 'min';
  if (/\b(total|sum)\b/.test(q)) return 'sum';
  return null;
}

/** The words right after "by", "per", "over", "for each", "across": the category asked for. */
export function groupingWords(question: string): string[] {
  const match = /\b(?:by|per|over|for each|across|against)\s+([\p{L}\p{N}_ -]{1,60})/iu.exec(
    question,
  );
  if (!match) return [];
  return contentWords(match[1]).slice(0, 3);
}
