import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newPerson,
  startTestApp,
  TEST_API_KEY,
  testDatabases,
  type TestApp,
} from '../../test-support/test-app';

/**
 * Security finding: forgot-password and resend-verification took measurably longer for real
 * accounts, because the mail was sent before answering. Here the mail server accepts connections
 * and never speaks: the answers still come, the same for known and unknown addresses.
 */
describe.each(testDatabases)('answers that do not tell who has an account on %s', (dialect) => {
  let t: TestApp;
  let smtp: Server;
  const held: Socket[] = [];
  beforeAll(async () => {
    smtp = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as { port: number };
    t = await startTestApp(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${port}/?connectionTimeout=1500&greetingTimeout=1500`,
    });
  });
  afterAll(async () => {
    held.forEach((s) => s.destroy());
    await t?.close();
    await new Promise((resolve) => smtp.close(resolve));
  });

  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-api-key': TEST_API_KEY }, payload });

  it('when the mail server hangs, then forgot-password, resend and sign-up answer at once and alike for known and unknown addresses', async () => {
    // The account is made directly: sign-up's own mail would hang too.
    const who = await createVerifiedUserWithoutMail(t);
    const unknown = `nobody.${who.email}`;
    const pairs: [string, string][] = [
      [`/api/users/forgot-password/${who.email}`, `/api/users/forgot-password/${unknown}`],
      [
        `/api/users/resend-verification/?email=${who.email}`,
        `/api/users/resend-verification/?email=${unknown}`,
      ],
    ];
    for (const [known, other] of pairs) {
      const [a, b] = await Promise.all([post(known), post(other)]);
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
    }
    const taken = await post('/api/users/signup', { ...newPerson(), email: who.email });
    const fresh = await post('/api/users/signup', newPerson());
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    // A taken username is refused the same way whether or not the address has an account.
    const sameName = { ...newPerson(), username: who.username };
    const withKnown = await post('/api/users/signup', { ...sameName, email: who.email });
    const withNew = await post('/api/users/signup', sameName);
    expect(withKnown.statusCode).toBe(409);
    expect(withNew.statusCode).toBe(409);
    expect(withKnown.body).toBe(withNew.body);
    expect(held.length).toBeGreaterThan(0);
    // The mails fail later, in the background, and say so in the log only.
    await t.app.backgroundTasks.idle();
    expect(t.logs()).toContain('sending mail failed');
  });
});

async function createVerifiedUserWithoutMail(t: TestApp) {
  const who = newPerson('enum');
  const { hashPassword } = await import('../../services/security/passwords');
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('users')
    .values({
      username: who.username,
      email: who.email,
      first_name: who.first_name,
      last_name: who.last_name,
      password_hash: await hashPassword(who.password),
      status: 'active',
      is_verified: 1,
      is_defaultadmin: 0,
      failed_logins: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return who;
}
