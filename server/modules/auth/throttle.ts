/**
 * Back-off for password guesses, instead of a lock that anyone could keep an account in.
 *
 * Wrong passwords are counted per key. After a few free failures each further one makes the key
 * wait twice as long as the one before (1 s, 2 s, 4 s ... up to 15 minutes). Keys:
 * - `login:<account>:<address>`: one client guessing one account. Failures from an attacker's
 *   address never slow the owner down at another address.
 * - `login:<account>`: every address together, with a much larger allowance, so many addresses
 *   together cannot guess freely either.
 * - `login:<account>:device:<nonce>`: a browser that proved with its device cookie
 *   (device-cookies.ts) that it signed in to the account before. It counts instead of the two
 *   keys above, so the owner's browser is never kept out by other people's guesses.
 * - `password-change:<user id>`: the current-password check of PUT /users/me/password.
 * Accounts are keyed by a hash of the e-mail as typed (lower-cased), whether or not an account
 * exists, so the answers do not tell who has one. Counts go back to zero after a success, or
 * after an hour without failures.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';

export interface ThrottleRule {
  /** Failures that cost nothing. */
  free: number;
  /** Longest wait, in seconds. */
  maxSeconds: number;
}

export const LOGIN_PAIR: ThrottleRule = { free: 3, maxSeconds: 900 };
export const LOGIN_ACCOUNT: ThrottleRule = { free: 100, maxSeconds: 900 };
export const LOGIN_DEVICE: ThrottleRule = LOGIN_PAIR;
export const PASSWORD_CHANGE: ThrottleRule = { free: 3, maxSeconds: 900 };

const FORGET_AFTER_MS = 3600_000;

export const accountKey = (email: string) =>
  `login:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

/** The back-off key of one browser known to an account by its device cookie's nonce. */
export const deviceKey = (account: string, nonce: string) => `${account}:device:${nonce}`;

const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many wrong passwords. Please wait ${retryAfterSeconds} second(s) before trying again.`,
    { retry_after: retryAfterSeconds },
  );

/** Seconds to wait after `failures` failures under `rule` (0 while free). */
function backoffSeconds(failures: number, rule: ThrottleRule): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.maxSeconds, 2 ** Math.min(30, failures - rule.free - 1));
}

export function createThrottle({ db }: Database) {
  return {
    /** Throws 429 with Retry-After while any of the keys is waiting. */
    async assertOpen(keys: string[], now = Date.now()): Promise<void> {
      const rows = await db
        .selectFrom('auth_throttle')
        .select(['blocked_until'])
        .where('key', 'in', keys)
        .where('blocked_until', 'is not', null)
        .execute();
      const until = Math.max(0, ...rows.map((r) => Date.parse(r.blocked_until ?? '')));
      if (until > now) throw tooManyAttempts(Math.ceil((until - now) / 1000));
    },

    /** Counts one failure on each key and sets its wait. */
    async fail(entries: [key: string, rule: ThrottleRule][], now = Date.now()): Promise<void> {
      const at = new Date(now).toISOString();
      const stale = new Date(now - FORGET_AFTER_MS).toISOString();
      for (const [key, rule] of entries) {
        const row = await db
          .insertInto('auth_throttle')
          .values({ key, failures: 1, blocked_until: null, updated_at: at })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              failures: sql<number>`case when auth_throttle.updated_at < ${stale} then 1 else auth_throttle.failures + 1 end`,
              updated_at: at,
            }),
          )
          .returning('failures')
          .executeTakeFirstOrThrow();
        const wait = backoffSeconds(Number(row.failures), rule);
        if (wait > 0)
          await db
            .updateTable('auth_throttle')
            .set({ blocked_until: new Date(now + wait * 1000).toISOString() })
            .where('key', '=', key)
            .execute();
      }
    },

    /** After a password reset: every count of the account, from every address, is forgotten. */
    async clearAccount(email: string): Promise<void> {
      const account = accountKey(email);
      await db
        .deleteFrom('auth_throttle')
        .where((eb) => eb.or([eb('key', '=', account), eb('key', 'like', `${account}:%`)]))
        .execute();
    },

    async succeed(keys: string[]): Promise<void> {
      await db.deleteFrom('auth_throttle').where('key', 'in', keys).execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
