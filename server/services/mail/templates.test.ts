/**
 * Every mail to a person has its words in all five console languages, translated rather than
 * English copied, with the same placeholders; an invitation never reads as a password reset.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../../../contract/constants';
import { projectRoot } from '../../project-root';
import { MAIL_TEXT_NAMES, MAIL_TEXTS, invitationMail, resetMail } from './templates';

type Tree = { [key: string]: string | Tree };

function words(lng: string, namespace: string, key: string): Tree {
  const url = new URL(`public/locales/${lng}/${namespace}.json`, projectRoot);
  const file = JSON.parse(readFileSync(url, 'utf8')) as Tree;
  return (file[key] ?? {}) as Tree;
}

/** Every (language, mail, text) the mails can use, with its words in that language and English. */
const texts = SUPPORTED_LANGUAGES.flatMap((lng) =>
  Object.values(MAIL_TEXTS).flatMap(({ namespace, key }) =>
    MAIL_TEXT_NAMES.map((name) => ({
      id: `${lng} ${namespace}:${key}.${name}`,
      lng,
      own: words(lng, namespace, key)[name],
      english: words(FALLBACK_LANGUAGE, namespace, key)[name],
    })),
  ),
);

const placeholders = (value: unknown) =>
  [...String(value ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join();

describe('mail texts', () => {
  it('when a mail is written in any console language, then every one of its texts exists there', () => {
    expect(
      texts.filter((x) => typeof x.own !== 'string' || !x.own.trim()).map((x) => x.id),
    ).toEqual([]);
  });

  it('when a mail is written in a language other than English, then its texts are translated', () => {
    expect(
      texts.filter((x) => x.lng !== FALLBACK_LANGUAGE && x.own === x.english).map((x) => x.id),
    ).toEqual([]);
  });

  it('when a mail text has placeholders, then every language fills the same ones', () => {
    expect(
      texts.filter((x) => placeholders(x.own) !== placeholders(x.english)).map((x) => x.id),
    ).toEqual([]);
  });

  it('when an invitation is written in any language, then it speaks of choosing a password, never of a reset', () => {
    const link = 'https://console.example/reset-password?token=t';
    for (const lng of SUPPORTED_LANGUAGES) {
      const invite = invitationMail('new@example.com', 'Ada', 'Grace', link, lng);
      const reset = resetMail('new@example.com', 'Ada', link, lng);
      const [, resetIntro, resetValidity] = reset.text.split('\n').filter((l) => l && l !== link);
      const written = `${invite.subject}\n${invite.text}`;
      expect(invite.language, lng).toBe(lng);
      expect(written, lng).toContain('Grace');
      for (const resetWords of [
        reset.subject,
        resetIntro,
        resetValidity,
        words(lng, 'auth', 'reset').done as string,
      ])
        expect(written, lng).not.toContain(resetWords);
    }
    const english = invitationMail('a@example.com', 'Ada', 'Grace', link, 'en');
    expect(english.text.replace(link, '')).not.toMatch(/reset/i);
  });
});
