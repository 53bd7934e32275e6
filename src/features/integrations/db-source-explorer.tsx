import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CCol, CForm, CRow, CSpinner, CTable } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { DB_AGGREGATES, type DbAggregate, type DbSource } from '@contract/db-sources';
import { SectionCard } from '@/components/record-details';
import { SelectField } from '@/components/select-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { useDbTablesQuery, useRunDbQueryMutation } from './db-sources-api';

/** The chart the server drew, shown as an image: an SVG in <img> runs no script. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * An active source's tables and columns, and a query built by picking a table, a grouping and
 * an aggregate; its rows as a table and the server's Vega-Lite chart.
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
  const needsMeasure = pick.aggregate !== 'count';

  function onRun(event: FormEvent) {
    event.preventDefault();
    if (!table) return;
    const measure = pick.measure || columns.find((c) => c.name !== groupBy)?.name;
    void run({
      id: source.id,
      body: {
        table: table.name,
        group_by: groupBy,
        aggregate: pick.aggregate as DbAggregate,
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
          {errorText(t, toApiErrorData(failure))}
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
          <CCol md={3}>
            <SelectField
              label={t('query.table')}
              value={table?.name ?? ''}
              onChange={(e) =>
                setPick({ ...pick, table: e.target.value, group_by: '', measure: '' })
              }
            >
              {list.map((x) => (
                <option key={x.name}>{x.name}</option>
              ))}
            </SelectField>
          </CCol>
          <CCol md={3}>
            <SelectField
              label={t('query.groupBy')}
              value={groupBy}
              onChange={(e) => setPick({ ...pick, group_by: e.target.value })}
            >
              {columns.map((c) => (
                <option key={c.name}>{c.name}</option>
              ))}
            </SelectField>
          </CCol>
          <CCol md={3}>
            <SelectField
              label={t('query.aggregate')}
              value={pick.aggregate}
              onChange={(e) => setPick({ ...pick, aggregate: e.target.value })}
            >
              {DB_AGGREGATES.map((a) => (
                <option key={a} value={a}>
                  {t(`aggregates.${a}`)}
                </option>
              ))}
            </SelectField>
          </CCol>
          <CCol md={3}>
            <SelectField
              label={t('query.measure')}
              value={pick.measure}
              disabled={!needsMeasure}
              onChange={(e) => setPick({ ...pick, measure: e.target.value })}
            >
              <option value="">{t('query.chooseMeasure')}</option>
              {columns.map((c) => (
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
        <div data-testid="db-query-result">
          <p className="small text-body-secondary">
            {t('query.summary', { count: result.data.rows.length, ms: result.data.elapsed_ms })}
            {result.data.truncated && ` ${t('query.truncated')}`}
          </p>
          {result.data.svg && (
            <img
              className="img-fluid mb-3"
              src={svgSource(result.data.svg)}
              alt={t('query.chartAlt', { sql: result.data.sql })}
              data-testid="db-query-chart"
            />
          )}
          <CTable small striped responsive>
            <caption className="visually-hidden">{result.data.sql}</caption>
            <thead>
              <tr>
                {result.data.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.data.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j}>{cell === null ? '' : String(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </CTable>
        </div>
      )}
    </SectionCard>
  );
}
