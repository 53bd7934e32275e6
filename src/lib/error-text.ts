/**
 * What a person reads for a failed call: the translated text of the server's code when there is
 * one (errors:codes.<CODE>), the SPEC §8 network and "no token" texts, and otherwise SPEC §8's
 * request-failure wording around the server's own message.
 */
import { CLIENT_ERROR_CODES, UNKNOWN_ERROR_MESSAGE, type ApiErrorData } from './http';

/** Any i18next `t`, whatever namespaces it was bound to. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Codes the client makes up itself (no answer, no token, …): their text stands alone. */
const CLIENT_CODES: ReadonlySet<string> = new Set(Object.values(CLIENT_ERROR_CODES));

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
  const known = /^[A-Z_]+$/.test(error.code)
    ? t(`errors:codes.${error.code}`, { defaultValue: '' })
    : '';
  if (known && CLIENT_CODES.has(error.code)) return known;
  // SPEC §8: a failed request reads "<message> error. Please verify." (translated), the message
  // being our text for the server's code, else the server's own words. The message's final stop
  // goes, so the sentence reads "Incorrect email or password error. Please verify."
  const message = (known || error.message).trim().replace(/[.。]$/u, '');
  const failed = t('errors:requestFailed', { message });
  return wait ? `${failed} ${wait}` : failed;
}
