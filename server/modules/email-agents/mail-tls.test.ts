import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  accountBody,
  createAccount,
  mailUser,
  sendAs,
  waitForMail,
} from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

let servers: MailServers;
// Filled once the servers made their certificate; the apps start after this file's beforeAll.
const trusted: Record<string, string> = { EMAIL_SYNC_SECONDS: '0' };
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
  expect(tested.body).toEqual({ imap: { ok: true, error: null }, smtp: { ok: true, error: null } });
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

/** Without EMAIL_CA_FILE the self-signed certificate is refused, and Test connection says so. */
describeApi('mailbox TLS untrusted', { env: { EMAIL_SYNC_SECONDS: '0' } }, (t) => {
  it('when the certificate is not trusted, then Test connection fails both with a certificate reason', async () => {
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
    expect(tested.body.imap.ok).toBe(false);
    expect(tested.body.smtp.ok).toBe(false);
    expect(`${tested.body.imap.error} ${tested.body.smtp.error}`).toMatch(/certificate/i);
  });
});
