import {
  CBadge,
  CButton,
  CFormCheck,
  CSpinner,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus, KnowledgeDocument } from '@contract/knowledge';
import { formatDateTime } from '@/lib/dates';
import { badgeTone, type Tone } from './badge-tone';
import { formatBytes } from './format';

export interface DocumentsTableProps {
  caption: string;
  documents: KnowledgeDocument[];
  /** Ids that may be selected (the person may delete them); no column when none may. */
  selectable: (doc: KnowledgeDocument) => boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  actions: RowActions;
}

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

/** The repository's rows (issue 5): name, type, size, department, who and when, status. */
export function DocumentsTable(props: DocumentsTableProps) {
  const { t, i18n } = useTranslation('knowledge');
  const { documents, selected, onSelect } = props;
  const selectableIds = documents.filter(props.selectable).map((d) => d.id);
  const withSelection = selectableIds.length > 0;
  const { actions } = props;
  const withActions = documents.some((d) => actions.canResync(d) || actions.canDownload(d));
  const allSelected = withSelection && selectableIds.every((id) => selected.has(id));

  return (
    <CTable responsive hover align="middle">
      <caption className="visually-hidden">{props.caption}</caption>
      <CTableHead>
        <CTableRow>
          {withSelection && (
            <CTableHeaderCell scope="col" style={{ width: '2.5rem' }}>
              <CFormCheck
                aria-label={t('repository.selectAll')}
                checked={allSelected}
                onChange={(e) => onSelect(selectableIds, e.target.checked)}
              />
            </CTableHeaderCell>
          )}
          <CTableHeaderCell scope="col">{t('fields.name')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fields.type')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fields.size')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fields.department')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fields.uploaded')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fields.status')}</CTableHeaderCell>
          {withActions && (
            <CTableHeaderCell scope="col">
              <span className="visually-hidden">{t('actions')}</span>
            </CTableHeaderCell>
          )}
        </CTableRow>
      </CTableHead>
      <CTableBody>
        {documents.map((d) => (
          <CTableRow key={d.id} data-testid="document-row" data-document-id={d.id}>
            {withSelection && (
              <CTableDataCell>
                {props.selectable(d) && (
                  <CFormCheck
                    aria-label={t('repository.selectNamed', { name: d.name })}
                    checked={selected.has(d.id)}
                    onChange={(e) => onSelect([d.id], e.target.checked)}
                  />
                )}
              </CTableDataCell>
            )}
            <CTableHeaderCell
              scope="row"
              className="fw-normal text-break"
              style={{ minWidth: 160, maxWidth: 360 }}
            >
              {d.is_url && isWebAddress(d.name) ? (
                <a href={d.name} target="_blank" rel="noopener noreferrer">
                  {d.name}
                </a>
              ) : (
                d.name
              )}
              {d.summary && (
                <details className="small mt-1">
                  <summary>{t('repository.summary')}</summary>
                  <p className="mb-0 mt-1 text-body-secondary" style={{ whiteSpace: 'pre-line' }}>
                    {d.summary}
                  </p>
                </details>
              )}
            </CTableHeaderCell>
            <CTableDataCell className="text-uppercase small">{d.type}</CTableDataCell>
            <CTableDataCell className="text-nowrap">
              {d.size_bytes > 0 ? <bdi>{formatBytes(d.size_bytes, i18n.language)}</bdi> : '—'}
            </CTableDataCell>
            <CTableDataCell>{d.department_name}</CTableDataCell>
            <CTableDataCell className="small">
              <div>{d.uploaded_by?.name ?? t('repository.unknownUploader')}</div>
              <div className="text-body-secondary text-nowrap">
                {formatDateTime(d.uploaded_at, { locale: i18n.language })}
              </div>
            </CTableDataCell>
            <CTableDataCell>
              <StatusBadge status={d.status} />
              {d.status === 'failed' && d.error && (
                <div className="small text-danger-emphasis mt-1">{d.error}</div>
              )}
            </CTableDataCell>
            {withActions && (
              <CTableDataCell className="text-nowrap">
                <RowButtons doc={d} actions={actions} />
              </CTableDataCell>
            )}
          </CTableRow>
        ))}
      </CTableBody>
    </CTable>
  );
}

function RowButtons({ doc, actions }: { doc: KnowledgeDocument; actions: RowActions }) {
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

export function StatusBadge({ status }: { status: DocumentStatus }) {
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
