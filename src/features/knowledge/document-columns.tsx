import { CBadge, CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus, KnowledgeDocument } from '@contract/knowledge';
import type { DataColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/dates';
import type { Translate } from '@/lib/error-text';
import { badgeTone, type Tone } from './badge-tone';
import { DocumentProgressLine } from './document-progress';
import { formatBytes } from './format';
import { documentFailureText, summaryText } from './server-text';

export interface RowActions {
  /** Web entries the person may fetch again (Documents.UPDATE in the document's department). */
  canResync: (doc: KnowledgeDocument) => boolean;
  onResync: (doc: KnowledgeDocument) => void;
  /** Uploaded files whose original the person may download (Documents.VIEW). */
  canDownload: (doc: KnowledgeDocument) => boolean;
  onDownload: (doc: KnowledgeDocument) => void;
  /** The document an action is running for; its buttons wait. */
  busy: number | null;
}

const STATUS_TONES: Record<DocumentStatus, Tone> = {
  queued: 'secondary',
  processing: 'info',
  ready: 'success',
  failed: 'danger',
};

/** Only http(s) addresses become links; anything else is shown as text. */
const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

/**
 * The repository's columns: name, type, size, department, who and when, status. A
 * sitemap's name carries a button listing its pages (`onPages`).
 */
export function documentColumns(
  t: Translate,
  language: string,
  onPages?: (sitemap: KnowledgeDocument) => void,
): DataColumn<KnowledgeDocument>[] {
  return [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      className: 'fw-normal text-break',
      style: { minWidth: 160, maxWidth: 360 },
      cell: (d) => (
        <>
          {d.is_url && isWebAddress(d.name) ? (
            <a href={d.name} target="_blank" rel="noopener noreferrer">
              {d.name}
            </a>
          ) : (
            d.name
          )}
          {onPages && d.type === 'sitemap' && d.parent_id === null && (
            <div>
              <CButton color="link" size="sm" className="p-0" onClick={() => onPages(d)}>
                {t('repository.sitemapPages', { count: d.page_count ?? 0 })}
                <span className="visually-hidden">
                  {' '}
                  {t('repository.sitemapPagesOf', { name: d.name })}
                </span>
              </CButton>
            </div>
          )}
          {d.summary && (
            <details className="small mt-1">
              <summary>{t('repository.summary')}</summary>
              <p className="mb-0 mt-1 text-body-secondary" style={{ whiteSpace: 'pre-line' }}>
                {summaryText(t, language, d)}
              </p>
            </details>
          )}
        </>
      ),
    },
    {
      key: 'type',
      header: t('fields.type'),
      className: 'text-uppercase small',
      cell: (d) => d.type,
    },
    {
      key: 'size',
      header: t('fields.size'),
      className: 'text-nowrap',
      cell: (d) => (d.size_bytes > 0 ? <bdi>{formatBytes(d.size_bytes, language)}</bdi> : '—'),
    },
    { key: 'department', header: t('fields.department'), cell: (d) => d.department_name },
    {
      key: 'uploaded',
      header: t('fields.uploaded'),
      className: 'small',
      cell: (d) => (
        <>
          <div>{d.uploaded_by?.name ?? t('repository.unknownUploader')}</div>
          <div className="text-body-secondary text-nowrap">
            {formatDateTime(d.uploaded_at, { locale: language })}
          </div>
        </>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (d) => (
        <>
          <StatusBadge status={d.status} />
          <DocumentProgressLine doc={d} />
          {d.status === 'failed' && d.error && (
            <div className="small text-danger-emphasis mt-1" data-testid="document-error">
              {documentFailureText(t, language, d)}
            </div>
          )}
        </>
      ),
    },
  ];
}

export function RowButtons({ doc, actions }: { doc: KnowledgeDocument; actions: RowActions }) {
  const { t } = useTranslation('knowledge');
  const busy = actions.busy === doc.id;
  return (
    <div className="d-flex gap-2">
      {actions.canDownload(doc) && (
        <CButton
          size="sm"
          color="secondary"
          variant="outline"
          disabled={busy}
          aria-label={t('repository.downloadNamed', { name: doc.name })}
          onClick={() => actions.onDownload(doc)}
        >
          {t('repository.download')}
        </CButton>
      )}
      {actions.canResync(doc) && (
        <CButton
          size="sm"
          color="primary"
          variant="outline"
          disabled={busy}
          aria-label={t('repository.resyncNamed', { name: doc.name })}
          onClick={() => actions.onResync(doc)}
        >
          {t('repository.resync')}
        </CButton>
      )}
    </div>
  );
}

function StatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('knowledge');
  return (
    <CBadge className={badgeTone(STATUS_TONES[status])} data-testid="document-status">
      {status === 'processing' && (
        <CSpinner
          size="sm"
          className="me-1"
          style={{ width: '0.7rem', height: '0.7rem' }}
          aria-hidden="true"
        />
      )}
      {t(`documentStatus.${status}`)}
    </CBadge>
  );
}
