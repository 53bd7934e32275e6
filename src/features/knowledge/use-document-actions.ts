/** A document row's own actions: fetch a web entry again, download an uploaded original. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessSubject } from '@contract/profile';
import type { KnowledgeDocument } from '@contract/knowledge';
import { useToastedAction } from '@/components/use-toasted-action';
import { errorText } from '@/lib/error-text';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import type { RowActions } from './document-columns';
import { downloadDocument } from './download-document';
import { canInDepartment } from './knowledge-access';
import { useResyncDocumentMutation } from './knowledge-api';

export function useDocumentActions(subject: AccessSubject | null): RowActions {
  const { t } = useTranslation(['knowledge', 'errors']);
  const dispatch = useLibDispatch();
  const run = useToastedAction();
  const [resync] = useResyncDocumentMutation();
  const [busy, setBusy] = useState<number | null>(null);

  async function onResync(doc: KnowledgeDocument) {
    setBusy(doc.id);
    await run(
      () => resync(doc.id).unwrap(),
      () => t('repository.resyncStarted', { name: doc.name }),
    );
    setBusy(null);
  }
  async function onDownload(doc: KnowledgeDocument) {
    setBusy(doc.id);
    const result = await dispatch(downloadDocument(doc));
    if (downloadDocument.rejected.match(result) && result.payload)
      dispatch(toastAdded({ message: errorText(t, result.payload), color: 'danger' }));
    setBusy(null);
  }

  return {
    canResync: (d) =>
      d.is_url && !d.soft_delete && canInDepartment(subject, 'UPDATE', d.department_id),
    onResync: (d) => void onResync(d),
    canDownload: (d) => !d.is_url && canInDepartment(subject, 'VIEW', d.department_id),
    onDownload: (d) => void onDownload(d),
    busy,
  };
}
