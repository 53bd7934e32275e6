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

/**
 * What a test that got through proved: signed in, or (an SMTP relay offering no login) only
 * connected, the password unchecked; over TLS or not. A server that predates these words only
 * says the connection works.
 */
function proved(t: TFunction, probe: Probe, protocol: string): string {
  if (probe.signed_in === undefined) return t('connectionOk.works', { protocol });
  const how = probe.signed_in ? 'signedIn' : 'noLogin';
  return t(`connectionOk.${how}${probe.tls ? 'Tls' : 'Plain'}`, { protocol });
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
      ? proved(t, probe, kind.toUpperCase())
      : t(`${kind}Failed`, { reason: reason(t, probe, tested.hosts[kind]) });
  };
  const result = tested?.result;
  // Through on both, but a password left unchecked is no "all good".
  const color = !result
    ? 'info'
    : !result.imap.ok || !result.smtp.ok
      ? 'danger'
      : result.imap.signed_in === false || result.smtp.signed_in === false
        ? 'warning'
        : 'success';
  return (
    <div className="mb-3">
      <CButton color="secondary" variant="outline" disabled={props.busy} onClick={props.onTest}>
        {t('testConnection')}
      </CButton>
      {tested && (
        <CAlert color={color} className="mt-2" role="status">
          <div>{line('imap')}</div>
          <div>{line('smtp')}</div>
        </CAlert>
      )}
    </div>
  );
}
