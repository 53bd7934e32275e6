/**
 * What a chart drawn from a database source shows, in words and in full: the sentence saying
 * which aggregate of which column by which grouping, from which source; the SQL that ran, folded
 * away; and the rows under the chart, in the explorer's table.
 */
import { useTranslation } from 'react-i18next';
import type { VisualRoute } from '@contract/chat';
import { ResultTable } from '@/components/result-table';

type DatabaseRoute = VisualRoute & {
  db_source: NonNullable<VisualRoute['db_source']>;
  db_result: NonNullable<VisualRoute['db_result']>;
};

export const fromDatabase = (route: VisualRoute | null | undefined): route is DatabaseRoute =>
  Boolean(route?.db_source && route.db_result);

/** A column's name as words: "installed_size_kb" -> "installed size kb". */
const spokenName = (name: string) =>
  name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();

/** "Sum of installed size kb by section, from Debian archive", in the reader's language. */
export function DatabaseChartSummary({ route }: { route: DatabaseRoute }) {
  const { t } = useTranslation('chat');
  const { plan } = route.db_result;
  const source = route.db_source.name;
  // "by region and quarter": both groupings, in the order the question named them.
  const group = plan?.series_by
    ? t('chart.database.both', {
        first: spokenName(plan.group_by),
        second: spokenName(plan.series_by),
      })
    : spokenName(plan?.group_by ?? '');
  const text = plan
    ? t(`chart.database.${plan.aggregate}`, {
        measure: spokenName(plan.measure ?? ''),
        group,
        source,
      })
    : t('chart.database.written', { source });
  const year = plan?.in_year ? ` ${t('chart.database.inYear', { year: plan.in_year })}` : '';
  return (
    <p className="mb-1" data-testid="chart-summary">
      {text}
      {year}
    </p>
  );
}

/** The SQL behind the chart (folded) and its rows. */
export function DatabaseChartDetails({ route }: { route: DatabaseRoute }) {
  const { t } = useTranslation('chat');
  const { sql, columns, rows, truncated } = route.db_result;
  return (
    <div className="mt-2">
      <details className="mb-2">
        <summary className="small">{t('chart.database.sql')}</summary>
        <pre className="small bg-body-tertiary p-2 mb-0 text-wrap" dir="ltr">
          <code>{sql}</code>
        </pre>
      </details>
      <ResultTable
        columns={columns}
        rows={rows}
        caption={t('chart.database.rows')}
        testId="chart-rows"
      />
      {truncated && (
        <p className="small text-body-secondary mb-0">
          {t('chart.database.truncated', { count: rows.length })}
        </p>
      )}
    </div>
  );
}
