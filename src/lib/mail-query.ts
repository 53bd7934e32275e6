/**
 * The query of a call that makes the server mail a person (sign-up, resend, forgot-password, a
 * restored user's invitation): where the mailed link leads (SPEC §9: the console's origin) and
 * the language the console shows, which the mail speaks (contract/auth.ts `mailLanguageField`).
 * These calls are made outside the React tree, so the language is `consoleLanguage()`'s.
 */
import { consoleLanguage } from './console-language';

export function mailQuery(): { verify_page_link: string; lng: string | undefined } {
  return { verify_page_link: window.location.origin, lng: consoleLanguage() };
}
