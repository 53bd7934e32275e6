/**
 * Password guesses from many addresses must not keep the owner out: the browser the owner
 * signed in with before still signs in while the account-wide back-off holds, because it
 * carries its device cookie; another browser with the right password is told to wait.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signOut } from './support/actions';
import { createVerifiedTrialUser } from './support/accounts';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** One wrong password for `email`, sent from `address` as a reverse proxy would name it. */
async function guess(server: RunningServer, address: string, email: string, password: string) {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: {
      'x-api-key': server.apiKey,
      'content-type': 'application/json',
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('sign-in under a password-guessing attack', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    // Behind a reverse proxy: each guess names its own client address.
    server = await startServer({ TRUST_PROXY: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when 120 wrong passwords came from 40 addresses, then the browser that signed in before still signs in and a new one must wait', async () => {
    const owner = { username: 'owner', email: 'owner@e2e.test', password: 'Owner-Pass-123' };
    await createVerifiedTrialUser(server, owner);
    const known = await browser.newPage();
    await signIn(known, server.url, owner.email, owner.password);
    await signOut(known);

    // The attacker waits out each account-wide wait; the test moves the server's clock on
    // instead, in its database, so that all 120 count and the last wait is 15 minutes.
    const database = new SQLite(join(server.dataDir, 'atrium.db'));
    database.pragma('busy_timeout = 5000');
    const waitOut = database.prepare(
      'update auth_throttle set blocked_until = ? where blocked_until is not null',
    );
    const statuses: number[] = [];
    try {
      for (let a = 1; a <= 40; a++)
        for (let i = 1; i <= 3; i++) {
          const address = `203.0.113.${a}`;
          let status = await guess(server, address, owner.email, `Guess-${a}-${i}-xx`);
          if (status === 429) {
            waitOut.run(new Date(Date.now() - 1000).toISOString());
            status = await guess(server, address, owner.email, `Guess-${a}-${i}-xx`);
          }
          statuses.push(status);
        }
    } finally {
      database.close();
    }
    // Each address stayed within its own allowance; every guess was checked.
    expect(statuses.every((s) => s === 401)).toBe(true);

    const stranger = await browser.newPage();
    await stranger.goto(`${server.url}/login`);
    await stranger.getByLabel('Email').fill(owner.email);
    await stranger.getByLabel('Password', { exact: true }).fill(owner.password);
    await stranger.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => stranger.getByRole('alert').first().textContent())
      .toMatch(/Too many requests.*Please wait 15 min/);
    expect(new URL(stranger.url()).pathname).toBe('/login');

    await signIn(known, server.url, owner.email, owner.password);
    expect(new URL(known.url()).pathname).not.toBe('/login');
    await expect.poll(() => known.getByRole('button', { name: 'User menu' }).count()).toBe(1);
  });
});
