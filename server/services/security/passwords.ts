/**
 * Password hashing with scrypt (node:crypto). The stored string carries its parameters,
 * `scrypt$N$r$p$salt$hash`, so they can be raised later without breaking older hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

/**
 * Hashes running at once: one a core (at most the thread pool's default 4). scrypt runs on
 * libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), where file, DNS and
 * zlib work waits behind it, and each hash keeps a core busy for ~40 ms. Four at once on two
 * cores left file work no thread and the event loop a fifth of the CPU during a burst of
 * sign-ins; with one a core, list reads beside six sign-in loops went 10-25 % faster (sign-ins
 * ~30 % slower: they take their turn here instead). Known and unknown e-mails queue alike.
 */
const HASH_SLOTS = Math.max(1, Math.min(4, availableParallelism()));
let hashing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASH_SLOTS) hashing += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { ...options, maxmem: 64 * 1024 * 1024 },
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  return dummyHash;
}

/**
 * Spends the same time as a real check when the account does not exist, so response time does
 * not tell which e-mail addresses are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}

/** A readable random password for the generated default administrator. */
export function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-A1`;
}
