import type { ReactNode } from 'react';
import { CCard, CCardBody, CCol, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LIVE_REFRESH_MS } from '@contract/live-dashboard';
import type { LiveDashboard } from '@contract/live-dashboard-schema';
import { useLiveDashboardQuery } from './dashboard-api';
import { Sparkline } from './sparkline';

export interface LiveLinks {
  analytics: string;
  /** The repository listing documents named so. */
  repositorySearch: (name: string) => string;
  /** The repository with the failed documents first. */
  failedDocuments: string;
  serviceAgent: (clientId: string) => string;
}

function Tile({ label, value, extra }: { label: string; value: string; extra?: ReactNode }) {
  return (
    <CCard className="h-100">
      <CCardBody>
        <div className="text-body-secondary small">{label}</div>
        <div className="d-flex align-items-end justify-content-between gap-2">
          <span className="fs-4 fw-semibold">{value}</span>
          {extra}
        </div>
      </CCardBody>
    </CCard>
  );
}

function Conversations({
  data,
  links,
}: {
  data: NonNullable<LiveDashboard['conversations']>;
  links: LiveLinks;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const week = data.daily.map((d) => d.count);
  return (
    <>
      <CCol>
        <Tile label={t('live.today')} value={n(data.today)} />
      </CCol>
      <CCol>
        <Tile
          label={t('live.week')}
          value={n(data.week)}
          extra={
            <Sparkline values={week} label={t('live.sparkline', { values: week.join(', ') })} />
          }
        />
      </CCol>
      <CCol>
        <Tile label={t('live.p95')} value={t('live.ms', { value: n(data.answer_p95_ms) })} />
      </CCol>
      <CCol>
        <Tile
          label={t('live.satisfaction')}
          value={data.ratings ? `${n(data.satisfaction_score)} %` : '—'}
          extra={
            <Link to={links.analytics} className="small">
              {t('live.analytics')}
            </Link>
          }
        />
      </CCol>
    </>
  );
}

function Documents({
  data,
  links,
}: {
  data: NonNullable<LiveDashboard['documents']>;
  links: LiveLinks;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <CCol xs={12} lg={6}>
      <CCard className="h-100">
        <CCardBody>
          <h3 className="h6">{t('live.documents')}</h3>
          <p className="mb-2">
            {t('live.ready', { value: data.ready })} ·{' '}
            {t('live.processing', { value: data.processing })} ·{' '}
            {data.failed ? (
              <Link to={links.failedDocuments} className="text-danger">
                {t('live.failed', { value: data.failed })}
              </Link>
            ) : (
              t('live.failed', { value: data.failed })
            )}
          </p>
          {data.latest_failures.length > 0 && (
            <>
              <h4 className="h6 small text-body-secondary">{t('live.latestFailures')}</h4>
              <ul className="list-unstyled mb-0">
                {data.latest_failures.map((f) => (
                  <li key={f.id} className="text-truncate">
                    <Link to={links.repositorySearch(f.name)}>{f.name}</Link>
                    {f.error && <span className="text-body-secondary small"> — {f.error}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </CCardBody>
      </CCard>
    </CCol>
  );
}

function Widgets({
  data,
  links,
}: {
  data: NonNullable<LiveDashboard['widgets']>;
  links: LiveLinks;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <CCol xs={12} lg={6}>
      <CCard className="h-100">
        <CCardBody>
          <h3 className="h6">{t('live.widgets')}</h3>
          {data.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('live.noVisitors')}</p>
          ) : (
            <ol className="mb-0">
              {data.map((w) => (
                <li key={w.client_id}>
                  <Link to={links.serviceAgent(w.client_id)}>{w.client_name}</Link>{' '}
                  <span className="text-body-secondary small">
                    {t('live.visitors', { value: w.visitors })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CCardBody>
      </CCard>
    </CCol>
  );
}

/** The signed-in person's live figures: only the parts their rights open. */
export function LiveFigures({ links }: { links: LiveLinks }) {
  const { t } = useTranslation('dashboard');
  const { data } = useLiveDashboardQuery(undefined, { pollingInterval: LIVE_REFRESH_MS });
  if (!data || (!data.conversations && !data.documents && !data.widgets)) return null;
  return (
    <section aria-labelledby="live-figures" className="mb-4" data-testid="live-figures">
      <h2 id="live-figures" className="h5 mb-3">
        {t('live.title')}
      </h2>
      {data.conversations && (
        <CRow className="g-3 mb-3" xs={{ cols: 1 }} sm={{ cols: 2 }} xl={{ cols: 4 }}>
          <Conversations data={data.conversations} links={links} />
        </CRow>
      )}
      <CRow className="g-3">
        {data.documents && <Documents data={data.documents} links={links} />}
        {data.widgets && <Widgets data={data.widgets} links={links} />}
      </CRow>
    </section>
  );
}
