import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CCardHeader,
  CFormInput,
  CProgress,
  CSpinner,
} from '@coreui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { useToastedAction } from '@/components/use-toasted-action';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import {
  useAddSopReferencesMutation,
  useListArchivedSopQuery,
  useListSopDocumentsQuery,
  useRemoveSopReferencesMutation,
  useReplaceSopFileMutation,
} from './sop-api';
import { formatWhen } from './sop-dates';
import { SopDetailsCard } from './sop-details-card';
import type { SopLinks } from './sop-links';
import { useOpenPdf } from './sop-view-actions';

/**
 * /sop-repository/archive-upload/{id}: an SOP's page — its details (editable with Sop.UPDATE),
 * replace the SOP (the old file stays in its history, each version viewable) and add or remove
 * reference files. An archived SOP is not changed here: the page says it is in the archive and
 * links to it there (archive/{id}), where it can be restored.
 */
export function SopFilesPage({ links }: { links: SopLinks }) {
  const { t, i18n } = useTranslation(['sop', 'errors']);
  const id = Number(useParams().id);
  const run = useToastedAction();
  const openPdf = useOpenPdf();
  const doc = useListSopDocumentsQuery({ document_id: id });
  const [removeRefs] = useRemoveSopReferencesMutation();
  const [replaceFile] = useReplaceSopFileMutation();
  const [addReferences] = useAddSopReferencesMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const d = doc.data?.items[0];
  const archived = useListArchivedSopQuery({ document_id: id }, { skip: !doc.isSuccess || !!d });
  if (!d) {
    if (doc.isLoading || archived.isLoading) return <CSpinner />;
    const inArchive = archived.data?.items[0];
    if (!inArchive) return <p>{t('notFound')}</p>;
    return (
      <>
        <PageHeader title={t('filesTitle', { name: inArchive.name })} />
        <CAlert color="info" className="d-flex flex-wrap gap-2 align-items-center">
          <span>{t('inArchive', { name: inArchive.name })}</span>
          <Link to={links.archived(id)}>{t('openInArchive')}</Link>
        </CAlert>
      </>
    );
  }

  async function send(files: FileList | null, kind: 'replace' | 'reference') {
    if (!files || files.length === 0) return;
    setError(null);
    setProgress(0);
    try {
      const list = [...files];
      // Either answer invalidates the documents, so the versions and references show anew.
      if (kind === 'replace')
        await replaceFile({
          id,
          files: [{ field: 'file', file: list[0] }],
          onProgress: setProgress,
        }).unwrap();
      else
        await addReferences({
          documentId: id,
          files: list.map((file) => ({ field: 'reference_files', file })),
          onProgress: setProgress,
        }).unwrap();
    } catch (e) {
      setError(errorText(t, toApiErrorData(e)));
    }
    setProgress(null);
  }

  return (
    <>
      <PageHeader title={t('filesTitle', { name: d.name })} />
      {error && (
        <CAlert color="danger" role="alert">
          {error}
        </CAlert>
      )}
      {progress !== null && (
        <CProgress className="mb-3" value={progress} aria-label={t('progress')} />
      )}
      <SopDetailsCard doc={d} />
      <CCard className="mb-3">
        <CCardHeader as="h2" className="h6">
          {t('versionsTitle')}
        </CCardHeader>
        <CCardBody>
          <ul data-testid="sop-versions">
            {d.versions.map((v) => (
              <li key={v.id}>
                <CButton
                  color="link"
                  className="p-0"
                  onClick={() => openPdf({ documentId: id, version: v.version })}
                >
                  {t('versionFile', { version: v.version, name: v.name })}
                </CButton>{' '}
                <span className="text-body-secondary">{`${v.uploaded_by} · ${formatWhen(v.uploaded_at, i18n.language)}`}</span>
              </li>
            ))}
          </ul>
          <CFormInput
            type="file"
            accept=".pdf,.docx"
            id="sop-replace-file"
            label={t('replaceFile')}
            onChange={(e) => void send(e.target.files, 'replace')}
          />
        </CCardBody>
      </CCard>
      <CCard>
        <CCardHeader as="h2" className="h6">
          {t('referenceFiles')}
        </CCardHeader>
        <CCardBody>
          <ul data-testid="sop-references">
            {d.references.map((r) => (
              <li key={r.id}>
                <CButton
                  color="link"
                  className="p-0"
                  onClick={() => openPdf({ referenceId: r.id })}
                >
                  {r.name}
                </CButton>{' '}
                <CButton
                  color="danger"
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    void run(
                      () => removeRefs([r.id]).unwrap(),
                      () => t('referenceRemoved', { name: r.name }),
                    )
                  }
                >
                  {t('remove')}
                </CButton>
              </li>
            ))}
          </ul>
          <CFormInput
            type="file"
            multiple
            accept=".pdf,.docx"
            id="sop-add-references"
            label={t('addReferences')}
            onChange={(e) => void send(e.target.files, 'reference')}
          />
        </CCardBody>
      </CCard>
    </>
  );
}
