import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { rightsInMessage, type DbTestResult } from '@contract/db-sources';
import type { ApiErrorData } from '@/lib/http';

/** A test that connected: the server's version and what it could not rule out about the account. */
export function TestedNotice({ tested }: { tested: DbTestResult | null }) {
  const { t } = useTranslation('db-sources');
  if (!tested) return null;
  return (
    <>
      <CAlert color="success" role="status">
        {t('connected', { version: tested.server_version })}
      </CAlert>
      {tested.warnings.length > 0 && (
        <CAlert color="warning" data-testid="db-source-warnings">
          <ul className="mb-0 ps-3">
            {tested.warnings.map((code) => (
              <li key={code}>{t(`warning.${code}`)}</li>
            ))}
          </ul>
        </CAlert>
      )}
    </>
  );
}

/** An account refused for its rights: the rights to revoke, as the server named them. */
export function RightsToRevoke({ failure }: { failure: ApiErrorData | null }) {
  const { t } = useTranslation('db-sources');
  const privileged = failure?.fields.some(
    (f) => f.message === 'db-sources:failure.privileged_account',
  );
  const rights = privileged && failure ? rightsInMessage(failure.message) : null;
  if (!rights) return null;
  return (
    <CAlert color="danger" role="alert">
      {t('rightsToRevoke', { rights })}
    </CAlert>
  );
}
