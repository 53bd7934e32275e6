import type * as crypto from 'node:crypto';
import type * as os from 'node:os';
import { describe, expect, it, vi } from 'vitest';

const watch = vi.hoisted(() => ({ running: 0, most: 0 }));

// The real scrypt, counted: how many hashes run at the same moment.
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof crypto>();
  const scrypt = (...args: unknown[]) => {
    const done = args.pop() as (err: Error | null, key: Buffer) => void;
    watch.running += 1;
    watch.most = Math.max(watch.most, watch.running);
    (real.scrypt as (...a: unknown[]) => void)(...args, (err: Error | null, key: Buffer) => {
      watch.running -= 1;
      done(err, key);
    });
  };
  return { ...real, scrypt };
});
// A two-core machine.
vi.mock('node:os', async (importOriginal) => ({
  ...(await importOriginal<typeof os>()),
  availableParallelism: () => 2,
}));

const { hashPassword, verifyPassword, verifyAgainstDummy } = await import('./passwords');

describe('password hashing', () => {
  it('when many passwords are checked at once, then no more hashes run together than there are cores, and each check answers right', async () => {
    const stored = await hashPassword('Right-Pass-123');
    watch.most = 0;
    const checks = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 3 === 2
          ? verifyAgainstDummy('Right-Pass-123')
          : verifyPassword(i % 3 === 0 ? 'Right-Pass-123' : 'Wrong-Pass-123', stored),
      ),
    );
    expect(checks).toEqual([true, false, false, true, false, false, true, false]);
    expect(watch.most).toBe(2);
    expect(watch.running).toBe(0);
  });
});
