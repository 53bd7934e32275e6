import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, sidebarItems } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { linkFrom, waitForMail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

describe('sign-up and verification', () => {
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

  it('when a visitor signs up and follows the mailed link, then they can sign in and see the Trial menu', async () => {
    const page = await browser.newPage();
    const email = 'trial.person@e2e.test';
    const password = 'Trial-Pass-42';

    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('trial_person');
    await page.getByLabel('First name').fill('Tria');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText(/check your (e-)?mail/i)
      .first()
      .waitFor();

    // Before verification the account cannot sign in, and the page says why.
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: /verif/i }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    const mail = await waitForMail(server.dataDir, email, '/verify?token=');
    await page.goto(linkFrom(mail, '/verify?token='));
    await page
      .getByText(/verified/i)
      .first()
      .waitFor();

    await signIn(page, server.url, email, password);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Tria' }).waitFor();

    const menu = await sidebarItems(page);
    expect(menu).toContain('Chatbot');
    expect(menu).not.toContain('Integrations');
    expect(menu).not.toContain('User Management');
    expect(menu).toContain('Profile');
    await page.close();
  });

  it('when a visitor signs up with the console in German, then the verification mail is in German', async () => {
    const page = await browser.newPage();
    const email = 'deutsche.person@e2e.test';
    const password = 'Deutsch-Pass-42';

    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Language').selectOption('de');
    await page.getByLabel('Benutzername').fill('deutsche_person');
    await page.getByLabel('Vorname').fill('Greta');
    await page.getByLabel('Nachname').fill('Person');
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();

    const mail = await waitForMail(server.dataDir, email, '/verify?token=');
    expect(mail.headers).toMatch(/^Content-Language: de\r?$/im);
    expect(mail.text).toContain('Hallo Greta,');
    expect(mail.text).toContain('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).not.toMatch(/Hello|Please confirm|valid for/);
    await page.close();
  });

  it('when the same mailed link is opened twice, then the second time says it was already used', async () => {
    const page = await browser.newPage();
    const mail = await waitForMail(server.dataDir, 'trial.person@e2e.test', '/verify?token=');
    await page.goto(linkFrom(mail, '/verify?token='));
    await page
      .getByText(/already/i)
      .first()
      .waitFor();
    await page.close();
  });
});
