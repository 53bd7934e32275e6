/**
 * What a chat widget's visitor reads for a refusal: our text for the server's code,
 * and how long to wait when the server says so. The console's SPEC §8 wording ("… error. Please
 * verify.") is for staff checking their input; visitors get the plain sentence, in their
 * language. A code we have no text for falls back to the console's wording.
 */
import { errorText, type Translate } from './error-text';
import type { ApiErrorData } from './http';

export function visitorErrorText(t: Translate, error: ApiErrorData): string {
  const known = /^[A-Z_]+$/.test(error.code)
    ? t(`errors:codes.${error.code}`, { defaultValue: '' })
    : '';
  if (!known) return errorText(t, error);
  // The daily quota's text already says "tomorrow"; hours of waiting add nothing to it.
  const seconds = error.retryAfter ? Math.ceil(error.retryAfter) : 0;
  if (!seconds || error.code === 'QUOTA_EXCEEDED') return known;
  const wait =
    seconds < 60
      ? t('errors:retryAfterSeconds', { seconds })
      : t('errors:retryAfter', { minutes: Math.ceil(seconds / 60) });
  return `${known} ${wait}`;
}
