import { CNavItem, CNavLink } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MENU_QUERY, useListEmailAgentsQuery } from '@/features/email-agent/email-agent-api';
import { links } from '../screens';
import { EmailLoading } from './email-nav-group';

/** The Email group's entries: the accounts, or 'Loading...', a failure, or 'No emails found'. */
export function EmailAccountItems() {
  const { t } = useTranslation('nav');
  const { data, isLoading, isError } = useListEmailAgentsQuery(EMAIL_MENU_QUERY);
  const accounts = data?.items ?? [];

  if (isLoading) return <EmailLoading />;
  if (isError)
    return (
      <li className="nav-item">
        <span className="nav-link" role="alert">
          {t('emailFailed')}
        </span>
      </li>
    );
  if (accounts.length === 0)
    return (
      <li className="nav-item">
        <span className="nav-link">{t('emailEmpty')}</span>
      </li>
    );
  return accounts.map((account) => (
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
}
