import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectionTestSchema } from '../../../contract/email-agents';
import { accountBody, mailAppEnv, mailUser, sendAs, waitForMail } from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/**
 * "Test connection" says what it proved: that it signed in, or that the SMTP server offers no
 * login at all (a relay that takes mail from anyone), so the password was not checked.
 */
describeApi('an honest SMTP connection test', { env: mailAppEnv() }, (t) => {
  const probe = async (body: Record<string, unknown>) => {
    const { email: _e, title: _t, department_id: _d, ...fields } = body;
    const res = await t.api('POST', '/api/email-agent/test-connection', {
      token: t.admin,
      body: fields,
    });
    expect(res.status).toBe(200);
    return connectionTestSchema.parse(res.body);
  };

  it('when the SMTP server offers no login, then the test says the password was not checked, wrong or right', async () => {
    const user = mailUser(servers, 'relay');
    const body = accountBody(servers, user, { smtp_port: servers.smtpOpenPort });
    for (const password of ['not-the-password', user.password]) {
      const { imap, smtp } = await probe({ ...body, password });
      expect(smtp).toEqual({ ok: true, code: null, error: null, signed_in: false, tls: false });
      // IMAP always checks the password.
      expect(imap.ok).toBe(password === user.password);
    }
    // It is a real relay: mail sent through it arrives without any login.
    const friend = mailUser(servers, 'relayed');
    await sendAs(servers, user, { to: friend.address, subject: 'Through', text: 'x' });
    expect(await waitForMail(servers, friend, 1)).toHaveLength(1);
  });

  it('when the SMTP server offers a login, then a wrong password is refused and the right one signs in', async () => {
    const user = mailUser(servers, 'authed');
    const body = accountBody(servers, user);
    const wrong = await probe({ ...body, password: 'not-the-password' });
    expect(wrong.smtp).toMatchObject({ ok: false, code: 'login_refused' });
    expect(wrong.smtp.signed_in).toBeUndefined();
    const right = await probe(body);
    expect(right.smtp).toEqual({ ok: true, code: null, error: null, signed_in: true, tls: false });
    expect(right.imap).toEqual({ ok: true, code: null, error: null, signed_in: true, tls: false });
  });
});
