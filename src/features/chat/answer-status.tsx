import { CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from './chat-state';

/**
 * Under an answer, where it stands: still coming, stopped by the asker, or failed (`failure`,
 * already worded for the reader: the console's and a widget visitor's wordings differ).
 */
export function AnswerStatus({
  status,
  failure,
}: {
  status: ChatMessage['status'];
  failure: string | null;
}) {
  const { t } = useTranslation('chat');
  if (status === 'streaming')
    return (
      // A div: CoreUI's spinner is a div, which a <p> may not hold.
      <div className="small text-body-secondary mb-0" role="status">
        <CSpinner size="sm" className="me-2" aria-hidden="true" />
        {t('thinking')}
      </div>
    );
  if (status === 'cancelled')
    return (
      <p className="text-danger mb-0" role="alert">
        {t('cancelled')}
      </p>
    );
  if (status === 'failed' && failure)
    return (
      <p className="text-danger mb-0" role="alert">
        {failure}
      </p>
    );
  return null;
}
