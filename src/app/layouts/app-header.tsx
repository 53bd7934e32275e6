import {
  CButton,
  CContainer,
  CDropdown,
  CDropdownDivider,
  CDropdownHeader,
  CDropdownItem,
  CDropdownMenu,
  CDropdownToggle,
  CHeader,
  CHeaderToggler,
} from '@coreui/react';
import CIcon from '@coreui/icons-react';
import {
  cilAccountLogout,
  cilLanguage,
  cilLockLocked,
  cilMenu,
  cilMoon,
  cilSun,
  cilUser,
} from '@coreui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUPPORTED_LANGUAGES } from '@contract/constants';
import { useLogout } from '@/features/auth/use-logout';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { displayName, selectProfile } from '@/lib/session/session-slice';
import { storeTheme } from '@/lib/theme';
import { paths } from '../screens';
import { useAppDispatch, useAppSelector } from '../store';
import { sidebarToggled, themeChanged } from '../ui-slice';

function ThemeSwitch() {
  const { t } = useTranslation('nav');
  const dispatch = useAppDispatch();
  const theme = useAppSelector((s) => s.ui.theme);
  const dark = theme === 'dark';
  return (
    <CButton
      color="link"
      className="px-2"
      aria-label={t('switchTheme')}
      aria-pressed={dark}
      title={dark ? t('themeLight') : t('themeDark')}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        storeTheme(next);
        dispatch(themeChanged(next));
      }}
    >
      <CIcon icon={dark ? cilSun : cilMoon} size="lg" aria-hidden="true" />
    </CButton>
  );
}

function LanguageMenu() {
  const { t, i18n } = useTranslation('nav');
  const current = (i18n.resolvedLanguage ?? i18n.language ?? 'en').split('-')[0];
  return (
    <CDropdown placement="bottom-end">
      <CDropdownToggle color="link" caret={false} aria-label={t('language')} className="px-2">
        <CIcon icon={cilLanguage} size="lg" aria-hidden="true" />
      </CDropdownToggle>
      <CDropdownMenu>
        {SUPPORTED_LANGUAGES.map((lng) => (
          <CDropdownItem
            key={lng}
            as="button"
            type="button"
            lang={lng}
            active={lng === current}
            aria-current={lng === current ? 'true' : undefined}
            onClick={() => void i18n.changeLanguage(lng)}
          >
            {LANGUAGE_NAMES[lng]}
          </CDropdownItem>
        ))}
      </CDropdownMenu>
    </CDropdown>
  );
}

function UserMenu() {
  const { t } = useTranslation('nav');
  const profile = useAppSelector(selectProfile);
  const { logout, busy } = useLogout(paths.login, t);
  const name = profile ? displayName(profile) : '';
  return (
    <CDropdown placement="bottom-end">
      <CDropdownToggle color="link" caret aria-label={t('userMenu')} className="px-2">
        <CIcon icon={cilUser} size="lg" aria-hidden="true" />
      </CDropdownToggle>
      <CDropdownMenu className="pt-0">
        <CDropdownHeader className="bg-body-secondary fw-semibold py-2">
          {profile?.email ?? name}
        </CDropdownHeader>
        <CDropdownItem as={Link} to={paths.profile}>
          <CIcon icon={cilUser} className="me-2" aria-hidden="true" />
          {t('profile')}
        </CDropdownItem>
        <CDropdownItem as={Link} to={paths.changePassword}>
          <CIcon icon={cilLockLocked} className="me-2" aria-hidden="true" />
          {t('changePassword')}
        </CDropdownItem>
        <CDropdownDivider />
        <CDropdownItem as="button" type="button" disabled={busy} onClick={() => void logout()}>
          <CIcon icon={cilAccountLogout} className="me-2" aria-hidden="true" />
          {t('logout')}
        </CDropdownItem>
      </CDropdownMenu>
    </CDropdown>
  );
}

/** Who is signed in, shown beside the user menu (outside its button, whose name is "User menu"). */
function SignedInName() {
  const profile = useAppSelector(selectProfile);
  if (!profile) return null;
  return (
    <span
      className="d-none d-md-inline text-body-secondary small text-truncate"
      style={{ maxWidth: 200 }}
    >
      {displayName(profile)}
    </span>
  );
}

export function AppHeader() {
  const { t } = useTranslation('nav');
  const dispatch = useAppDispatch();
  return (
    <CHeader position="sticky" className="mb-4 p-0">
      <CContainer fluid className="border-bottom px-3">
        <CHeaderToggler
          aria-label={t('toggleSidebar')}
          onClick={() => dispatch(sidebarToggled())}
          style={{ marginInlineStart: '-14px' }}
        >
          <CIcon icon={cilMenu} size="lg" aria-hidden="true" />
        </CHeaderToggler>
        {/* header-controls: the toasts are placed beside these, never over them. */}
        <div className="header-controls ms-auto d-flex align-items-center gap-1">
          <ThemeSwitch />
          <LanguageMenu />
          <SignedInName />
          <UserMenu />
        </div>
      </CContainer>
    </CHeader>
  );
}
