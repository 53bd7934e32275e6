/**
 * The text of an API key: `atr_<lookup>_<secret>`. The lookup (9 random bytes, 12 url-safe
 * characters) finds the row; the secret (32 random bytes, 43 characters) is kept only as its
 * SHA-256. A slow password hash would buy nothing here: 256 random bits cannot be guessed, and
 * every request pays for the check.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX, apiKeyPattern } from '../../../contract/api-keys';

interface NewApiKey {
  key: string;
  lookup: string;
  secretHash: string;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newApiKey(): NewApiKey {
  // base64url of 9 bytes has no padding and may hold '_' — the secret is the last 43 characters.
  const lookup = randomBytes(9).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { key: `${API_KEY_PREFIX}${lookup}_${secret}`, lookup, secretHash: hashSecret(secret) };
}

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** The lookup and secret of a well-formed key, or undefined. */
export function parseApiKey(token: string): { lookup: string; secret: string } | undefined {
  if (!apiKeyPattern.test(token)) return undefined;
  const body = token.slice(API_KEY_PREFIX.length);
  return { lookup: body.slice(0, 12), secret: body.slice(13) };
}

/** Whether `secret` hashes to `storedHash`, in time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** `atr_<lookup>`: what lists show of a key. */
export const displayPrefix = (lookup: string) => `${API_KEY_PREFIX}${lookup}`;
