/**
 * Light/dark theme (SPEC §2, §9): `?theme=` uses only its leading run of letters, digits and
 * spaces; dark adds `dark` to body and switches CoreUI's colour mode (data-coreui-theme on
 * <html>); the choice is kept in localStorage 'theme', default light.
 */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'light';

/** The leading run of letters, digits and spaces of the raw parameter. */
export function sanitizeThemeParam(raw: string | null): string {
  return /^[A-Za-z0-9 ]*/.exec(raw ?? '')?.[0] ?? '';
}

function asTheme(value: string | null | undefined): Theme | null {
  const v = (value ?? '').trim().toLowerCase();
  return (THEMES as readonly string[]).includes(v) ? (v as Theme) : null;
}

function storedTheme(): Theme | null {
  try {
    return asTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or quota: the theme still applies for this visit.
  }
}

/** Theme at start: a valid `?theme=` wins (and is remembered), then the stored one, then light. */
export function initialTheme(search: string): Theme {
  const fromParam = asTheme(sanitizeThemeParam(new URLSearchParams(search).get('theme')));
  if (fromParam) {
    storeTheme(fromParam);
    return fromParam;
  }
  return storedTheme() ?? DEFAULT_THEME;
}

export function applyTheme(theme: Theme): void {
  document.body.classList.toggle('dark', theme === 'dark');
  document.documentElement.setAttribute('data-coreui-theme', theme);
}
