import {
  CCloseButton,
  CNavGroup,
  CNavItem,
  CNavLink,
  CSidebar,
  CSidebarBrand,
  CSidebarFooter,
  CSidebarHeader,
  CSidebarNav,
  CSidebarToggler,
} from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { integrationsIsChatbot, visibleMenuKeys } from '@contract/menu';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useAppDispatch, useAppSelector } from '../store';
import { sidebarUnfoldableToggled, sidebarVisibilityChanged } from '../ui-slice';
import { paths } from '../screens';
import { EmailNavGroup } from './email-nav-group';
import { HelpdeskNavItem } from './helpdesk-nav-item';
import { navRegistry, visibleNav, type NavEntry } from './nav-registry';

function NavEntryView({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation('nav');
  const label = t(entry.labelKey);
  const icon = entry.icon ? (
    <CIcon customClassName="nav-icon" icon={entry.icon} aria-hidden="true" />
  ) : (
    <span className="nav-icon" aria-hidden="true" />
  );
  switch (entry.kind) {
    case 'link':
      return (
        <CNavItem>
          <CNavLink as={NavLink} to={entry.to}>
            {icon}
            <span className="nav-label">{label}</span>
          </CNavLink>
        </CNavItem>
      );
    case 'group':
      return (
        <CNavGroup
          toggler={
            <>
              {icon}
              <span className="nav-label">{label}</span>
            </>
          }
        >
          {entry.children.map((child) => (
            <NavEntryView key={child.key} entry={child} />
          ))}
        </CNavGroup>
      );
    case 'email':
      return <EmailNavGroup label={label} icon={entry.icon} />;
    case 'helpdesk':
      return <HelpdeskNavItem label={label} icon={entry.icon} />;
  }
}

/** The items this person may see, rendered from the registry (SPEC §2 sidebar, §6 visibility). */
function SidebarNavItems() {
  const subject = useAppSelector(selectAccessSubject);
  const entries = subject
    ? visibleNav(navRegistry, visibleMenuKeys(subject), integrationsIsChatbot(subject))
    : [];
  return (
    <CSidebarNav>
      {entries.map((entry) => (
        <NavEntryView key={entry.key} entry={entry} />
      ))}
    </CSidebarNav>
  );
}

/** CoreUI sidebar: shown, hidden (header toggler) or narrow and unfoldable (footer toggler). */
export function AppSidebar() {
  const { t } = useTranslation('nav');
  const dispatch = useAppDispatch();
  const visible = useAppSelector((s) => s.ui.sidebarVisible);
  const unfoldable = useAppSelector((s) => s.ui.sidebarUnfoldable);
  return (
    // No colour scheme of its own: the sidebar takes the console's light or dark theme (SPEC §2).
    <CSidebar
      className="border-end"
      position="fixed"
      unfoldable={unfoldable}
      visible={visible}
      onVisibleChange={(v) => dispatch(sidebarVisibilityChanged(v))}
    >
      <CSidebarHeader className="border-bottom">
        <CSidebarBrand
          as={NavLink}
          to={paths.dashboard}
          className="text-decoration-none fs-5 fw-semibold"
        >
          <span className="sidebar-brand-full">{t('common:appName')}</span>
          <span className="sidebar-brand-narrow" aria-hidden="true">
            A
          </span>
        </CSidebarBrand>
        <CCloseButton
          className="d-lg-none"
          aria-label={t('closeSidebar')}
          onClick={() => dispatch(sidebarVisibilityChanged(false))}
        />
      </CSidebarHeader>
      <nav aria-label={t('mainMenu')} className="sidebar-main-nav">
        <SidebarNavItems />
      </nav>
      <CSidebarFooter className="border-top d-none d-lg-flex">
        <CSidebarToggler
          aria-label={unfoldable ? t('expandSidebar') : t('narrowSidebar')}
          aria-pressed={unfoldable}
          onClick={() => dispatch(sidebarUnfoldableToggled())}
        />
      </CSidebarFooter>
    </CSidebar>
  );
}
