/**
 * i18next set-up exactly as SPEC §2/§9: detection from ?lng, the i18next cookie, localStorage,
 * sessionStorage; cached in localStorage 'i18nextLng'; English fallback; translations read over
 * HTTP from ./locales/{lng}/{ns}.json (index.html sets <base href="/"> so the relative path works
 * on nested routes) with up to 5 retries from 350 ms doubling and 10 parallel reads; values are
 * not escaped (React escapes). Arabic switches the document to right-to-left.
 */
import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  RTL_LANGUAGES,
  SUPPORTED_LANGUAGES,
  TRANSLATION_PARALLEL_READS,
  TRANSLATION_RETRIES,
  TRANSLATION_RETRY_START_MS,
  type Language,
} from '@contract/constants';
import { languageDetector, localesBackend } from './i18n-plugins';

export const NAMESPACES = [
  'common',
  'auth',
  'nav',
  'dashboard',
  'profile',
  'errors',
  'validation',
  'users',
  'departments',
  'roles',
  'knowledge',
  'chat',
  'service-agent',
  'email-agent',
  'sop',
  'reports',
  'helpdesk',
  'db-sources',
  'api-keys',
] as const;

/** Each language by its own name (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

const LOCALES_LOAD_PATH = './locales/{{lng}}/{{ns}}.json';

/** Options shared by the app and the tests (which pass resources instead of the backend). */
export const baseOptions: InitOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  ns: ['common', 'errors', 'validation'],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
};

function isRtl(lng: string): boolean {
  return RTL_LANGUAGES.includes(lng.split('-')[0]);
}

/** Keeps <html lang dir> in step with the language, so CoreUI's logical CSS mirrors for Arabic. */
function syncDocumentLanguage(instance: I18n): void {
  const apply = (lng: string | undefined) => {
    const code = (lng ?? FALLBACK_LANGUAGE).split('-')[0];
    document.documentElement.lang = code;
    document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
  };
  apply(instance.resolvedLanguage ?? instance.language);
  instance.on('languageChanged', (lng: string) => apply(lng));
}

/** The app's instance; screens suspend until their namespaces have loaded. */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  instance.use(localesBackend(LOCALES_LOAD_PATH)).use(languageDetector).use(initReactI18next);
  syncDocumentLanguage(instance);
  void instance.init({
    ...baseOptions,
    maxRetries: TRANSLATION_RETRIES,
    retryTimeout: TRANSLATION_RETRY_START_MS,
    maxParallelReads: TRANSLATION_PARALLEL_READS,
  });
  return instance;
}
