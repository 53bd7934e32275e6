import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageDetector, localesBackend } from './i18n-plugins';

function read(namespace = 'auth', language = 'fr') {
  return new Promise<{ error: unknown; retry: unknown; data: unknown }>((resolve) => {
    localesBackend('./locales/{{lng}}/{{ns}}.json').read(language, namespace, (error, data) =>
      resolve({ error, retry: data, data }),
    );
  });
}

describe('language detection', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    localStorage.clear();
    sessionStorage.clear();
  });

  it('when ?lng, the cookie and storage all name a language, then they are offered in SPEC order', () => {
    window.history.replaceState(null, '', '/login?lng=de');
    document.cookie = 'i18next=es; path=/';
    localStorage.setItem('i18nextLng', 'fr');
    sessionStorage.setItem('i18nextLng', 'ar');
    expect(languageDetector.detect()).toEqual(['de', 'es', 'fr', 'ar']);
  });

  it('when nothing names a language, then detection leaves it to the fallback', () => {
    expect(languageDetector.detect()).toBeUndefined();
  });

  it('when a language is chosen, then it is kept in localStorage under i18nextLng', () => {
    languageDetector.cacheUserLanguage?.('es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
  });
});

describe('translation files', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the file is there, then its JSON is handed to i18next', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json({ title: 'Connexion' })));
    vi.stubGlobal('fetch', fetchMock);
    expect((await read()).data).toEqual({ title: 'Connexion' });
    expect(fetchMock).toHaveBeenCalledWith('./locales/fr/auth.json', expect.anything());
  });

  it('when the server fails, then i18next is told to retry; when the file is missing, not', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    expect(await read()).toMatchObject({ error: expect.any(Error), retry: true });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    expect(await read()).toMatchObject({ error: expect.any(Error), retry: false });
  });

  it('when the language code is not one, then nothing is fetched', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect((await read('auth', '../../api')).retry).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
