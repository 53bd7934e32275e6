import './email-agent.css';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/dates';
import type { KeptState } from './use-kept-draft';

/** Where the kept draft stands, read out politely as it changes. */
export function KeptDraftStatus({ state }: { state: KeptState }) {
  const { t, i18n } = useTranslation(['email-agent', 'errors']);
  const time = (at: string) => formatDateTime(at, { locale: i18n.language });
  const text =
    state.kind === 'restored'
      ? t('draftBack', { time: time(state.at) })
      : state.kind === 'saving'
        ? t('draftSaving')
        : state.kind === 'saved'
          ? t('draftKept', { time: time(state.at) })
          : state.kind === 'failed'
            ? t('draftNotKept', { reason: errorText(t, state.error) })
            : '';
  return (
    <p
      className={`small mb-3 ${state.kind === 'failed' ? 'text-danger' : 'text-body-secondary'}`}
      aria-live="polite"
      data-testid="kept-draft-status"
    >
      {text}
    </p>
  );
}

/**
 * What the account adds when the mail is sent: its signature after the "-- " line, and for a
 * reply (`reply`) the customer's mail quoted below it.
 */
export function SignatureNote({
  signature,
  reply = false,
}: {
  signature?: string;
  reply?: boolean;
}) {
  const { t } = useTranslation('email-agent');
  if (!signature && !reply) return null;
  return (
    <div className="small text-body-secondary mb-3" data-testid="signature-note">
      {reply && <p className="mb-1">{t('replyLayout')}</p>}
      {signature && (
        <>
          {!reply && <div>{t('signatureAdded')}</div>}
          <pre className="mail-text mb-0 ps-2 border-start" dir="auto">{`-- \n${signature}`}</pre>
        </>
      )}
    </div>
  );
}
