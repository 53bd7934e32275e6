import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CForm } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { DB_SQL_MAX, type DbSource } from '@contract/db-sources';
import { TextareaField } from '@/components/textarea-field';
import { toApiErrorData } from '@/lib/http';
import { DbQueryResultView, queryFailureText } from './db-query-result';
import { useRunDbQueryMutation } from './db-sources-api';

/**
 * SQL typed by hand, for those who know the schema. It takes the same path as a picked query:
 * the same call and right (Query.QUERY_DOCUMENT in the source's department, besides the
 * Documents right to see the source), the read-only guard and every driver layer, and the
 * server's row cap (DB_SOURCE_ROW_CAP; the result says when rows were cut). A refusal names
 * its reason in the reader's language.
 */
export function DbSqlBox({ source }: { source: DbSource }) {
  const { t } = useTranslation(['db-sources', 'errors']);
  const [sql, setSql] = useState('');
  const [run, result] = useRunDbQueryMutation();

  function onRun(event: FormEvent) {
    event.preventDefault();
    if (!sql.trim()) return;
    void run({ id: source.id, body: { sql } });
  }

  return (
    <div className="mt-4">
      <CForm onSubmit={onRun}>
        <TextareaField
          label={t('sql.label')}
          hint={t('sql.hint')}
          value={sql}
          rows={4}
          maxLength={DB_SQL_MAX}
          spellCheck={false}
          style={{ fontFamily: 'var(--bs-font-monospace)' }}
          onChange={(e) => setSql(e.target.value)}
        />
        <CButton
          type="submit"
          color="primary"
          className="mb-3"
          disabled={!sql.trim() || result.isLoading}
        >
          {t('sql.run')}
        </CButton>
      </CForm>
      {result.error && (
        <CAlert color="danger" role="alert" data-testid="db-sql-error">
          {queryFailureText(t, toApiErrorData(result.error))}
        </CAlert>
      )}
      {result.data && !result.error && (
        <DbQueryResultView result={result.data} testId="db-sql-result" chartTestId="db-sql-chart" />
      )}
    </div>
  );
}
