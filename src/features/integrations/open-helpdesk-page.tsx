import { useEffect, useRef, useState } from 'react';
import { CAlert, CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { errorText } from '@/lib/error-text';
import { externalNavigation } from '@/lib/helpdesk';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useCan } from '@/lib/session/use-can';
import { useHandoffMutation, useHelpdeskServingQuery } from './helpdesk-api';
import type { HelpdeskLinks } from './helpdesk-links';

/** No helpdesk serves the person: what to set up and where, or whom to ask. */
function NoHelpdesk({ mayConnect, links }: { mayConnect: boolean; links: HelpdeskLinks }) {
  const { t } = useTranslation(['helpdesk', 'nav']);
  // The place in the console's own words: the Integrations menu item, then the helpdesk card.
  const place = `${t('nav:integrations')} › ${t('nav:pages.helpdeskIntegration')}`;
  return (
    <CAlert color="info" data-testid="helpdesk-unavailable">
      <p className="fw-semibold">{t('open.none')}</p>
      {mayConnect ? (
        <>
          <p>{t('open.connectHow', { place })}</p>
          <CButton as={Link} to={links.list} color="primary">
            {t('open.connect', { place })}
          </CButton>
        </>
      ) : (
        <p className="mb-0">{t('open.askAdministrator')}</p>
      )}
    </CAlert>
  );
}

/**
 * /helpdesk (SPEC §2, §6): asks for a single-use hand-off token (≤ 60 s) and moves on to the
 * helpdesk site with it — never with the session token. It first asks whether a helpdesk serves
 * the person (GET /helpdesk/serving, the hand-off's own rule), so that with none it asks for no
 * token (the hand-off would answer 404) and says what to set up, with the way there for someone
 * who may (Helpdesk.ADD), or whom to ask.
 */
export function OpenHelpdeskPage({ links }: { links: HelpdeskLinks }) {
  const { t } = useTranslation(['helpdesk', 'errors']);
  const can = useCan();
  const serving = useHelpdeskServingQuery();
  const [handoff] = useHandoffMutation();
  const [failure, setFailure] = useState<ApiErrorData | null>(null);
  const asked = useRef(false);
  // An answer that cannot be read leaves the question to the hand-off.
  const serves = serving.data ? serving.data.serving : serving.isError ? true : undefined;

  useEffect(() => {
    // One token per visit, even when React runs effects twice in development.
    if (!serves || asked.current) return;
    asked.current = true;
    handoff({})
      .unwrap()
      .then((h) => externalNavigation.assign(h.url))
      .catch((e: unknown) => setFailure(toApiErrorData(e)));
  }, [serves, handoff]);

  const problem = failure;
  const none = serves === false || problem?.code === 'HELPDESK_NOT_CONFIGURED';
  return (
    <>
      <PageHeading>{t('open.title')}</PageHeading>
      {none ? (
        <NoHelpdesk mayConnect={can.right('Helpdesk', 'ADD')} links={links} />
      ) : problem ? (
        <CAlert color="danger" data-testid="helpdesk-unavailable">
          {errorText(t, problem)}
        </CAlert>
      ) : (
        <p role="status">
          <CSpinner size="sm" className="me-2" aria-hidden="true" />
          {t('open.opening')}
        </p>
      )}
    </>
  );
}
