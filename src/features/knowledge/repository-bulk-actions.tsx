/**
 * The repository's bulk actions on the ticked documents: to the recycle bin and back (a toggle
 * of soft_delete, SPEC §4), and deleting for good after a confirmation that warns about the
 * pages of a sitemap.
 */
import { useState } from 'react';
import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/confirm-modal';
import { useToastedAction } from '@/components/use-toasted-action';
import { useDeleteDocumentsMutation, useToggleSoftDeleteMutation } from './knowledge-api';

export function RepositoryBulkActions(props: {
  inBin: boolean;
  ids: number[];
  withSitemap: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('knowledge');
  const run = useToastedAction();
  const [toggle, toggling] = useToggleSoftDeleteMutation();
  const [remove, removing] = useDeleteDocumentsMutation();
  const [confirming, setConfirming] = useState(false);
  const { ids, inBin } = props;
  const count = ids.length;

  async function flip() {
    const ok = await run(
      () => toggle(ids).unwrap(),
      () => t(inBin ? 'repository.restored' : 'repository.movedToBin', { count }),
    );
    if (ok) props.onDone();
  }
  async function deleteForGood() {
    // The server counts a sitemap's pages too.
    const ok = await run(
      () => remove(ids).unwrap(),
      (answer) => t('repository.deleted', { count: answer?.deleted ?? count }),
    );
    if (ok) props.onDone();
    setConfirming(false);
  }

  const question = t('repository.confirmDelete', { count });
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <span className="small text-body-secondary" role="status">
        {t('repository.selected', { count })}
      </span>
      <CButton
        size="sm"
        color={inBin ? 'primary' : 'warning'}
        variant="outline"
        disabled={count === 0 || toggling.isLoading}
        onClick={() => void flip()}
      >
        {t(inBin ? 'repository.restore' : 'repository.moveToBin')}
      </CButton>
      <CButton
        size="sm"
        color="danger"
        variant="outline"
        disabled={count === 0 || removing.isLoading}
        onClick={() => setConfirming(true)}
      >
        {t('repository.deleteForGood')}
      </CButton>
      <ConfirmModal
        visible={confirming}
        title={t('repository.confirmDeleteTitle')}
        message={props.withSitemap ? `${question} ${t('repository.confirmSitemap')}` : question}
        confirmLabel={t('repository.deleteForGood')}
        confirmColor="danger"
        busy={removing.isLoading}
        onConfirm={() => void deleteForGood()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
