/**
 * The two small i18next plugins the console needs, written here instead of taking
 * i18next-http-backend and i18next-browser-languagedetector: together those put 5.6 KB gzip into
 * the first download of /login, which has a size budget, for options the console never uses.
 * i18next's core already queues reads (maxParallelReads) and retries them (maxRetries, retryTimeout) when a
 * backend reports a failure as retryable; public/preload-locales.js detects the language the same
 * way to preload the first screen's files.
 */
import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import { LANGUAGE_CACHE_KEY } from '@contract/constants';

/** Reads ./locales/{lng}/{ns}.json (relative to <base href="/">). */
export function localesBackend(loadPath: string): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      // Only codes and namespace names we know reach the address (no path from the query string).
      if (!/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(language) || !/^[a-z-]+$/.test(namespace)) {
        callback(new Error(`refusing to load translations for ${language}/${namespace}`), false);
        return;
      }
      const url = loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
      fetch(url, { credentials: 'same-origin' }).then(
        async (response) => {
          // A server error may pass; a missing file will not appear on a retry.
          if (!response.ok) {
            callback(new Error(`${url}: ${response.status}`), response.status >= 500);
            return;
          }
          try {
            callback(null, (await response.json()) as Record<string, unknown>);
          } catch (error) {
            callback(error as Error, false);
          }
        },
        (error: unknown) => callback(error as Error, true),
      );
    },
  };
}

function fromStorage(storage: 'localStorage' | 'sessionStorage'): string | null {
  try {
    return window[storage].getItem(LANGUAGE_CACHE_KEY);
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

/** SPEC §2/§9: ?lng, the i18next cookie, localStorage, sessionStorage; cached in localStorage. */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie);
    const found = [
      new URLSearchParams(window.location.search).get('lng'),
      cookie ? decodeURIComponent(cookie[1]) : null,
      fromStorage('localStorage'),
      fromStorage('sessionStorage'),
    ].filter((value): value is string => Boolean(value));
    // i18next picks the first supported one, falling back to fallbackLng.
    return found.length > 0 ? found : undefined;
  },
  cacheUserLanguage(language: string) {
    try {
      window.localStorage.setItem(LANGUAGE_CACHE_KEY, language);
    } catch {
      // nothing to keep it in; the next visit detects again
    }
  },
};
