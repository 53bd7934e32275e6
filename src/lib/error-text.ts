/**
 * What a person reads for a failed call: the translated text of the server's code when there is
 * one (errors:codes.<CODE>), the SPEC §8 network and "no token" texts, and otherwise SPEC §8's
 * request-failure wording around the server's own message.
 */
import { CLIENT_ERROR_CODES, UNKNOWN_ERROR_MESSAGE, type ApiErrorData } from './http';

/** Any i18next `t`, whatever namespaces it was bound to. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function errorText(t: Translate, error: ApiErrorData | null | undefined): string {
  if (!error) return '';
  if (error.code === CLIENT_ERROR_CODES.unknown && error.message === UNKNOWN_ERROR_MESSAGE)
    return t('errors:unknown');
  // Short waits (the sign-in back-off starts at 1 s) are said in seconds, longer ones in minutes.
  const wait = !error.retryAfter
    ? ''
    : error.retryAfter < 60
      ? t('errors:retryAfterSeconds', { seconds: Math.ceil(error.retryAfter) })
      : t('errors:retryAfter', { minutes: Math.ceil(error.retryAfter / 60) });
  // Every contract ERROR_CODE has a text (locales.test.ts checks); unknown codes fall through.
  const text = /^[A-Z_]+$/.test(error.code)
    ? t(`errors:codes.${error.code}`, { defaultValue: '' })
    : '';
  if (text) {
    return wait ? `${text} ${wait}` : text;
  }
  return t('errors:requestFailed', { message: error.message });
}
