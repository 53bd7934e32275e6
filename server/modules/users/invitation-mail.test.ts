/**
 * The invitation an administrator's new user receives: in the administrator's console language,
 * worded as an invitation, and its link leads to choosing a first password, not to a "reset".
 */
import { expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import { addDepartment, addRole } from '../../test-support/identity';
import { tokenFromMail } from '../../test-support/outbox';
import { describeApi, newUserBody, type SuiteApp } from '../../test-support/test-app';

async function invite(t: SuiteApp, lng: string | undefined, tag: string) {
  const dept = await addDepartment(t);
  const role = await addRole(t, dept, idsOf('Users.LIST_VIEW'));
  const body = { ...newUserBody([{ department_id: dept, role_id: role }], tag), lng };
  const res = await t.api('POST', '/api/users', { token: t.admin, body });
  expect(res.status).toBe(201);
  const mail = t.mails().find((m) => m.to.includes(body.email));
  if (!mail) throw new Error(`no invitation to ${body.email}`);
  return { body, mail };
}

describeApi('invitation mail', (t) => {
  it('when a German-speaking administrator adds a user, then the invitation reads in German and invites rather than resets', async () => {
    const { body, mail } = await invite(t, 'de', 'einladung');
    expect(mail.subject).toBe('Einladung zu Atrium');
    expect(mail.text).toContain(`Hallo ${body.first_name},`);
    expect(mail.text).toContain(
      'Default Administrator hat ein Atrium-Konto für Sie angelegt. Um Ihr Passwort festzulegen und sich anzumelden, öffnen Sie:',
    );
    expect(mail.text).toContain('Der Link ist 24 Stunden gültig');
    expect(mail.text).toContain('„Passwort vergessen?“');
    // The link's own path says reset-password; the words around it do not.
    const words = mail.links.reduce((text, link) => text.replace(link, ''), mail.text);
    expect(words).not.toMatch(/zurückgesetzt|reset/i);
  });

  it('when an English-speaking administrator adds a user, then the invitation reads in English', async () => {
    const { body, mail } = await invite(t, 'en-GB', 'invitation');
    expect(mail.subject).toBe('You are invited to Atrium');
    expect(mail.text).toContain(`Hello ${body.first_name},`);
    expect(mail.text).toContain(
      'Default Administrator created an Atrium account for you. To choose your password and sign in, open:',
    );
    expect(mail.text).toContain('The link is valid for 24 hours and works once.');
    expect(mail.text).not.toMatch(/has been reset/i);
  });

  it('when the language is missing or one the console does not speak, then the invitation is in English', async () => {
    for (const lng of [undefined, 'pt']) {
      const { mail } = await invite(t, lng, `fallback${lng ?? ''}`);
      expect(mail.subject).toBe('You are invited to Atrium');
      expect(mail.text).not.toContain('{{');
    }
  });

  it('when an administrator using the Spanish console restores a deleted user, then the new invitation is in Spanish', async () => {
    const { body } = await invite(t, 'en', 'restaurada');
    const created = await t.api('GET', `/api/users/${encodeURIComponent(body.email)}`, {
      token: t.admin,
    });
    const id = (created.body as { id: number }).id;
    expect((await t.api('DELETE', `/api/users/delete/${id}`, { token: t.admin })).status).toBe(200);
    const restored = await t.api('POST', `/api/users/deleted/${id}/restore?lng=es`, {
      token: t.admin,
    });
    expect(restored.status).toBe(200);
    const mail = t
      .mails()
      .filter((m) => m.to.includes(body.email))
      .at(-1);
    expect(mail?.subject).toBe('Te han invitado a Atrium');
    expect(mail?.language).toBe('es');
    expect(mail?.text).toContain(`Hola, ${body.first_name}:`);
  });

  it('when the invited user opens the link and sets a password, then both answers speak of a first password, and a later reset of a reset', async () => {
    const { body } = await invite(t, 'en', 'firstpass');
    const token = tokenFromMail(t.mails(), body.email, '/reset-password?token=');
    const check = await t.api('GET', `/api/verify/reset/${token}`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ email: body.email, first_password: true });
    const set = await t.api('POST', `/api/verify/reset/${token}`, {
      body: { password: 'First-Chosen-Pass-7' },
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Your password is set. You can sign in with it now.');

    const forgot = await t.api(
      'POST',
      `/api/users/forgot-password/${encodeURIComponent(body.email)}`,
    );
    expect(forgot.status).toBe(200);
    let resetToken = '';
    for (let tries = 0; !resetToken && tries < 100; tries += 1) {
      await new Promise((r) => setTimeout(r, 50));
      const mails = t
        .mails()
        .filter((m) => m.to.includes(body.email) && m.file.endsWith('-reset.eml'));
      if (mails.length > 0) resetToken = tokenFromMail(mails, body.email, '/reset-password?token=');
    }
    const again = await t.api('GET', `/api/verify/reset/${resetToken}`);
    expect(again.body).toMatchObject({ email: body.email, first_password: false });
  });
});
