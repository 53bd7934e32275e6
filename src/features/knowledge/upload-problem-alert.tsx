import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { webAddressText } from '@/lib/web-address-text';
import type { UploadProblem } from './upload-slice';

/** SPEC §8 upload errors: the fixed texts translated, or the server's own message as it came. */
export function UploadProblemAlert({
  problem,
  onClose,
}: {
  problem: UploadProblem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge');
  if (!problem) return null;
  return (
    <CAlert color="danger" role="alert" dismissible onClose={onClose}>
      {problem.kind === 'server' ? webAddressText(t, problem) : t(`problems.${problem.kind}`)}
    </CAlert>
  );
}
