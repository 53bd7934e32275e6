import { afterAll, beforeAll, expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import { ROLE_IDS } from '../../db/seed';
import { accountBody, createAccount, mailAppEnv, mailUser } from '../../test-support/email';
import { addDepartment, addPerson, addRole } from '../../test-support/identity';
import { freePort, startMailServers, type MailServers } from '../../test-support/mail-servers';
import {
  SSH_BANNER,
  startRecordingListener,
  type RecordingListener,
} from '../../test-support/recording-listener';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
/** Ports that are no mail server: one silent, one speaking HTTP, one greeting as SSH. */
let others: Record<'silent' | 'http' | 'ssh', RecordingListener>;
let imapLike: RecordingListener;
beforeAll(async () => {
  servers = await startMailServers();
  others = {
    silent: await startRecordingListener('silent'),
    http: await startRecordingListener('http'),
    ssh: await startRecordingListener('ssh'),
  };
  imapLike = await startRecordingListener('imap');
}, 30_000);
afterAll(async () => {
  for (const l of [...Object.values(others ?? {}), imapLike]) await l?.close();
  await servers?.stop();
});

const TEST = '/api/email-agent/test-connection';

const probeOf = (user: { address: string; password: string }) => {
  const { email: _e, title: _t, department_id: _d, ...probe } = accountBody(servers, user);
  return probe;
};

/** Loopback is not opened by the operator here (no INTEGRATION_HOSTS_ALLOW). */
describeApi('mailbox hosts not allowed', { env: { EMAIL_SYNC_SECONDS: '0' } }, (t) => {
  it('when the mail servers are on loopback and INTEGRATION_HOSTS_ALLOW is unset, then Test connection, sync and sending are refused, say why, and connect to nothing', async () => {
    const box = mailUser(servers, 'closed');
    const heard = imapLike.connections();
    const tested = await t.api('POST', TEST, {
      token: t.admin,
      body: { ...probeOf(box), imap_port: imapLike.port },
    });
    expect(imapLike.connections()).toBe(heard);
    expect(tested.body.imap).toMatchObject({ ok: false, code: 'host_closed' });
    expect(tested.body.smtp).toMatchObject({ ok: false, code: 'host_closed' });
    expect(tested.body.imap.error).toMatch(/private or local address.*INTEGRATION_HOSTS_ALLOW/);

    const account = await createAccount(t, t.admin, accountBody(servers, box));
    const path = `/api/email-agent/${account.id}`;
    const synced = await t.api('POST', `${path}/sync`, { token: t.admin });
    expect(synced.body.error).toMatch(/private or local address.*INTEGRATION_HOSTS_ALLOW/);
    const read = await t.api('GET', path, { token: t.admin });
    expect(read.body.last_sync_error).toBe(synced.body.error);
    // The console says it in its reader's language from the code.
    expect(read.body.last_sync_error_code).toBe('host_closed');
    const sent = await t.api('POST', `${path}/compose`, {
      token: t.admin,
      body: { to: ['someone@example.test'], subject: 'Hello', body: 'Hi.' },
    });
    expect(sent.status).toBe(502);
    expect(sent.body.message).toMatch(/private or local address/);
  });
});

describeApi(
  'mailbox hosts for Trial users',
  { env: mailAppEnv({ INTEGRATION_HOSTS_ALLOW: '127.0.0.0/8' }) },
  (t) => {
    it('when a Trial user holding Email_agent rights tests or adds a mailbox on loopback, then it is refused although the operator allows loopback, and so is the sync of their account', async () => {
      const department = await addDepartment(t);
      const rights = await addRole(
        t,
        department,
        idsOf('Email_agent.ADD', 'Email_agent.UPDATE', 'Email_agent.VIEW', 'Email_agent.LIST_VIEW'),
      );
      const trial = await addPerson(t, {
        assignments: [
          { department_id: department, role_id: ROLE_IDS.trial },
          { department_id: department, role_id: rights },
        ],
      });
      const box = mailUser(servers, 'trial');
      const tested = await t.api('POST', TEST, { token: trial.token, body: probeOf(box) });
      expect(tested.body.imap).toMatchObject({ ok: false, code: 'host_closed_trial' });
      expect(tested.body.smtp).toMatchObject({ ok: false, code: 'host_closed_trial' });
      expect(tested.body.imap.error).toMatch(/trial accounts connect to public addresses only/);

      const account = await createAccount(
        t,
        trial.token,
        accountBody(servers, box, { department_id: department }),
      );
      // Synced by an administrator: the account's destination was still chosen by a Trial user.
      const synced = await t.api('POST', `/api/email-agent/${account.id}/sync`, {
        token: t.admin,
      });
      expect(synced.body.error).toMatch(/trial accounts connect to public addresses only/);
      // The same mailbox, set up by the administrator, is reached.
      const own = await t.api('POST', TEST, { token: t.admin, body: probeOf(box) });
      expect(own.body.imap).toMatchObject({ ok: true });
    });
  },
);

describeApi('mailbox connection failures', { env: mailAppEnv() }, (t) => {
  it('when Test connection meets a refused port, a silent one, one speaking HTTP, one greeting as SSH or TLS against a plain server, then each answers the same failure, and only the log tells them apart', async () => {
    const box = mailUser(servers, 'scan');
    const probe = probeOf(box);
    const at = (port: number) => ({ ...probe, imap_port: port, smtp_port: port });
    const refused = await freePort();
    const bodies = [
      at(refused),
      at(others.silent.port),
      at(others.http.port),
      at(others.ssh.port),
      { ...probe, imap_tls: 'tls', smtp_tls: 'tls' },
    ];
    const answers = await Promise.all(
      bodies.map((body) => t.api('POST', TEST, { token: t.admin, body })),
    );
    const neutral = {
      ok: false,
      code: 'unreachable',
      error: 'The connection failed: no mail server answered there with this security setting.',
    };
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ imap: neutral, smtp: neutral });
    }
    const logs = t.logs();
    expect(logs).toContain('ECONNREFUSED');
    expect(logs).toContain(SSH_BANNER);
    expect(logs.match(/mailbox connection test failed/g)?.length).toBeGreaterThanOrEqual(5);
    expect(logs).not.toContain(box.password);
  }, 60_000);
});
