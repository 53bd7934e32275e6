import { describe, expect, it } from 'vitest';
import { applyTheme, initialTheme, sanitizeThemeParam } from './theme';

describe('theme', () => {
  it('when ?theme carries markup after its letters, then only the leading run is used', () => {
    expect(sanitizeThemeParam('dark"><script>alert(1)</script>')).toBe('dark');
    expect(sanitizeThemeParam('dark mode 2!x')).toBe('dark mode 2');
    expect(sanitizeThemeParam('<dark')).toBe('');
    expect(sanitizeThemeParam(null)).toBe('');
  });

  it('when ?theme=dark is given, then dark is chosen and remembered', () => {
    expect(initialTheme('?theme=dark%22%3E%3Cscript%3E')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('when nothing is given or stored, then the theme is light', () => {
    expect(initialTheme('')).toBe('light');
    expect(initialTheme('?theme=purple')).toBe('light');
  });

  it('when a theme was stored, then it is used without a parameter', () => {
    localStorage.setItem('theme', 'dark');
    expect(initialTheme('')).toBe('dark');
  });

  it('when dark is applied, then body has the dark class and CoreUI uses its dark mode', () => {
    applyTheme('dark');
    expect(document.body).toHaveClass('dark');
    expect(document.documentElement.getAttribute('data-coreui-theme')).toBe('dark');
    applyTheme('light');
    expect(document.body).not.toHaveClass('dark');
    expect(document.documentElement.getAttribute('data-coreui-theme')).toBe('light');
  });
});
