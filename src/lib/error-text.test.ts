/** SPEC §8's wording of failures, as a person reads it. */
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/i18n-for-tests';
import { errorText } from './error-text';
import { CLIENT_ERROR_CODES, UNKNOWN_ERROR_MESSAGE, type ApiErrorData } from './http';

const t = createTestI18n().t;
const failure = (data: Partial<ApiErrorData>): ApiErrorData => ({
  status: 400,
  code: 'SOMETHING_NEW',
  message: 'Server words',
  fields: [],
  retryAfter: null,
  ...data,
});

describe('errorText (SPEC §8)', () => {
  it('when the server answers a code we know, then its translation reads "<message> error. Please verify."', () => {
    expect(errorText(t, failure({ status: 401, code: 'INVALID_CREDENTIALS' }))).toBe(
      'Incorrect email or password error. Please verify.',
    );
  });

  it('when the server answers a code we do not know, then its own message is used', () => {
    expect(errorText(t, failure({ message: 'Upload' }))).toBe('Upload error. Please verify.');
  });

  it('when the answer says to wait, then the wait follows the wording', () => {
    expect(errorText(t, failure({ status: 429, code: 'RATE_LIMITED', retryAfter: 3 }))).toBe(
      'Too many requests error. Please verify. Please wait 3 s and try again.',
    );
  });

  it('when no answer came, then the network text stands alone', () => {
    expect(errorText(t, failure({ status: 0, code: CLIENT_ERROR_CODES.fetch }))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });

  it('when the failure is unknown, then it reads "An unknown error occurred"', () => {
    expect(
      errorText(t, failure({ code: CLIENT_ERROR_CODES.unknown, message: UNKNOWN_ERROR_MESSAGE })),
    ).toBe('An unknown error occurred');
  });

  it('when the page is in another language, then the wording is translated too', async () => {
    const i18n = createTestI18n();
    const de = (await import('../../public/locales/de/errors.json')).default;
    i18n.addResourceBundle('de', 'errors', de);
    await i18n.changeLanguage('de');
    expect(errorText(i18n.t, failure({ status: 401, code: 'INVALID_CREDENTIALS' }))).toBe(
      `Fehler: ${de.codes.INVALID_CREDENTIALS.replace(/\.$/, '')}. Bitte prüfen.`,
    );
  });
});
