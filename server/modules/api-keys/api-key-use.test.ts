import { expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import { createKey, keyBody } from '../../test-support/api-keys';
import { addDepartment, addPerson, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

/** Calling the API with a key: as a user, within its scopes, departments and limit. */
describeApi('calls made with an API key', { env: { API_KEY_RATE_LIMIT: '5' } }, (t) => {
  const emailsOf = (body: { items: { email: string }[] }) => body.items.map((u) => u.email);

  it('when a key calls a route inside its scopes, then it answers as for a user of its departments', async () => {
    const sales = await addDepartment(t);
    const other = await addDepartment(t);
    const inSales = await addPerson(t, { assignments: [{ department_id: sales, role_id: 2 }] });
    const inOther = await addPerson(t, { assignments: [{ department_id: other, role_id: 2 }] });
    const created = await createKey(t, t.admin, { department_ids: [sales] });
    const res = await t.api('GET', '/api/users?size=500', { token: created.key });
    expect(res.status, res.raw).toBe(200);
    expect(emailsOf(res.body)).toContain(inSales.email);
    expect(emailsOf(res.body)).not.toContain(inOther.email);
  });

  it('when a key calls a route outside its scopes, then 403, as for a user without the right', async () => {
    const created = await createKey(t, t.admin);
    const roles = await t.api('GET', '/api/roles', { token: created.key });
    expect(roles.status).toBe(403);
    const adminOnly = await t.api('GET', '/api/departments', { token: created.key });
    expect(adminOnly.status).toBe(403);
  });

  it('when a key tries to manage keys or act as its creator, then 403 whatever its scopes', async () => {
    // Two keys: refused calls count against a key's limit (5 a minute in this file) too.
    const rights = idsOf('Roles.ADD', 'Roles.LIST_VIEW', 'Roles.VIEW', 'Roles.DELETE');
    const one = await createKey(t, t.admin, { permission_set: rights });
    const two = await createKey(t, t.admin, { permission_set: rights });
    const calls = await Promise.all([
      t.api('POST', '/api/api-keys', { token: one.key, body: keyBody() }),
      t.api('GET', '/api/api-keys', { token: one.key }),
      t.api('DELETE', `/api/api-keys/${one.id}`, { token: one.key }),
      t.api('GET', '/api/users/me', { token: two.key }),
      t.api('PUT', '/api/users/me/password', {
        token: two.key,
        body: { old_password: 'x', new_password: 'Another-Pass-123' },
      }),
      t.api('POST', '/api/users/logout', { token: two.key }),
    ]);
    expect(calls.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const roles = await t.api('GET', '/api/roles', { token: one.key });
    expect(roles.status).toBe(200);
    expect((await t.api('GET', `/api/api-keys/${one.id}`, { token: t.admin })).body.status).toBe(
      'active',
    );
  });

  it('when a key is revoked, then the next call answers 401', async () => {
    const created = await createKey(t, t.admin);
    expect((await t.api('GET', '/api/users', { token: created.key })).status).toBe(200);
    await t.api('DELETE', `/api/api-keys/${created.id}`, { token: t.admin });
    const after = await t.api('GET', '/api/users', { token: created.key });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
  });

  it('when a key has expired, or its secret or lookup is wrong, then 401', async () => {
    const created = await createKey(t, t.admin);
    const flipped = created.key.slice(0, -1) + (created.key.endsWith('A') ? 'B' : 'A');
    const unknown = `atr_${'Z'.repeat(12)}${created.key.slice(16)}`;
    for (const token of [flipped, unknown, 'atr_short'])
      expect((await t.api('GET', '/api/users', { token })).status).toBe(401);
    await t.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    const expired = await t.api('GET', '/api/users', { token: created.key });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
    const listed = await t.api('GET', `/api/api-keys/${created.id}`, { token: t.admin });
    expect(listed.body.status).toBe('expired');
  });

  it('when a key that worked no longer matches its stored hash, then 401 (its row decides every call)', async () => {
    const created = await createKey(t, t.admin);
    expect((await t.api('GET', '/api/users', { token: created.key })).status).toBe(200);
    await t.database.db
      .updateTable('api_keys')
      .set({ secret_hash: '0'.repeat(64) })
      .where('id', '=', created.id)
      .execute();
    expect((await t.api('GET', '/api/users', { token: created.key })).status).toBe(401);
  });

  it('when a key is used without the x-api-key header, then 401 as for any call', async () => {
    const created = await createKey(t, t.admin);
    const res = await t.api('GET', '/api/users', { token: created.key, apiKey: null });
    expect(res.status).toBe(401);
  });

  it('when the creator loses a right, then the key loses it at once', async () => {
    const sales = await addDepartment(t);
    const manager = await personWith(t, sales, 'Roles.ADD', 'Users.LIST_VIEW');
    const created = await createKey(t, manager.token, {
      permission_set: idsOf('Users.LIST_VIEW'),
      department_ids: [sales],
    });
    expect((await t.api('GET', '/api/users', { token: created.key })).status).toBe(200);
    await t.database.db
      .updateTable('roles')
      .set({ permission_set: JSON.stringify(idsOf('Roles.ADD')) })
      .where('id', '=', manager.roleId)
      .execute();
    expect((await t.api('GET', '/api/users', { token: created.key })).status).toBe(403);
  });

  it('when a key makes requests, then its count and last use show, and past its limit it gets 429', async () => {
    const created = await createKey(t, t.admin);
    const before = Date.now();
    for (let i = 0; i < 5; i += 1)
      expect((await t.api('GET', '/api/users', { token: created.key })).status).toBe(200);
    const over = await t.api('GET', '/api/users', { token: created.key });
    expect(over.status).toBe(429);
    expect(over.body.retry_after).toBeGreaterThan(0);
    const other = await createKey(t, t.admin);
    expect((await t.api('GET', '/api/users', { token: other.key })).status).toBe(200);
    const read = await t.api('GET', `/api/api-keys/${created.id}`, { token: t.admin });
    expect(read.body.request_count).toBe(5);
    expect(Date.parse(read.body.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
    const shared = await t.database.db
      .selectFrom('rate_windows')
      .select('count')
      .where('key', '=', `api-key:${created.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(shared.count)).toBe(5);
  });
});
