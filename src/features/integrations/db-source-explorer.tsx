import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CCol, CForm, CRow, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import {
  aggregateFits,
  DB_AGGREGATES,
  type DbAggregate,
  type DbColumn,
  type DbSource,
} from '@contract/db-sources';
import { SectionCard } from '@/components/record-details';
import { SelectField } from '@/components/select-field';
import { toApiErrorData } from '@/lib/http';
import { DbQueryResultView, queryFailureText } from './db-query-result';
import { useDbTablesQuery, useRunDbQueryMutation } from './db-sources-api';
import { DbSqlBox } from './db-sql-box';

/**
 * An active source's tables and columns, a query built by picking a table, a grouping and an
 * aggregate (its rows as a table and the server's Vega-Lite chart), and a read-only SQL box.
 * Sum and average are offered on numeric columns only, by the types the source reported.
 */
export function DbSourceExplorer({ source }: { source: DbSource }) {
  const { t } = useTranslation(['db-sources', 'errors']);
  const tables = useDbTablesQuery(source.id, { skip: !source.is_active });
  const [run, result] = useRunDbQueryMutation();
  const [pick, setPick] = useState({ table: '', group_by: '', aggregate: 'count', measure: '' });
  const list = tables.data?.tables ?? [];
  const table = list.find((x) => x.name === pick.table) ?? list[0];
  const columns = table?.columns ?? [];
  const groupBy = pick.group_by || columns[0]?.name || '';
  const fits = (a: DbAggregate) => (c: DbColumn) => c.name !== groupBy && aggregateFits(a, c.type);
  const aggregates = DB_AGGREGATES.filter((a) => a === 'count' || columns.some(fits(a)));
  // A table without numbers offers no sum: the pick falls back to counting.
  const picked = pick.aggregate as DbAggregate;
  const aggregate = aggregates.includes(picked) ? picked : 'count';
  const needsMeasure = aggregate !== 'count';
  const measures = columns.filter(fits(aggregate));

  function onAggregate(next: DbAggregate) {
    const kept = columns.find((c) => c.name === pick.measure);
    const measure = kept && fits(next)(kept) ? kept.name : '';
    setPick({ ...pick, aggregate: next, measure });
  }

  function onRun(event: FormEvent) {
    event.preventDefault();
    if (!table) return;
    const measure = pick.measure || measures[0]?.name;
    void run({
      id: source.id,
      body: {
        table: table.name,
        group_by: groupBy,
        aggregate,
        ...(needsMeasure && measure ? { measure } : {}),
      },
    });
  }

  if (!source.is_active)
    return (
      <SectionCard heading={t('explore')}>
        <p className="text-body-secondary mb-0">{t('inactiveHint')}</p>
      </SectionCard>
    );
  const failure = tables.error ?? result.error;
  return (
    <SectionCard heading={t('explore')}>
      {tables.isLoading && <CSpinner size="sm" aria-label={t('loadingTables')} />}
      {failure && (
        <CAlert color="danger" role="alert">
          {queryFailureText(t, toApiErrorData(failure))}
        </CAlert>
      )}
      {list.length > 0 && (
        <details className="mb-3" data-testid="db-tables">
          <summary>{t('tablesCount', { count: list.length })}</summary>
          <ul className="small mt-2">
            {list.map((x) => (
              <li key={x.name}>
                <strong>{x.name}</strong>:{' '}
                {x.columns.map((c) => `${c.name} (${c.type})`).join(', ')}
              </li>
            ))}
          </ul>
        </details>
      )}
      <CForm onSubmit={onRun}>
        <CRow className="g-2 align-items-end">
          <CCol xs={12} sm={6} xxl={3}>
            <SelectField
              label={t('query.table')}
              value={table?.name ?? ''}
              title={table?.name}
              onChange={(e) =>
                setPick({ ...pick, table: e.target.value, group_by: '', measure: '' })
              }
            >
              {list.map((x) => (
                <option key={x.name}>{x.name}</option>
              ))}
            </SelectField>
          </CCol>
          <CCol xs={12} sm={6} xxl={3}>
            <SelectField
              label={t('query.groupBy')}
              value={groupBy}
              title={groupBy || undefined}
              onChange={(e) => setPick({ ...pick, group_by: e.target.value, measure: '' })}
            >
              {columns.map((c) => (
                <option key={c.name}>{c.name}</option>
              ))}
            </SelectField>
          </CCol>
          <CCol xs={12} sm={6} xxl={3}>
            <SelectField
              label={t('query.aggregate')}
              value={aggregate}
              onChange={(e) => onAggregate(e.target.value as DbAggregate)}
            >
              {aggregates.map((a) => (
                <option key={a} value={a}>
                  {t(`aggregates.${a}`)}
                </option>
              ))}
            </SelectField>
          </CCol>
          <CCol xs={12} sm={6} xxl={3}>
            <SelectField
              label={t('query.measure')}
              value={pick.measure}
              // A long column name ("installed_size_kb") stays readable where the select is narrow.
              title={pick.measure || undefined}
              disabled={!needsMeasure}
              onChange={(e) => setPick({ ...pick, measure: e.target.value })}
            >
              <option value="">{t('query.chooseMeasure')}</option>
              {measures.map((c) => (
                <option key={c.name}>{c.name}</option>
              ))}
            </SelectField>
          </CCol>
        </CRow>
        <CButton
          type="submit"
          color="primary"
          className="mb-3"
          disabled={!table || result.isLoading}
        >
          {t('query.run')}
        </CButton>
      </CForm>
      {result.data && (
        <DbQueryResultView
          result={result.data}
          testId="db-query-result"
          chartTestId="db-query-chart"
        />
      )}
      <DbSqlBox source={source} />
    </SectionCard>
  );
}
