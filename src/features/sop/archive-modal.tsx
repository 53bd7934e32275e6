import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextareaField } from '@/components/textarea-field';

/** Archiving asks for a comment (SPEC §3 SOP archive, §4); without one it is not sent. */
export function ArchiveModal({
  name,
  onClose,
  onArchive,
}: {
  name: string | null;
  onClose: () => void;
  onArchive: (comments: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('sop');
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!comments.trim()) return setError(t('archiveCommentRequired'));
    setBusy(true);
    const done = await onArchive(comments.trim());
    setBusy(false);
    if (done) {
      setComments('');
      setError(undefined);
    }
  }
  return (
    <CModal visible={name !== null} onClose={onClose} alignment="center">
      <CModalHeader>
        <CModalTitle>{t('archiveTitle', { name })}</CModalTitle>
      </CModalHeader>
      <CModalBody>
        <TextareaField
          label={t('archiveComment')}
          value={comments}
          error={error}
          onChange={(e) => setComments(e.target.value)}
        />
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="ghost" onClick={onClose}>
          {t('cancel')}
        </CButton>
        <CButton color="warning" disabled={busy} onClick={() => void submit()}>
          {t('archive')}
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
