import { CAlert, CButton } from '@coreui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConnectionTest } from '@contract/email-agents';

/** A test's answer and the hosts it was made against (a refusal names its host). */
export interface TestedConnection {
  result: ConnectionTest;
  hosts: { imap: string; smtp: string };
}

type Probe = ConnectionTest['imap'];

/** Why a probe failed, in the reader's language; a server without codes is shown as it said. */
function reason(t: TFunction, probe: Probe, host: string): string {
  return probe.code ? t(`connectionFailure.${probe.code}`, { host }) : (probe.error ?? '');
}

/** "Test connection" of the account form: the button and, once tested, what each side found. */
export function ConnectionTestButton(props: {
  onTest: () => void;
  busy: boolean;
  tested: TestedConnection | null;
}) {
  const { t } = useTranslation('email-agent');
  const { tested } = props;
  const line = (kind: 'imap' | 'smtp') => {
    const probe = tested?.result[kind];
    if (!tested || !probe) return null;
    return probe.ok
      ? t(`${kind}Ok`)
      : t(`${kind}Failed`, { reason: reason(t, probe, tested.hosts[kind]) });
  };
  return (
    <div className="mb-3">
      <CButton color="secondary" variant="outline" disabled={props.busy} onClick={props.onTest}>
        {t('testConnection')}
      </CButton>
      {tested && (
        <CAlert
          color={tested.result.imap.ok && tested.result.smtp.ok ? 'success' : 'danger'}
          className="mt-2"
          role="status"
        >
          <div>{line('imap')}</div>
          <div>{line('smtp')}</div>
        </CAlert>
      )}
    </div>
  );
}
