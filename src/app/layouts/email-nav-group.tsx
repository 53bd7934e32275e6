import { lazy, Suspense } from 'react';
import { CNavGroup } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { useTranslation } from 'react-i18next';
import type { NavIcon } from './nav-registry';

// The accounts come through the API cache (RTK Query), which the first screen after sign-in
// does not otherwise need: it loads with them, after the dashboard has drawn.
const EmailAccountItems = lazy(() =>
  import('./email-account-items').then((m) => ({ default: m.EmailAccountItems })),
);

/**
 * The Email group (SPEC §2): up to 100 accounts from GET /email-agent, 'Loading...' while they
 * load, 'No emails found' when there are none; each opens its inbox in a new tab.
 */
export function EmailNavGroup({ label, icon }: { label: string; icon?: NavIcon }) {
  return (
    <CNavGroup
      toggler={
        <>
          {icon && <CIcon customClassName="nav-icon" icon={icon} aria-hidden="true" />}
          <span className="nav-label">{label}</span>
        </>
      }
    >
      <Suspense fallback={<EmailLoading />}>
        <EmailAccountItems />
      </Suspense>
    </CNavGroup>
  );
}

/** 'Loading...' in the group, while the accounts' code or the accounts themselves load. */
export function EmailLoading() {
  const { t } = useTranslation('nav');
  return (
    <li className="nav-item">
      <span className="nav-link" role="status">
        {t('emailLoading')}
      </span>
    </li>
  );
}
