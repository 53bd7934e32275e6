import { describe, expect, it } from 'vitest';
import { apiKeyPageSchema, apiKeySchema } from '../../../contract/api-keys';
import { idsOf } from '../../../contract/permissions';
import { createKey, keyBody } from '../../test-support/api-keys';
import { addDepartment, addPerson, GENERAL, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { hashSecret } from './key-secret';

/** The console's key calls: create (shown once), list, view, revoke, and who may do which. */
describeApi('API keys', (t) => {
  it('when an administrator creates a key, then it is answered once with the atr_ prefix and stored hashed', async () => {
    const created = await createKey(t, t.admin, { name: 'Billing export' });
    expect(created.key).toMatch(/^atr_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({
      name: 'Billing export',
      status: 'active',
      permission_set: idsOf('Users.VIEW', 'Users.LIST_VIEW').sort((a, b) => a - b),
      department_ids: [GENERAL],
      department_names: ['General'],
      request_count: 0,
      last_used_at: null,
      created_by: { name: 'Default Administrator' },
    });
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const secret = created.key.slice(-43);
    expect(row.secret_hash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const read = await t.api('GET', `/api/api-keys/${created.id}`, { token: t.admin });
    expect(read.status).toBe(200);
    expect(read.body.key).toBeUndefined();
    expect(read.raw).not.toContain(secret);
  });

  it('when the list is read, then it pages, searches, filters by status and never holds a key', async () => {
    await createKey(t, t.admin, { name: 'Search alpha' });
    const revoked = await createKey(t, t.admin, { name: 'Search beta' });
    await t.api('DELETE', `/api/api-keys/${revoked.id}`, { token: t.admin });
    const page = apiKeyPageSchema.parse(
      (await t.api('GET', '/api/api-keys?search=search', { token: t.admin })).body,
    );
    expect(page.items.map((k) => k.name)).toEqual(['Search beta', 'Search alpha']);
    expect(page.items.map((k) => k.status)).toEqual(['revoked', 'active']);
    const onlyRevoked = await t.api('GET', '/api/api-keys?search=search&status=revoked', {
      token: t.admin,
    });
    expect(onlyRevoked.body.items.map((k: { name: string }) => k.name)).toEqual(['Search beta']);
    const small = await t.api('GET', '/api/api-keys?size=1&page=2', { token: t.admin });
    expect(small.body).toMatchObject({ page: 2, size: 1 });
    expect(small.body.items).toHaveLength(1);
    expect(small.raw).not.toMatch(/atr_[A-Za-z0-9_-]{12}_/);
  });

  it('when the input is wrong, then it answers 400 with the fields and stores nothing', async () => {
    const count = async () =>
      (await t.database.db.selectFrom('api_keys').select('id').execute()).length;
    const before = await count();
    const bad = await t.api('POST', '/api/api-keys', {
      token: t.admin,
      body: { name: 'x', permission_set: [], department_ids: [], expires_in_days: 0 },
    });
    expect(bad.status).toBe(400);
    const paths = bad.body.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'permission_set', 'department_ids', 'expires_in_days']),
    );
    const unknownRight = await t.api('POST', '/api/api-keys', {
      token: t.admin,
      body: keyBody({ permission_set: [9999] }),
    });
    expect(unknownRight.status).toBe(400);
    const unknownDepartment = await t.api('POST', '/api/api-keys', {
      token: t.admin,
      body: keyBody({ department_ids: [987654] }),
    });
    expect(unknownDepartment.status).toBe(400);
    expect(unknownDepartment.body.fields[0]).toEqual({
      path: 'department_ids',
      message: 'validation:unknownDepartment',
    });
    const tooLong = await t.api('POST', '/api/api-keys', {
      token: t.admin,
      body: keyBody({ expires_in_days: 731 }),
    });
    expect(tooLong.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('when a key is revoked, then it is listed as revoked with who did it, and a second revoke is 409', async () => {
    const created = await createKey(t, t.admin);
    const res = await t.api('DELETE', `/api/api-keys/${created.id}`, { token: t.admin });
    expect(res.status).toBe(200);
    const key = apiKeySchema.parse(res.body);
    expect(key).toMatchObject({ status: 'revoked', revoked_by: { name: 'Default Administrator' } });
    expect(key.revoked_at).not.toBeNull();
    const again = await t.api('DELETE', `/api/api-keys/${created.id}`, { token: t.admin });
    expect(again.status).toBe(409);
    const missing = await t.api('DELETE', '/api/api-keys/999999', { token: t.admin });
    expect(missing.status).toBe(404);
  });

  describe('rights', () => {
    it('when a person holds no Roles right, then every key call answers 403', async () => {
      const clerk = await personWith(t, GENERAL, 'Users.LIST_VIEW');
      const created = await createKey(t, t.admin);
      const calls = [
        t.api('POST', '/api/api-keys', { token: clerk.token, body: keyBody() }),
        t.api('GET', '/api/api-keys', { token: clerk.token }),
        t.api('GET', `/api/api-keys/${created.id}`, { token: clerk.token }),
        t.api('DELETE', `/api/api-keys/${created.id}`, { token: clerk.token }),
      ];
      expect((await Promise.all(calls)).map((r) => r.status)).toEqual([403, 403, 403, 403]);
    });

    it('when staff with Roles rights create a key, then only with rights and departments they hold', async () => {
      const sales = await addDepartment(t);
      const other = await addDepartment(t);
      const manager = await personWith(t, sales, 'Roles.ADD', 'Roles.LIST_VIEW', 'Users.VIEW');
      const own = await createKey(t, manager.token, {
        permission_set: idsOf('Users.VIEW'),
        department_ids: [sales],
      });
      expect(own.department_ids).toEqual([sales]);
      const moreRights = await t.api('POST', '/api/api-keys', {
        token: manager.token,
        body: keyBody({ permission_set: idsOf('Users.DELETE'), department_ids: [sales] }),
      });
      expect(moreRights.status).toBe(403);
      expect(moreRights.body.code).toBe('PRIVILEGE_ESCALATION');
      const otherDepartment = await t.api('POST', '/api/api-keys', {
        token: manager.token,
        body: keyBody({ permission_set: idsOf('Users.VIEW'), department_ids: [sales, other] }),
      });
      expect(otherDepartment.status).toBe(403);
      expect(otherDepartment.body.code).toBe('PRIVILEGE_ESCALATION');
    });

    it('when staff read or revoke keys, then only the keys of their departments', async () => {
      const mine = await addDepartment(t);
      const theirs = await addDepartment(t);
      const reader = await personWith(t, mine, 'Roles.LIST_VIEW', 'Roles.DELETE');
      const inside = await createKey(t, t.admin, { name: 'Inside key', department_ids: [mine] });
      const outside = await createKey(t, t.admin, {
        name: 'Outside key',
        department_ids: [mine, theirs],
      });
      const list = await t.api('GET', '/api/api-keys?size=500', { token: reader.token });
      const names = list.body.items.map((k: { name: string }) => k.name);
      expect(names).toContain('Inside key');
      expect(names).not.toContain('Outside key');
      const hidden = await t.api('GET', `/api/api-keys/${outside.id}`, { token: reader.token });
      expect(hidden.status).toBe(404);
      const revokeHidden = await t.api('DELETE', `/api/api-keys/${outside.id}`, {
        token: reader.token,
      });
      expect(revokeHidden.status).toBe(404);
      const revoked = await t.api('DELETE', `/api/api-keys/${inside.id}`, { token: reader.token });
      expect(revoked.status).toBe(200);
    });

    it('when a disabled person is the creator, then the key answers 401', async () => {
      const admin = await addPerson(t, { is_defaultadmin: true });
      const created = await createKey(t, admin.token);
      await t.database.db
        .updateTable('users')
        .set({ status: 'disabled' })
        .where('id', '=', admin.id)
        .execute();
      const res = await t.api('GET', '/api/users', { token: created.key });
      expect(res.status).toBe(401);
    });
  });
});
