import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  accountBody,
  createAccount,
  mailAppEnv,
  mailUser,
  sendAs,
  waitForMail,
} from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

let servers: MailServers;
// Filled once the servers made their certificate; the apps start after this file's beforeAll.
const trusted = mailAppEnv();
beforeAll(async () => {
  servers = await startMailServers({ tls: true });
  trusted.EMAIL_CA_FILE = servers.caFile ?? '';
}, 30_000);
afterAll(async () => servers?.stop());

const modes = () => ({
  tls: { imap_port: servers.imapsPort, smtp_port: servers.smtpsPort },
  starttls: { imap_port: servers.imapPort, smtp_port: servers.smtpPort },
});

async function roundTrip(t: SuiteApp, mode: 'tls' | 'starttls') {
  const box = mailUser(servers, mode);
  const friend = mailUser(servers, `${mode}f`);
  const body = accountBody(servers, box, {
    ...modes()[mode],
    imap_tls: mode,
    smtp_tls: mode,
  });
  const { email: _email, title: _title, department_id: _d, ...probe } = body;
  const tested = await t.api('POST', '/api/email-agent/test-connection', {
    token: t.admin,
    body: probe,
  });
  // Signed in on both, and over an encrypted connection.
  expect(tested.body).toEqual({
    imap: { ok: true, code: null, error: null, signed_in: true, tls: true },
    smtp: { ok: true, code: null, error: null, signed_in: true, tls: true },
  });
  const account = await createAccount(t, t.admin, body);
  await sendAs(servers, friend, { to: box.address, subject: `Over ${mode}`, text: 'Encrypted?' });
  const synced = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
  expect(synced.body).toMatchObject({ stored: 1, busy: false });
  const sent = await t.api('POST', `/api/email-agent/${account.id}/compose`, {
    token: t.admin,
    body: { to: [friend.address], subject: `Reply over ${mode}`, body: 'Yes.' },
  });
  expect(sent.status).toBe(200);
  const [mail] = await waitForMail(servers, friend, 1);
  expect(mail.messageId).toBe(sent.body.message_id);
}

/** The TLS modes against servers that speak TLS, with the app trusting their certificate. */
describeApi('mailbox TLS', { env: trusted }, (t) => {
  it("when an account uses 'tls' (IMAPS and SMTPS), then Test connection, sync and send work", async () => {
    await roundTrip(t, 'tls');
  });

  it("when an account uses 'starttls', then Test connection, sync and send work over the upgraded connections", async () => {
    await roundTrip(t, 'starttls');
  });
});

/** Without EMAIL_CA_FILE the self-signed certificate is refused; the log says why. */
describeApi('mailbox TLS untrusted', { env: mailAppEnv() }, (t) => {
  it('when the certificate is not trusted, then Test connection fails both with the neutral failure and the log says why', async () => {
    const box = mailUser(servers, 'untrusted');
    const {
      email: _e,
      title: _t,
      department_id: _d,
      ...probe
    } = accountBody(servers, box, {
      ...modes().tls,
      imap_tls: 'tls',
      smtp_tls: 'tls',
    });
    const tested = await t.api('POST', '/api/email-agent/test-connection', {
      token: t.admin,
      body: probe,
    });
    expect(tested.body.imap).toMatchObject({ ok: false, code: 'unreachable' });
    expect(tested.body.smtp).toMatchObject({ ok: false, code: 'unreachable' });
    expect(tested.raw).not.toMatch(/certificate/i);
    expect(t.logs()).toMatch(/certificate.*mailbox connection test failed/i);
  });
});
