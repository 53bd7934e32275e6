/**
 * The mails of sign-up, "you already have an account", resend and password reset speak the
 * language of the console the person asked from (`?lng=`), else their Accept-Language, else
 * English; never an English mail to a person reading the console in another language.
 */
import { expect, it } from 'vitest';
import { describeApi, newPerson, TEST_PUBLIC_URL } from '../../test-support/test-app';
import type { OutboxMail } from '../../test-support/outbox';

const link = encodeURIComponent(TEST_PUBLIC_URL);

describeApi('mails in the asker’s language', { admin: false }, (t) => {
  const signup = (body: object, query: string, headers?: Record<string, string>) =>
    t.api('POST', `/api/users/signup?verify_page_link=${link}${query}`, { body, headers });
  const forgot = (email: string, query: string, headers?: Record<string, string>) =>
    t.api(
      'POST',
      `/api/users/forgot-password/${encodeURIComponent(email)}?verify_page_link=${link}${query}`,
      {
        headers,
      },
    );
  const mailsTo = (email: string): OutboxMail[] => t.mails().filter((m) => m.to.includes(email));
  const lastMailTo = (email: string) => mailsTo(email).at(-1);

  /** A verified account whose own mails are all read, so the next one is the one we ask for. */
  async function verifiedPerson() {
    const who = newPerson('lang');
    expect((await signup(who, '&lng=en')).status).toBe(201);
    const verify = lastMailTo(who.email)?.links.find((l) => l.includes('/verify?token='));
    const token = new URL(verify as string).searchParams.get('token') as string;
    expect((await t.api('GET', `/api/verify/${encodeURIComponent(token)}`)).status).toBe(200);
    return who;
  }

  it('when a person signs up from the German console, then the verification mail is in German', async () => {
    const who = newPerson('de');
    expect((await signup(who, '&lng=de')).status).toBe(201);
    const mail = lastMailTo(who.email);
    expect(mail?.subject).toBe('Bestätigen Sie Ihr Atrium-Konto');
    expect(mail?.language).toBe('de');
    expect(mail?.text).toContain('Hallo Test,');
    expect(mail?.text).toContain('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail?.text).toContain('Der Link ist 24 Stunden gültig.');
    expect(mail?.text).not.toMatch(/Hello|Please confirm|valid for/);
    expect(mail?.links.some((l) => l.startsWith(`${TEST_PUBLIC_URL}/verify?token=`))).toBe(true);
  });

  it('when a person asks for a password reset from the Spanish console, then the reset mail is in Spanish', async () => {
    const who = await verifiedPerson();
    expect((await forgot(who.email, '&lng=es')).status).toBe(200);
    const mail = lastMailTo(who.email);
    expect(mail?.file).toMatch(/-reset\.eml$/);
    expect(mail?.subject).toBe('Restablece tu contraseña de Atrium');
    expect(mail?.language).toBe('es');
    expect(mail?.text).toContain('Hola, Test:');
    expect(mail?.text).toContain('restablecer la contraseña de tu cuenta de Atrium');
    expect(mail?.text).toContain('El enlace es válido durante 24 horas y solo funciona una vez.');
    expect(mail?.text).not.toMatch(/Hello|Someone asked|valid for/);
    expect(mail?.links.some((l) => l.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`))).toBe(
      true,
    );
  });

  it('when the language is one the console does not speak, then the mail is in English', async () => {
    const who = newPerson('xx');
    expect((await signup(who, '&lng=xx')).status).toBe(201);
    const mail = lastMailTo(who.email);
    expect(mail?.subject).toBe('Confirm your Atrium account');
    expect(mail?.language).toBe('en');
    expect(mail?.text).toContain('Hello Test,');
    expect(mail?.text).toContain('The link is valid for 24 hours.');

    const known = await verifiedPerson();
    expect((await forgot(known.email, '&lng=pt-BR')).status).toBe(200);
    expect(lastMailTo(known.email)?.subject).toBe('Reset your Atrium password');
  });

  it('when the console sends a regional tag, then the mail speaks its language', async () => {
    const who = newPerson('at');
    expect((await signup(who, '&lng=de-AT')).status).toBe(201);
    expect(lastMailTo(who.email)?.language).toBe('de');
  });

  it('when a client sends no language but Accept-Language, then the mail follows Accept-Language', async () => {
    const who = newPerson('fr');
    const accept = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
    expect((await signup(who, '', accept)).status).toBe(201);
    expect(lastMailTo(who.email)?.subject).toBe('Confirmez votre compte Atrium');

    // The console's own choice outweighs the browser's.
    const resent = await t.api(
      'POST',
      `/api/users/resend-verification/?email=${encodeURIComponent(who.email)}&verify_page_link=${link}&lng=ar`,
      { headers: accept },
    );
    expect(resent.status).toBe(200);
    const again = lastMailTo(who.email);
    expect(again?.subject).toBe('أكّد حسابك في أتريوم');
    expect(again?.language).toBe('ar');
    expect(again?.text).toContain('مرحبًا Test،');
    expect(mailsTo(who.email)).toHaveLength(2);
  });

  it('when someone signs up with a taken address from the French console, then its owner is told in French', async () => {
    const who = await verifiedPerson();
    const again = { ...newPerson('again'), email: who.email };
    expect((await signup(again, '&lng=fr')).status).toBe(201);
    const mail = lastMailTo(who.email);
    expect(mail?.file).toMatch(/-account-exists\.eml$/);
    expect(mail?.subject).toBe('Vous avez déjà un compte Atrium');
    expect(mail?.language).toBe('fr');
    expect(mail?.text).toContain('Vous avez déjà un compte');
  });

  it('when the language value is longer than any language tag, then sign-up answers 400 and makes no account', async () => {
    const who = newPerson('long');
    const res = await signup(who, `&lng=${'d'.repeat(36)}`);
    expect(res.status).toBe(400);
    expect(mailsTo(who.email)).toHaveLength(0);
    const login = await t.api('POST', '/api/users/login', {
      body: { email: who.email, password: who.password },
    });
    expect(login.status).toBe(401);
  });
});
