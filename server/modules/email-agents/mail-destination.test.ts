import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EmailAccountUpdateInput } from '../../../contract/email-agents';
import { accountBody, createAccount, mailAppEnv, mailUser } from '../../test-support/email';
import { addDepartment, personWith } from '../../test-support/identity';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import {
  carriesPassword,
  startRecordingListener,
  type RecordingListener,
} from '../../test-support/recording-listener';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

let servers: MailServers;
/** The attacker's host: another loopback address, speaking just enough IMAP and SMTP. */
let attacker: { imap: RecordingListener; smtp: RecordingListener };
beforeAll(async () => {
  servers = await startMailServers();
  attacker = {
    imap: await startRecordingListener('imap', '127.0.0.2'),
    smtp: await startRecordingListener('smtp', '127.0.0.2'),
  };
}, 30_000);
afterAll(async () => {
  await attacker?.imap.close();
  await attacker?.smtp.close();
  await servers?.stop();
});

const TEST = '/api/email-agent/test-connection';

/** An account an administrator set up in a department, and a member who may update it. */
async function storedAccount(t: SuiteApp) {
  const department = await addDepartment(t);
  const box = mailUser(servers, 'kept');
  const account = await createAccount(
    t,
    t.admin,
    accountBody(servers, box, { department_id: department }),
  );
  const clerk = await personWith(
    t,
    department,
    'Email_agent.LIST_VIEW',
    'Email_agent.VIEW',
    'Email_agent.UPDATE',
  );
  const {
    email: _e,
    title: _t,
    department_id: _d,
    password: _p,
    ...destination
  } = accountBody(servers, box);
  return { box, account, clerk, destination };
}

/** Every way to move the password elsewhere: host, port, TLS mode and user name. */
const moves = (): EmailAccountUpdateInput[] => [
  { imap_host: attacker.imap.host, imap_port: attacker.imap.port, imap_tls: 'none' },
  { imap_host: attacker.imap.host },
  { imap_port: attacker.imap.port },
  { imap_tls: 'starttls' },
  { smtp_host: attacker.smtp.host, smtp_port: attacker.smtp.port, smtp_tls: 'none' },
  { smtp_port: attacker.smtp.port },
  { smtp_tls: 'tls' },
  { username: 'someone.else@example.test' },
];

const heard = () => attacker.imap.received() + attacker.smtp.received();

/**
 * A stored mailbox password goes only where it was stored for. The mail servers and the
 * attacker's host are all on loopback, which the operator allows here, so that nothing but that
 * rule stands between the password and the attacker.
 */
describeApi(
  'stored mailbox passwords',
  { env: mailAppEnv({ INTEGRATION_HOSTS_ALLOW: '127.0.0.0/8' }) },
  (t) => {
    it('when a department member with Email_agent.UPDATE tests an account without its password against a host of their choice, then it answers 422 on the password and that host hears nothing', async () => {
      const { box, account, clerk, destination } = await storedAccount(t);
      const before = attacker.imap.connections() + attacker.smtp.connections();
      for (const move of moves()) {
        const res = await t.api('POST', TEST, {
          token: clerk.token,
          body: { ...destination, ...move, account_id: account.id },
        });
        expect(carriesPassword(heard(), box.address, box.password)).toBe(false);
        expect(res.status, JSON.stringify(move)).toBe(422);
        expect(res.body.fields).toEqual([
          { path: 'password', message: 'email:validation.passwordForNewDestination' },
        ]);
      }
      expect(attacker.imap.connections() + attacker.smtp.connections()).toBe(before);
      // The stored destination itself is tested with the stored password.
      const same = await t.api('POST', TEST, {
        token: clerk.token,
        body: { ...destination, account_id: account.id },
      });
      expect(same.body.imap).toMatchObject({ ok: true });
      expect(same.body.smtp).toMatchObject({ ok: true });
      expect(t.logs()).not.toContain(box.password);
    });

    it('when a member moves the account by PUT without the password, then it answers 422, nothing changes and a sync stays with the stored host; with the password typed again, the sync goes to the new host', async () => {
      const { box, account, clerk, destination } = await storedAccount(t);
      const path = `/api/email-agent/${account.id}`;
      const as = { token: clerk.token };
      const original = await t.api('GET', path, as);
      for (const move of moves()) {
        const put = await t.api('PUT', path, { ...as, body: { ...move, title: 'Moved' } });
        const synced = await t.api('POST', `${path}/sync`, as);
        expect(carriesPassword(heard(), box.address, box.password)).toBe(false);
        expect(put.status, JSON.stringify(move)).toBe(422);
        expect(put.body.fields).toEqual([
          { path: 'password', message: 'email:validation.passwordForNewDestination' },
        ]);
        expect(synced.body).toEqual({ stored: 0, busy: false });
      }
      const unchanged = await t.api('GET', path, as);
      expect(unchanged.body).toMatchObject({ ...destination, title: 'Support desk' });
      expect(unchanged.body.updated_at).toBe(original.body.updated_at);
      const history = await t.api('GET', `/api/email-agent/history/${account.id}`, as);
      expect(history.body.items.map((e: { action: string }) => e.action)).toEqual(['created']);

      // Typed again, the password goes where the person sent it: theirs to give.
      const typed = `Typed-again-${Date.now()}`;
      const moved = await t.api('PUT', path, {
        ...as,
        body: { imap_host: attacker.imap.host, imap_port: attacker.imap.port, password: typed },
      });
      expect(moved.status).toBe(200);
      const connections = attacker.imap.connections();
      const synced = await t.api('POST', `${path}/sync`, as);
      expect(attacker.imap.connections()).toBe(connections + 1);
      expect(attacker.imap.received()).toContain(typed);
      expect(synced.body.error).toBe('The mail server refused the login.');
      expect(carriesPassword(heard(), box.address, box.password)).toBe(false);
    });
  },
);
