import { CButton, CCard, CCardBody, CCardHeader, CCloseButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { SourceNoteText } from '@contract/knowledge-texts';
import { errorText, type Translate } from '@/lib/error-text';
import { formatNumber } from '@/lib/numbers';
import type { SourceState } from './chat-state';
import { useSourceNotesQuery } from './source-notes-api';

/** A note's text: `count` picks the language's plural form, the other numbers are written out. */
function noteText(t: Translate, language: string, note: SourceNoteText): string {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(note.params))
    options[key] = key === 'count' ? Number(value) : formatNumber(Number(value), language);
  return t(`chat:sourceNotes.${note.code}`, options);
}

/**
 * The cited document beside the conversation: the pdf from GET /download/{id} as an object URL
 * (pdfUrl), opened at the cited page with the viewer's #page= fragment.
 */
export function SourceViewer({
  pdfUrl,
  source,
  onClose,
}: {
  pdfUrl: string | null;
  source: SourceState;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  const shown = source.status === 'succeeded' && source.documentId !== null;
  // Notes are a side remark: the pdf is shown whether or not they come.
  const notes = useSourceNotesQuery(source.documentId ?? 0, { skip: !shown }).data?.notes ?? [];
  const heading =
    source.page !== null
      ? t('source.pageOf', { name: source.documentName, page: source.page })
      : source.documentName;
  const address = pdfUrl ? `${pdfUrl}#page=${source.page ?? 1}` : null;
  return (
    <CCard className="chat-source" role="region" aria-label={t('source.heading')}>
      <CCardHeader className="d-flex align-items-center gap-2">
        <h2 className="h6 mb-0 flex-grow-1 text-break">{heading}</h2>
        {address && (
          <a className="small" href={address} target="_blank" rel="noopener noreferrer">
            {t('references.open')}
          </a>
        )}
        <CCloseButton aria-label={t('source.close')} onClick={onClose} />
      </CCardHeader>
      <CCardBody className="p-0 d-flex flex-column">
        {source.status === 'loading' && (
          <div className="p-3 mb-0" role="status">
            <CSpinner size="sm" className="me-2" aria-hidden="true" />
            {t('source.loading')}
          </div>
        )}
        {source.status === 'failed' && (
          <div className="p-3" role="alert">
            <p className="text-danger">
              {t('source.failed', { message: errorText(t, source.error) })}
            </p>
            <CButton size="sm" color="secondary" variant="outline" onClick={onClose}>
              {t('source.close')}
            </CButton>
          </div>
        )}
        {shown && notes.length > 0 && (
          <ul
            className="list-unstyled small text-body-secondary px-3 pt-2 mb-0"
            data-testid="source-notes"
          >
            {notes.map((note) => (
              <li key={note.code}>{noteText(t, i18n.language, note)}</li>
            ))}
          </ul>
        )}
        {address && source.status === 'succeeded' && (
          <iframe
            key={address}
            className="chat-source-frame"
            src={address}
            title={t('source.frameTitle', { name: source.documentName })}
          />
        )}
      </CCardBody>
    </CCard>
  );
}
