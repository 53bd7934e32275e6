import { CNavItem } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { useTranslation } from 'react-i18next';
import { externalNavigation, helpdeskUrl } from '@/lib/helpdesk';
import { runtimeConfigIfLoaded } from '@/lib/runtime-config';
import { readSessionToken } from '@/lib/session/session-cookies';
import type { NavIcon } from './nav-registry';

export const HELPDESK_NO_TOKEN_ALERT = 'helpdeskNoToken';

/** Opens the helpdesk site in a new tab with the access token, or says why it cannot (SPEC §8). */
export function HelpdeskNavItem({ label, icon }: { label: string; icon?: NavIcon }) {
  const { t } = useTranslation('nav');
  function open() {
    const token = readSessionToken('user');
    const target = token ? helpdeskUrl(runtimeConfigIfLoaded()?.helpdeskUrl ?? '', token) : null;
    if (!token) window.alert(t(HELPDESK_NO_TOKEN_ALERT));
    else if (!target) window.alert(t('helpdeskNotConfigured'));
    else externalNavigation.openInNewTab(target);
  }
  return (
    <CNavItem>
      <button type="button" className="nav-link w-100 border-0 bg-transparent" onClick={open}>
        {icon && <CIcon customClassName="nav-icon" icon={icon} aria-hidden="true" />}
        {label}
      </button>
    </CNavItem>
  );
}
