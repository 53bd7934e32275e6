/**
 * The few cookie operations the session needs, on document.cookie. js-cookie did this, but it
 * sits in every first load and /login has a 135 KB gzip budget; the session's cookies hold
 * base64 only, so encodeURIComponent is all the encoding they need (js-cookie reads them too).
 */
export interface CookieAttributes {
  path: string;
  expires?: Date;
  sameSite: 'lax' | 'strict';
  secure?: boolean;
}

export function setCookie(name: string, value: string, a: CookieAttributes): void {
  let cookie = `${name}=${encodeURIComponent(value)}; path=${a.path}; samesite=${a.sameSite}`;
  if (a.expires) cookie += `; expires=${a.expires.toUTCString()}`;
  if (a.secure) cookie += '; secure';
  document.cookie = cookie;
}

/** The cookie's value, or undefined when there is none (or it cannot be decoded). */
export function getCookie(name: string): string | undefined {
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
