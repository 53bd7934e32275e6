import { CNavItem } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { useTranslation } from 'react-i18next';
import { externalNavigation } from '@/lib/helpdesk';
import { readSessionToken } from '@/lib/session/session-cookies';
import { paths } from '../screens';
import type { NavIcon } from './nav-registry';

const HELPDESK_NO_TOKEN_ALERT = 'helpdeskNoToken';

/**
 * Opens the helpdesk in a new tab (SPEC §2), or says why it cannot (SPEC §8). The tab opens
 * /helpdesk, which exchanges the session for a single-use hand-off token and moves on to the
 * helpdesk site with that token, or says that no helpdesk is set up.
 */
export function HelpdeskNavItem({ label, icon }: { label: string; icon?: NavIcon }) {
  const { t } = useTranslation('nav');
  function open() {
    if (!readSessionToken('user')) window.alert(t(HELPDESK_NO_TOKEN_ALERT));
    else externalNavigation.openInNewTab(new URL(paths.helpdesk, window.location.origin).href);
  }
  return (
    <CNavItem>
      <button type="button" className="nav-link w-100 border-0 bg-transparent" onClick={open}>
        {icon && <CIcon customClassName="nav-icon" icon={icon} aria-hidden="true" />}
        <span className="nav-label">{label}</span>
      </button>
    </CNavItem>
  );
}
