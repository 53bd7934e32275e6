import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import {
  clearClientSession,
  deobfuscate,
  obfuscate,
  readSessionToken,
  readTokenExpiry,
  saveSessionToken,
} from './session-cookies';

const inAnHour = () => new Date(Date.now() + 3600_000);

describe('session cookies', () => {
  it('when a value is obfuscated, then it round-trips and does not show the original', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIxMjMifQ.c2lnbmF0dXJl';
    const stored = obfuscate(token);
    expect(stored).not.toContain(token);
    expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(deobfuscate(stored)).toBe(token);
  });

  it('when a user token is saved, then token and tokenExpiry cookies hold it obfuscated', () => {
    const expiry = inAnHour();
    saveSessionToken('user', 'secret-token', expiry);
    expect(Cookies.get('token')).toBeDefined();
    expect(Cookies.get('token')).not.toBe('secret-token');
    expect(readSessionToken('user')).toBe('secret-token');
    expect(readTokenExpiry('user')?.toISOString()).toBe(expiry.toISOString());
    expect(readSessionToken('widget')).toBeNull();
  });

  it('when a widget token is saved, then it lives in widgetToken and widgetTokenExpiry', () => {
    saveSessionToken('widget', 'widget-token', inAnHour());
    expect(Cookies.get('widgetToken')).toBeDefined();
    expect(Cookies.get('widgetTokenExpiry')).toBeDefined();
    expect(readSessionToken('widget')).toBe('widget-token');
    expect(readSessionToken('user')).toBeNull();
  });

  it('when the browser refuses the widget cookies (a frame on another site), then the token is kept for the page', () => {
    const expiry = inAnHour();
    saveSessionToken('widget', 'framed-token', expiry);
    Cookies.remove('widgetToken', { path: '/' });
    Cookies.remove('widgetTokenExpiry', { path: '/' });
    expect(readSessionToken('widget')).toBe('framed-token');
    expect(readTokenExpiry('widget')?.toISOString()).toBe(expiry.toISOString());
    expect(readSessionToken('widget', new Date(Date.now() + 7200_000))).toBeNull();
    expect(readSessionToken('user')).toBeNull();
    clearClientSession();
    expect(readSessionToken('widget')).toBeNull();
  });

  it('when the expiry cookie says the token has expired, then no token is read', () => {
    saveSessionToken('user', 'old', inAnHour());
    expect(readSessionToken('user', new Date(Date.now() + 7200_000))).toBeNull();
  });

  it('when the client session is cleared, then cookies and the SPEC §4 storage keys are gone', () => {
    saveSessionToken('user', 't', inAnHour());
    saveSessionToken('widget', 'w', inAnHour());
    for (const k of ['agent', 'access_token', 'refresh_token', 'theme', 'isLoggedIn', 'i18nextLng'])
      localStorage.setItem(k, 'x');
    clearClientSession();
    expect(Cookies.get()).toEqual({});
    expect(localStorage.getItem('theme')).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('x');
  });
});
