/** Every locale carries every key of every namespace (DESIGN "every locale carries every key"). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@contract/constants';
import { ERROR_CODES } from '@contract/errors';
import { NAMESPACES } from './i18n';

const root = join(process.cwd(), 'public', 'locales');

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );
}

function load(lng: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8')) as Tree;
}

describe('locales', () => {
  it('when the locales are read, then every language has every namespace file', () => {
    for (const lng of SUPPORTED_LANGUAGES)
      for (const ns of NAMESPACES)
        expect(existsSync(join(root, lng, `${ns}.json`)), `${lng}/${ns}`).toBe(true);
  });

  it('when two languages are compared, then neither misses a key the other has', () => {
    for (const ns of NAMESPACES) {
      const all = new Set(SUPPORTED_LANGUAGES.flatMap((lng) => keysOf(load(lng, ns))));
      for (const lng of SUPPORTED_LANGUAGES) {
        const have = new Set(keysOf(load(lng, ns)));
        expect(
          [...all].filter((k) => !have.has(k)),
          `${lng}/${ns}`,
        ).toEqual([]);
      }
    }
  });

  it('when a text is empty, then the test fails', () => {
    for (const lng of SUPPORTED_LANGUAGES)
      for (const ns of NAMESPACES) {
        const flat = (t: Tree): string[] =>
          Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : flat(v)));
        expect(
          flat(load(lng, ns)).filter((v) => !v.trim()),
          `${lng}/${ns}`,
        ).toEqual([]);
      }
  });

  it('when the server sends any contract error code, then English has a text for it', () => {
    const codes = (load('en', 'errors').codes ?? {}) as Tree;
    expect(ERROR_CODES.filter((c) => typeof codes[c] !== 'string')).toEqual([]);
  });

  it('when SPEC quotes a text, then English says exactly that', () => {
    const nav = load('en', 'nav');
    const errors = load('en', 'errors') as { codes: Tree; unknown: string };
    expect(nav.emailLoading).toBe('Loading...');
    expect(nav.emailEmpty).toBe('No emails found');
    expect(nav.helpdeskNoToken).toBe(
      'Access token not available. Please try again after logging in.',
    );
    expect(errors.unknown).toBe('An unknown error occurred');
    expect(errors.codes.NO_TOKEN).toBe('No token found, redirecting to login.');
    expect(errors.codes.FETCH_ERROR).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });
});
