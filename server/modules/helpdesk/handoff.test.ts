import { expect, it } from 'vitest';
import { HELPDESK_ROLE_ID } from '../../../contract/access';
import { exchangeSchema, handoffSchema } from '../../../contract/helpdesk-api';
import { createHelpdesk } from '../../test-support/helpdesk';
import { addDepartment, addPerson, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

/** Opening the helpdesk (SPEC §2, §8): a single-use, short-lived token, and its exchange. */
describeApi('helpdesk hand-off', (t) => {
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
  const exchange = (secret: string, token: string) =>
    t.api('POST', '/api/helpdesk/exchange', {
      headers: { authorization: `Bearer ${secret}` },
      body: { token },
    });

  it('when a helpdesk user opens the helpdesk, then the site exchanges the token once for who they are', async () => {
    const dept = await addDepartment(t, 'Support floor');
    const desk = await createHelpdesk(t, t.admin, {
      departments: [dept],
      site_url: 'https://desk.example.com',
    });
    const agent = await addPerson(t, {
      assignments: [{ department_id: dept, role_id: HELPDESK_ROLE_ID }],
    });
    const res = await t.api('POST', '/api/helpdesk/handoff', { token: agent.token, body: {} });
    expect(res.status).toBe(200);
    const handoff = handoffSchema.parse(res.body);
    expect(handoff.url).toMatch(/^https:\/\/desk\.example\.com\/auth\/callback\?token=[\w-]{43}$/);
    expect(handoff.url).not.toContain(agent.token);
    const lifetime = Date.parse(handoff.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    const stored = await t.database.db
      .selectFrom('helpdesk_handoffs')
      .select('token_hash')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(handoff.url));

    const first = await exchange(desk.signing_secret, tokenOf(handoff.url));
    expect(first.status).toBe(200);
    expect(exchangeSchema.parse(first.body)).toEqual({
      user: expect.objectContaining({ id: agent.id, email: agent.email }),
      departments: [{ id: dept, name: 'Support floor' }],
      helpdesk_role: 'agent',
      helpdesk_id: desk.id,
    });
    const reused = await exchange(desk.signing_secret, tokenOf(handoff.url));
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('TOKEN_INVALID');
  });

  it('when two exchanges of one token race, then exactly one succeeds', async () => {
    const desk = await createHelpdesk(t, t.admin);
    const handoff = await t.api('POST', '/api/helpdesk/handoff', {
      token: t.admin,
      body: { helpdesk_id: desk.id },
    });
    const token = tokenOf(handoff.body.url);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => exchange(desk.signing_secret, token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('when the token is expired, foreign, made up or the secret is wrong, then 401', async () => {
    const dept = await addDepartment(t);
    const mine = await createHelpdesk(t, t.admin, { departments: [dept] });
    const other = await createHelpdesk(t, t.admin, { departments: [dept] });
    const person = await personWith(t, dept, 'Helpdesk.LIST_VIEW');
    const mint = async () =>
      tokenOf(
        (
          await t.api('POST', '/api/helpdesk/handoff', {
            token: person.token,
            body: { helpdesk_id: mine.id },
          })
        ).body.url,
      );

    const foreign = await mint();
    expect((await exchange(other.signing_secret, foreign)).status).toBe(401);
    // Refused elsewhere, it still works where it was meant to go.
    const meant = await exchange(mine.signing_secret, foreign);
    expect(meant.status).toBe(200);
    expect(meant.body.helpdesk_role).toBe('viewer');

    const expired = await mint();
    await t.database.db
      .updateTable('helpdesk_handoffs')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect((await exchange(mine.signing_secret, expired)).status).toBe(401);
    expect((await exchange(mine.signing_secret, 'made-up-token')).status).toBe(401);

    const fresh = await mint();
    const wrongSecret = mine.signing_secret.slice(0, -4) + 'AAAA';
    const badSecret = await exchange(wrongSecret, fresh);
    expect(badSecret.status).toBe(401);
    expect(badSecret.body.code).toBe('UNAUTHORIZED');
    const noSecret = await t.api('POST', '/api/helpdesk/exchange', { body: { token: fresh } });
    expect(noSecret.status).toBe(401);
    // A switched-off helpdesk exchanges nothing.
    await t.api('PUT', `/api/helpdesk/${mine.id}`, { token: t.admin, body: { status: false } });
    expect((await exchange(mine.signing_secret, fresh)).status).toBe(401);
  });

  it('when no active helpdesk serves the person, then 404 HELPDESK_NOT_CONFIGURED', async () => {
    const lonely = await addDepartment(t);
    const person = await addPerson(t, {
      assignments: [{ department_id: lonely, role_id: HELPDESK_ROLE_ID }],
    });
    const res = await t.api('POST', '/api/helpdesk/handoff', { token: person.token, body: {} });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('HELPDESK_NOT_CONFIGURED');
  });

  it('when a helpdesk administrator is handed off, then the site is told their role is admin', async () => {
    const desk = await createHelpdesk(t, t.admin);
    const person = await addPerson(t, {
      assignments: [{ department_id: 1, role_id: HELPDESK_ROLE_ID }],
    });
    await t.api('POST', '/api/helpdesk/admin', { token: t.admin, body: { user_id: person.id } });
    const handoff = await t.api('POST', '/api/helpdesk/handoff', {
      token: person.token,
      body: { helpdesk_id: desk.id },
    });
    const res = await exchange(desk.signing_secret, tokenOf(handoff.body.url));
    expect(res.body.helpdesk_role).toBe('admin');
    expect(res.body.departments).toEqual([{ id: 1, name: 'General' }]);
  });
});
