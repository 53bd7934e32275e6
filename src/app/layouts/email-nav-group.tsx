import { CNavGroup, CNavItem, CNavLink } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_MENU_QUERY,
  useListEmailAccountsQuery,
} from '@/features/integrations/email-accounts-api';
import { links } from '../screens';
import type { NavIcon } from './nav-registry';

/**
 * The Email group (SPEC §2): up to 100 accounts from GET /email-agent, 'Loading...' while they
 * load, 'No emails found' when there are none; each opens its inbox in a new tab.
 */
export function EmailNavGroup({ label, icon }: { label: string; icon?: NavIcon }) {
  const { t } = useTranslation('nav');
  const { data, isLoading, isError } = useListEmailAccountsQuery(EMAIL_MENU_QUERY);
  const accounts = data?.items ?? [];

  let children;
  if (isLoading)
    children = (
      <li className="nav-item">
        <span className="nav-link" role="status">
          {t('emailLoading')}
        </span>
      </li>
    );
  else if (isError)
    children = (
      <li className="nav-item">
        <span className="nav-link" role="alert">
          {t('emailFailed')}
        </span>
      </li>
    );
  else if (accounts.length === 0)
    children = (
      <li className="nav-item">
        <span className="nav-link">{t('emailEmpty')}</span>
      </li>
    );
  else
    children = accounts.map((account) => (
      <CNavItem key={account.id}>
        <CNavLink
          href={links.emailInbox(account.email)}
          target="_blank"
          rel="noopener noreferrer"
          title={t('openInbox', { name: account.title || account.email })}
        >
          <span className="nav-icon" aria-hidden="true" />
          <span className="text-truncate">{account.email}</span>
        </CNavLink>
      </CNavItem>
    ));

  return (
    <CNavGroup
      toggler={
        <>
          {icon && <CIcon customClassName="nav-icon" icon={icon} aria-hidden="true" />}
          {label}
        </>
      }
    >
      {children}
    </CNavGroup>
  );
}
