/**
 * Session tokens in cookies (SPEC §3): obfuscated with XOR against a fixed string, then base64;
 * `token`/`tokenExpiry` for users, `widgetToken`/`widgetTokenExpiry` for widget visitors; path '/'.
 * Obfuscation keeps the raw token out of casual view; it is not encryption.
 *
 * A widget's iframe runs on another site than the page around it, and there browsers refuse its
 * cookies (SameSite, third-party cookie blocking). The widget token is written to its cookies
 * all the same, and kept in memory too for the life of the page, which is what such a frame has.
 */
import { type CookieAttributes, getCookie, removeCookie, setCookie } from './cookie-jar';

const OBFUSCATION_KEY = 'atrium-console-session';

export type SessionKind = 'user' | 'widget';

const COOKIE_NAMES: Record<SessionKind, { token: string; expiry: string }> = {
  user: { token: 'token', expiry: 'tokenExpiry' },
  widget: { token: 'widgetToken', expiry: 'widgetTokenExpiry' },
};

function xorBytes(bytes: Uint8Array): Uint8Array {
  const key = new TextEncoder().encode(OBFUSCATION_KEY);
  return bytes.map((b, i) => b ^ key[i % key.length]);
}

export function obfuscate(value: string): string {
  const bytes = xorBytes(new TextEncoder().encode(value));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function deobfuscate(value: string): string | null {
  try {
    const binary = atob(value);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(xorBytes(bytes));
  } catch {
    return null;
  }
}

function cookieOptions(expires: Date): CookieAttributes {
  return {
    path: '/',
    expires,
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  };
}

let widgetInMemory: { token: string; expiry: Date } | null = null;

export function saveSessionToken(kind: SessionKind, token: string, expiresAt: Date): void {
  const names = COOKIE_NAMES[kind];
  if (kind === 'widget') widgetInMemory = { token, expiry: expiresAt };
  setCookie(names.token, obfuscate(token), cookieOptions(expiresAt));
  setCookie(names.expiry, obfuscate(expiresAt.toISOString()), cookieOptions(expiresAt));
}

/** Token expiry, read from the matching expiry cookie (SPEC §4). */
export function readTokenExpiry(kind: SessionKind): Date | null {
  const raw = getCookie(COOKIE_NAMES[kind].expiry);
  if (!raw && kind === 'widget') return widgetInMemory?.expiry ?? null;
  const text = raw ? deobfuscate(raw) : null;
  const date = text ? new Date(text) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The token if its cookie exists and its expiry has not passed. */
export function readSessionToken(kind: SessionKind, now: Date = new Date()): string | null {
  const raw = getCookie(COOKIE_NAMES[kind].token);
  const expiry = readTokenExpiry(kind);
  if (expiry && expiry.getTime() <= now.getTime()) return null;
  if (raw) return deobfuscate(raw);
  return kind === 'widget' ? (widgetInMemory?.token ?? null) : null;
}

export function clearSessionCookies(): void {
  widgetInMemory = null;
  for (const names of Object.values(COOKIE_NAMES)) {
    removeCookie(names.token);
    removeCookie(names.expiry);
  }
}

/** Local storage keys SPEC §4 clears on logout. */
const LOGOUT_STORAGE_KEYS = ['agent', 'access_token', 'refresh_token', 'theme', 'isLoggedIn'];

export function clearClientSession(): void {
  try {
    for (const key of LOGOUT_STORAGE_KEYS) localStorage.removeItem(key);
  } catch {
    // No storage here (a widget's frame on another site): nothing was kept in it.
  }
  clearSessionCookies();
}
