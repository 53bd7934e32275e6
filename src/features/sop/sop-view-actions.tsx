import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SopDocument, SopFile } from '@contract/sop';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { type SopPdfRef, useSopPdfUrlMutation } from './sop-api';

/**
 * Opens an SOP file as pdf in a new tab, at its page when given; a refusal (gone, not allowed)
 * closes the tab and is said in a toast.
 */
export function useOpenPdf() {
  const { t } = useTranslation('errors');
  const [pdfUrl] = useSopPdfUrlMutation();
  const dispatch = useLibDispatch();
  return (ref: SopPdfRef) => {
    // Opened before the call, so the browser counts it as the click's own window.
    const tab = window.open('', '_blank');
    const at = 'documentId' in ref && ref.page ? `#page=${ref.page}` : '';
    pdfUrl(ref)
      .unwrap()
      .then(
        (url) => {
          if (tab) tab.location.href = `${url}${at}`;
          else window.location.assign(`${url}${at}`);
        },
        (e: unknown) => {
          tab?.close();
          dispatch(toastAdded({ message: errorText(t, toApiErrorData(e)), color: 'danger' }));
        },
      );
  };
}

/**
 * Reading an SOP needs only Sop.LIST_VIEW: its file, and its reference files, each
 * opened as pdf in a new tab. The Files page (replace, add, remove) stays with UPDATE.
 */
export function SopViewButtons({
  doc,
  onReferences,
}: {
  doc: SopDocument;
  onReferences: (doc: SopDocument) => void;
}) {
  const { t } = useTranslation('sop');
  const open = useOpenPdf();
  return (
    <>
      <CButton
        size="sm"
        color="secondary"
        variant="ghost"
        aria-label={t('viewNamed', { name: doc.name })}
        onClick={() => open({ documentId: doc.id })}
      >
        {t('view')}
      </CButton>
      {doc.references.length > 0 && (
        <CButton
          size="sm"
          color="secondary"
          variant="ghost"
          aria-label={t('referencesOf', { name: doc.name, count: doc.references.length })}
          onClick={() => onReferences(doc)}
        >
          {t('referencesCount', { count: doc.references.length })}
        </CButton>
      )}
    </>
  );
}

/** A list of SOP files, each opened as pdf: the references of a document or of a checklist. */
export function SopFileLinks({ files }: { files: readonly SopFile[] }) {
  const { i18n } = useTranslation('sop');
  const open = useOpenPdf();
  return (
    <ul className="mb-0" data-testid="reference-files">
      {files.map((f) => (
        <li key={f.id}>
          <CButton color="link" className="p-0" onClick={() => open({ referenceId: f.id })}>
            {f.name}
          </CButton>{' '}
          <span className="text-body-secondary small">
            {[f.uploaded_by, formatDateTime(f.uploaded_at, { locale: i18n.language })]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The reference files of one SOP document, in a dialog. */
export function SopReferencesDialog({
  doc,
  onClose,
}: {
  doc: SopDocument | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('sop');
  const titleId = useId();
  return (
    <CModal visible={doc !== null} onClose={onClose} alignment="center" aria-labelledby={titleId}>
      <CModalHeader>
        <CModalTitle id={titleId}>{t('referencesTitle', { name: doc?.name ?? '' })}</CModalTitle>
      </CModalHeader>
      <CModalBody>{doc && <SopFileLinks files={doc.references} />}</CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onClose}>
          {t('close')}
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
