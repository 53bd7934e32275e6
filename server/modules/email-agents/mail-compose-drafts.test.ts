import { afterAll, beforeAll, expect, it } from 'vitest';
import { composeDraftAnswerSchema } from '../../../contract/email-mailbox';
import {
  accountBody,
  createAccount,
  mailAppEnv,
  mailUser,
  waitForMail,
} from '../../test-support/email';
import { personWith } from '../../test-support/identity';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/** A compose left half-written is kept for its writer until it is sent or discarded. */
describeApi('kept compose drafts', { env: mailAppEnv() }, (t) => {
  const path = (id: number) => `/api/email-agent/${id}/compose/draft`;
  const read = async (id: number, token = t.admin) => {
    const res = await t.api('GET', path(id), { token });
    expect(res.status).toBe(200);
    return composeDraftAnswerSchema.parse(res.body).draft;
  };

  it('when a compose is kept, then it comes back to its writer only, stays through a change, and goes once the mail is sent', async () => {
    const box = mailUser(servers, 'keep');
    const friend = mailUser(servers, 'reader');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    expect(await read(account.id)).toBeNull();
    // Half-typed: the second address is not one yet, which a draft may hold.
    const half = { to: `${friend.address}, capt`, subject: 'Berth', body: 'Berth 7 is' };
    const kept = await t.api('PUT', path(account.id), { token: t.admin, body: half });
    expect(kept.status).toBe(200);
    expect(kept.body.draft).toMatchObject({ ...half, cc: '' });
    expect(await read(account.id)).toMatchObject(half);
    const more = { ...half, body: 'Berth 7 is yours on Tuesday.' };
    await t.api('PUT', path(account.id), { token: t.admin, body: more });
    expect(await read(account.id)).toMatchObject(more);

    // Another person who may compose from the account has a draft of their own.
    const clerk = await personWith(t, 1, 'Email_agent.VIEW', 'Email_agent.UPDATE');
    expect(await read(account.id, clerk.token)).toBeNull();
    // Someone who may only read the mailbox may not keep or read drafts.
    const reader = await personWith(t, 1, 'Email_agent.VIEW');
    expect((await t.api('GET', path(account.id), { token: reader.token })).status).toBe(403);

    const sent = await t.api('POST', `/api/email-agent/${account.id}/compose`, {
      token: t.admin,
      body: { to: [friend.address], subject: more.subject, body: more.body },
    });
    expect(sent.status).toBe(200);
    expect(await waitForMail(servers, friend, 1)).toHaveLength(1);
    expect(await read(account.id)).toBeNull();
  });

  it('when a kept draft is discarded or emptied, then it is gone; a draft with control characters is refused and the kept one stays', async () => {
    const box = mailUser(servers, 'toss');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    const draft = { to: '', cc: '', subject: 'Idea', body: 'Maybe later' };
    await t.api('PUT', path(account.id), { token: t.admin, body: draft });
    const bad = await t.api('PUT', path(account.id), {
      token: t.admin,
      body: { ...draft, subject: 'bell\u0007' },
    });
    expect(bad.status).toBe(400);
    expect(await read(account.id)).toMatchObject(draft);
    const discarded = await t.api('DELETE', path(account.id), { token: t.admin });
    expect(discarded.status).toBe(200);
    expect(await read(account.id)).toBeNull();
    await t.api('PUT', path(account.id), { token: t.admin, body: draft });
    const emptied = await t.api('PUT', path(account.id), {
      token: t.admin,
      body: { to: ' ', cc: '', subject: '', body: '\n' },
    });
    expect(emptied.body).toEqual({ draft: null });
    expect(await read(account.id)).toBeNull();
    // An account deleted takes its drafts with it; its address answers 404 again.
    await t.api('PUT', path(account.id), { token: t.admin, body: draft });
    await t.api('DELETE', `/api/email-agent/${account.id}`, { token: t.admin });
    expect((await t.api('GET', path(account.id), { token: t.admin })).status).toBe(404);
    const { n } = await t.database.db
      .selectFrom('email_compose_drafts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('email_agent_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });
});
