/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account before proves it with a cookie, and is then slowed down only
 * by its own wrong passwords, never by the account-wide count that anyone on the internet can
 * run up. Without one, a few hundred guesses from many addresses kept the owner out too.
 *
 * A cookie is issued on every successful password sign-in and names nothing readable:
 * - its name is `atrium_device_` and a keyed hash of the account, so a browser keeps one per
 *   account it signs in to, and the lookup needs no list;
 * - its value is `<nonce>.<expiry>.<mac>`, where the MAC (HMAC-SHA256 under a key derived from
 *   the JWT secret for this use only) covers the account's throttle key, the nonce and the
 *   expiry: it is worth nothing for another account, and cannot be made without the secret.
 * The server keeps no list of cookies; the nonce names the device's own back-off count. A
 * stolen cookie grants only what the owner's browser has: its own small allowance of guesses.
 * No Fastify types here: routes.ts reads the Cookie header and writes Set-Cookie.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NAME_PREFIX = 'atrium_device_';
/** How long a browser stays known without signing in again; each sign-in renews it. */
const DEVICE_COOKIE_DAYS = 180;
const LIFETIME_SECONDS = DEVICE_COOKIE_DAYS * 24 * 3600;

export interface DeviceCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

export function createDeviceCookies(jwtSecret: string) {
  const key = createHmac('sha256', jwtSecret).update('atrium sign-in device cookie').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const nameOf = (account: string) =>
    `${NAME_PREFIX}${mac(`name\n${account}`).toString('base64url').slice(0, 16)}`;
  const signature = (account: string, nonce: string, expires: string) =>
    mac(`device\n${account}\n${nonce}\n${expires}`);

  return {
    /** A new cookie for a browser that has just signed in to `account` (a throttle key). */
    issue(account: string, now = Date.now()): DeviceCookie {
      const nonce = randomBytes(16).toString('base64url');
      const expires = String(Math.floor(now / 1000) + LIFETIME_SECONDS);
      const sig = signature(account, nonce, expires).toString('base64url');
      return {
        name: nameOf(account),
        value: `${nonce}.${expires}.${sig}`,
        maxAgeSeconds: LIFETIME_SECONDS,
      };
    },

    /**
     * The nonce of the browser's valid, unexpired device cookie for `account`; undefined when
     * it sent none, or one that is forged, expired or another account's.
     */
    deviceOf(
      account: string,
      cookies: ReadonlyMap<string, string>,
      now = Date.now(),
    ): string | undefined {
      const parts = cookies.get(nameOf(account))?.split('.');
      if (parts?.length !== 3) return undefined;
      const [nonce, expires, sig] = parts as [string, string, string];
      if (!/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^\d{1,12}$/.test(expires)) return undefined;
      if (Number(expires) * 1000 <= now) return undefined;
      const given = Buffer.from(sig, 'base64url');
      const expected = signature(account, nonce, expires);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? nonce
        : undefined;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** The cookies of a Cookie header, by name (the first of a repeated name wins). */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The Set-Cookie header of a device cookie: out of scripts' reach (HttpOnly), sent by the
 * browser only with its own sign-in calls (SameSite=Strict, the login path), and only over
 * https when the sign-in came over https.
 */
export function deviceCookieHeader(
  cookie: DeviceCookie,
  options: { path: string; secure: boolean },
): string {
  return [
    `${cookie.name}=${cookie.value}`,
    `Path=${options.path}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
