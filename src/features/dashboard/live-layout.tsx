/**
 * The live figures' layout, drawn before the figures arrive and again once they have. The parts
 * a person gets are known from their rights (contract/live-parts.ts) at once, so each is drawn
 * with its final size from the first paint: the tiles with their labels and a placeholder where
 * the number goes, the two lists in panels of a fixed height. The figures then fill that room
 * exactly and nothing below moves (Lighthouse's cumulative layout shift stays 0).
 */
import type { ReactNode } from 'react';
import { CCard, CCardBody, CCol, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LiveParts } from '@contract/live-parts';
import type { LiveDashboard } from '@contract/live-dashboard-schema';
import { formatShare } from '@/lib/numbers';
import { Sparkline, SPARKLINE_SIZE } from './sparkline';

/*
 * Inline styles rather than a stylesheet: a stylesheet of the dashboard's own chunk would be one
 * more request before the first paint.
 */
/** A figure still loading: a grey bar on the baseline of the text that will replace it. */
const PENDING = {
  display: 'inline-block',
  maxWidth: '100%',
  borderRadius: '0.25rem',
  backgroundColor: 'currentcolor',
  opacity: 0.15,
} as const;
/**
 * The documents and widgets lists: a height that holds their title, a two-line summary and five
 * rows (LIVE_FAILURES, LIVE_WIDGETS), whatever arrives; anything longer scrolls inside.
 */
const PANEL = { height: '16.5rem', overflowY: 'auto' } as const;

export interface LiveLinks {
  analytics: string;
  /** The repository listing documents named so. */
  repositorySearch: (name: string) => string;
  /** The repository with the failed documents first. */
  failedDocuments: string;
  serviceAgent: (clientId: string) => string;
}

/**
 * A figure's room while it loads: an inline box holding a no-break space in the figure's own
 * font, so the text replacing it is exactly as high (no vertical-align: both sit on the baseline).
 */
function Pending({ width = '4em' }: { width?: string }) {
  return (
    <span style={{ ...PENDING, width }} aria-hidden="true">
      {'\u00a0'}
    </span>
  );
}

function Tile({ label, value, extra }: { label: string; value: ReactNode; extra?: ReactNode }) {
  return (
    <CCard className="h-100">
      <CCardBody>
        <div className="text-body-secondary small">{label}</div>
        <div className="d-flex align-items-end justify-content-between gap-2">
          <span className="fs-4 fw-semibold text-nowrap">{value}</span>
          {extra}
        </div>
      </CCardBody>
    </CCard>
  );
}

type Conversations = NonNullable<LiveDashboard['conversations']>;

function ConversationTiles({ data, links }: { data?: Conversations; links: LiveLinks }) {
  const { t, i18n } = useTranslation('dashboard');
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const week = data?.daily.map((d) => d.count) ?? [];
  const satisfaction = data && formatShare(data.satisfaction_score, data.ratings, i18n.language);
  return (
    <CRow className="g-3 mb-3" xs={{ cols: 1 }} sm={{ cols: 2 }} xl={{ cols: 4 }}>
      <CCol>
        <Tile label={t('live.today')} value={data ? n(data.today) : <Pending />} />
      </CCol>
      <CCol>
        <Tile
          label={t('live.week')}
          value={data ? n(data.week) : <Pending />}
          extra={
            data ? (
              <Sparkline values={week} label={t('live.sparkline', { values: week.join(', ') })} />
            ) : (
              <span style={{ ...PENDING, ...SPARKLINE_SIZE }} aria-hidden="true" />
            )
          }
        />
      </CCol>
      <CCol>
        <Tile
          label={t('live.p95')}
          value={data ? t('live.ms', { value: n(data.answer_p95_ms) }) : <Pending width="5em" />}
        />
      </CCol>
      <CCol>
        <Tile
          label={t('live.satisfaction')}
          value={satisfaction ?? <Pending />}
          extra={
            <Link to={links.analytics} className="small">
              {t('live.analytics')}
            </Link>
          }
        />
      </CCol>
    </CRow>
  );
}

/** A card of a fixed height: the list in it never resizes the page. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CCol xs={12} lg={6}>
      <CCard style={PANEL}>
        <CCardBody>
          <h3 className="h6">{title}</h3>
          {children}
        </CCardBody>
      </CCard>
    </CCol>
  );
}

function Documents({ data, links }: { data?: LiveDashboard['documents']; links: LiveLinks }) {
  const { t } = useTranslation('dashboard');
  if (!data)
    return (
      <Panel title={t('live.documents')}>
        <p className="mb-2">
          <Pending width="60%" />
        </p>
      </Panel>
    );
  return (
    <Panel title={t('live.documents')}>
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
    </Panel>
  );
}

function Widgets({ data, links }: { data?: LiveDashboard['widgets']; links: LiveLinks }) {
  const { t } = useTranslation('dashboard');
  let body: ReactNode;
  if (!data) body = <Pending width="60%" />;
  else if (data.length === 0)
    body = <p className="text-body-secondary mb-0">{t('live.noVisitors')}</p>;
  else
    body = (
      <ol className="mb-0">
        {data.map((w) => (
          <li key={w.client_id} className="text-truncate">
            <Link to={links.serviceAgent(w.client_id)}>{w.client_name}</Link>{' '}
            <span className="text-body-secondary small">
              {t('live.visitors', { value: w.visitors })}
            </span>
          </li>
        ))}
      </ol>
    );
  return <Panel title={t('live.widgets')}>{body}</Panel>;
}

/**
 * The live figures section: `parts` (from the person's rights) decides what is drawn; `data`,
 * once loaded, fills it in. Without data every figure shows its placeholder.
 */
export function LiveSection({
  parts,
  data,
  links,
}: {
  parts: LiveParts;
  data?: LiveDashboard;
  links: LiveLinks;
}) {
  const { t } = useTranslation('dashboard');
  // Once loaded, the answer decides (it follows the same rules as `parts`).
  const shown = data
    ? {
        conversations: Boolean(data.conversations),
        documents: Boolean(data.documents),
        widgets: Boolean(data.widgets),
      }
    : parts;
  if (!shown.conversations && !shown.documents && !shown.widgets) return null;
  return (
    <section
      aria-labelledby="live-figures"
      aria-busy={!data}
      className="mb-4"
      data-testid="live-figures"
    >
      <h2 id="live-figures" className="h5 mb-3">
        {t('live.title')}
      </h2>
      {shown.conversations && (
        <ConversationTiles data={data?.conversations ?? undefined} links={links} />
      )}
      {(shown.documents || shown.widgets) && (
        <CRow className="g-3">
          {shown.documents && <Documents data={data?.documents} links={links} />}
          {shown.widgets && <Widgets data={data?.widgets} links={links} />}
        </CRow>
      )}
    </section>
  );
}
