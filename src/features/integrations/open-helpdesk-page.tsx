import { useEffect, useRef, useState } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { errorText } from '@/lib/error-text';
import { externalNavigation } from '@/lib/helpdesk';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useHandoffMutation } from './helpdesk-api';

/**
 * /helpdesk (SPEC §2, §6): asks for a single-use hand-off token (≤ 60 s) and moves on to the
 * helpdesk site with it — never with the session token. Without a helpdesk serving the person,
 * it says so instead of leaving them on a silent page.
 */
export function OpenHelpdeskPage() {
  const { t } = useTranslation(['helpdesk', 'errors']);
  const [handoff] = useHandoffMutation();
  const [failure, setFailure] = useState<ApiErrorData | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    // One token per visit, even when React runs effects twice in development.
    if (asked.current) return;
    asked.current = true;
    handoff({})
      .unwrap()
      .then((h) => externalNavigation.assign(h.url))
      .catch((e: unknown) => setFailure(toApiErrorData(e)));
  }, [handoff]);

  const notConfigured = failure?.code === 'HELPDESK_NOT_CONFIGURED';
  return (
    <>
      <PageHeading>{t('open.title')}</PageHeading>
      {!failure && (
        <p role="status">
          <CSpinner size="sm" className="me-2" aria-hidden="true" />
          {t('open.opening')}
        </p>
      )}
      {failure && (
        <CAlert color={notConfigured ? 'info' : 'danger'} data-testid="helpdesk-unavailable">
          {notConfigured ? t('open.notConfigured') : errorText(t, failure)}
        </CAlert>
      )}
    </>
  );
}
