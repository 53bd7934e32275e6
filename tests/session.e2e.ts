import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, signIn, signOut } from './support/actions';
import { apiLogin, createVerifiedTrialUser } from './support/accounts';
import { launchBrowser, type BrowserSession } from './support/browser';
import { linkFrom, waitForMail } from './support/outbox';
import { api, startServer, type RunningServer } from './support/server';

/** The bearer token the page sends, read off its own requests to the API. */
function captureToken(page: Page): () => string | undefined {
  let token: string | undefined;
  page.on('request', (req) => {
    const auth = req.headers()['authorization'];
    if (auth?.startsWith('Bearer ')) token = auth.slice(7);
  });
  return () => token;
}

describe('session', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the user logs out, then cookies and stored keys are gone and the old token is refused', async () => {
    const page = await browser.newPage();
    const token = captureToken(page);
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.waitForLoadState('networkidle');
    const before = await page.context().cookies();
    expect(before.map((c) => c.name)).toEqual(expect.arrayContaining(['token', 'tokenExpiry']));
    expect(before.find((c) => c.name === 'token')?.value).not.toBe(token());
    await page.evaluate(() => {
      for (const k of ['agent', 'access_token', 'refresh_token', 'isLoggedIn'])
        localStorage.setItem(k, 'x');
    });
    const oldToken = token();
    expect(oldToken).toBeTruthy();
    expect((await api(server, 'GET', '/users/me', { token: oldToken })).status).toBe(200);

    await signOut(page);

    const after = (await page.context().cookies()).map((c) => c.name);
    expect(after).not.toContain('token');
    expect(after).not.toContain('tokenExpiry');
    const stored = await page.evaluate(() =>
      ['agent', 'access_token', 'refresh_token', 'theme', 'isLoggedIn'].map((k) =>
        localStorage.getItem(k),
      ),
    );
    expect(stored).toEqual([null, null, null, null, null]);
    const refused = await api(server, 'GET', '/users/me', { token: oldToken });
    expect(refused.status).toBe(401);

    await page.goto(`${server.url}/dashboard`);
    await expectPath(page, '/login');
    await page.close();
  });

  it('when a user forgets the password and follows the reset mail, then only the new password works', async () => {
    const who = { username: 'forgetful', email: 'forgetful@e2e.test', password: 'Old-Pass-123' };
    await createVerifiedTrialUser(server, who);
    const oldSession = await apiLogin(server, who.email, who.password);

    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form has an Email field too: wait for the reset form before typing.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').or(page.getByRole('alert')).first().waitFor();

    const mail = await waitForMail(server.dataDir, who.email, '/reset-password?token=');
    await page.goto(linkFrom(mail, '/reset-password?token='));
    const newPassword = 'New-Pass-456';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page
      .getByText(/password (has been|was) (reset|changed|set)/i)
      .first()
      .waitFor();

    expect((await api(server, 'GET', '/users/me', { token: oldSession })).status).toBe(401);
    const oldLogin = await api(server, 'POST', '/users/login', {
      body: { email: who.email, password: who.password },
    });
    expect(oldLogin.status).toBe(401);

    await signIn(page, server.url, who.email, newPassword);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.close();
  });

  it('when a person using the console in French forgets the password, then the reset mail and its page are in French', async () => {
    const who = { username: 'oublieux', email: 'oublieux@e2e.test', password: 'Ancien-Pass-123' };
    await createVerifiedTrialUser(server, who);

    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    const send = page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' });
    await send.waitFor();
    await page.getByLabel('Adresse e-mail').fill(who.email);
    await send.click();
    await page.getByRole('status').or(page.getByRole('alert')).first().waitFor();

    const mail = await waitForMail(server.dataDir, who.email, '/reset-password?token=');
    expect(mail.headers).toMatch(/^Content-Language: fr\r?$/im);
    expect(mail.text).toContain('Bonjour Limited,');
    expect(mail.text).toContain('Quelqu’un a demandé la réinitialisation du mot de passe');
    expect(mail.text).toContain('Le lien est valable 24 heures et ne fonctionne qu’une fois.');
    expect(mail.text).not.toMatch(/Hello|Someone asked|valid for/);

    // The link leads back to the console, which still speaks French.
    await page.goto(linkFrom(mail, '/reset-password?token='));
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-Pass-456');
    await page.getByLabel('Confirmer le mot de passe').fill('Nouveau-Pass-456');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page
      .getByText('Votre mot de passe a été réinitialisé.', { exact: false })
      .first()
      .waitFor();
    await page.close();
  });

  it('when a signed-in user changes the password, then the new one signs in and the old one does not', async () => {
    const who = { username: 'changer', email: 'changer@e2e.test', password: 'First-Pass-1' };
    await createVerifiedTrialUser(server, who);
    const page = await browser.newPage();
    await signIn(page, server.url, who.email, who.password);
    await page.goto(`${server.url}/change-password`);
    await page.getByLabel('Current password').fill(who.password);
    await page.getByLabel('New password').fill('Second-Pass-2');
    await page.getByLabel('Confirm password').fill('Second-Pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText(/password (has been|was) changed/i)
      .first()
      .waitFor();
    const oldLogin = await api(server, 'POST', '/users/login', {
      body: { email: who.email, password: who.password },
    });
    expect(oldLogin.status).toBe(401);
    expect(await apiLogin(server, who.email, 'Second-Pass-2')).toBeTruthy();
    await page.close();
  });
});
