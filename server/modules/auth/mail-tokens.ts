/** One-time tokens for verification and reset mails: 32 random bytes, stored as sha256 only. */
import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_TOKEN_TTL_HOURS } from '../../../contract/constants';
import type { EmailTokenRow } from '../../db/schema';
import { authErrors } from './auth-errors';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newMailToken(now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + EMAIL_TOKEN_TTL_HOURS * 3600_000).toISOString(),
  };
}

/** Where mailed-link tokens are kept (the auth repository). */
interface MailTokenStore<Ex> {
  insertEmailToken(ex: Ex, token: Omit<EmailTokenRow, 'id' | 'used_at'>): Promise<unknown>;
}

/**
 * A new token of `purpose` for the user, stored as its hash through `ex` (a transaction or the
 * database); returns the token itself, which only the mailed link carries.
 */
export async function issueMailToken<Ex>(
  store: MailTokenStore<Ex>,
  ex: Ex,
  userId: number,
  purpose: EmailTokenRow['purpose'],
): Promise<string> {
  const { token, ...stored } = newMailToken();
  await store.insertEmailToken(ex, { user_id: userId, purpose, ...stored });
  return token;
}

/** Throws the matching 4xx unless the token row exists, is unused and still valid. */
export function assertUsable(row: EmailTokenRow | undefined): asserts row is EmailTokenRow {
  if (!row) throw authErrors.tokenInvalid();
  if (row.used_at) throw authErrors.tokenUsed();
  if (Date.parse(row.expires_at) <= Date.now()) throw authErrors.tokenExpired();
}
