import { useTranslation } from 'react-i18next';
import type { DbQueryResult } from '@contract/db-sources';
import { ResultTable } from '@/components/result-table';
import { errorText, type Translate } from '@/lib/error-text';
import type { ApiErrorData } from '@/lib/http';

/** The chart the server drew, shown as an image: an SVG in <img> runs no script. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * A failed query in the reader's language: the code's text, then why, from the fields the
 * server names (`db-sources:refusal.not_select`, `db-sources:failure.database_denied`, …).
 */
export function queryFailureText(t: Translate, error: ApiErrorData): string {
  const reasons = error.fields
    .filter((f) => f.message.startsWith('db-sources:'))
    .map((f) => t(f.message));
  return [errorText(t, error), ...reasons].join(' ');
}

/** A query's rows as a table, under the server-drawn chart when the rows chart. */
export function DbQueryResultView({
  result,
  testId,
  chartTestId,
}: {
  result: DbQueryResult;
  testId: string;
  chartTestId: string;
}) {
  const { t } = useTranslation('db-sources');
  return (
    <div data-testid={testId}>
      <p className="small text-body-secondary">
        {t('query.summary', { count: result.rows.length, ms: result.elapsed_ms })}
        {result.truncated && ` ${t('query.truncated')}`}
      </p>
      {result.svg && (
        <img
          className="img-fluid mb-3"
          src={svgSource(result.svg)}
          alt={t('query.chartAlt', { sql: result.sql })}
          data-testid={chartTestId}
        />
      )}
      <ResultTable columns={result.columns} rows={result.rows} caption={result.sql} />
    </div>
  );
}
