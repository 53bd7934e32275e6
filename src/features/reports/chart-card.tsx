import type { ReactNode } from 'react';
import { CCard, CCardBody, CCardHeader } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useThemeKey } from './chart-colours';

interface DataTableAlternative {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A report card: its chart, drawn for the eye (hidden from screen readers, which read the
 * summary), and the same figures as a table under "Show as table".
 */
export function ChartCard({
  title,
  summary,
  chart,
  table,
  children,
}: {
  title: string;
  summary: string;
  chart?: ReactNode;
  table: DataTableAlternative;
  children?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const themeKey = useThemeKey();
  return (
    <CCard className="h-100">
      <CCardHeader as="h2" className="h6 mb-0">
        {title}
      </CCardHeader>
      <CCardBody>
        {children}
        {chart && (
          <>
            <div key={themeKey} className="report-chart" aria-hidden="true">
              {chart}
            </div>
            <p className="visually-hidden">{summary}</p>
          </>
        )}
        <details className="mt-2">
          <summary>{t('showTable')}</summary>
          <div className="table-responsive">
            <table className="table table-sm mt-2">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) => (
                      <td key={j}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </CCardBody>
    </CCard>
  );
}

/** One headline figure. */
export function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <CCard className="h-100">
      <CCardBody>
        <div className="text-body-secondary small">{label}</div>
        <div className="fs-4 fw-semibold" data-testid={testId}>
          {value}
        </div>
      </CCardBody>
    </CCard>
  );
}
