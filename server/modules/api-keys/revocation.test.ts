import { expect, it } from 'vitest';
import {
  API_KEY_EXAMPLE_READS,
  apiKeyPageSchema,
  apiKeySchema,
  exampleReadPath,
} from '../../../contract/api-keys';
import { idsOf } from '../../../contract/permissions';
import { createKey } from '../../test-support/api-keys';
import { GENERAL, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

/**
 * What the key list says about a revoked key (who revoked it and when, also after that person is
 * deleted), and the example call the console offers for a new key, made with the key itself.
 */
describeApi('revoked API keys and the example call', (t) => {
  const listed = async (id: number) => {
    const res = await t.api('GET', '/api/api-keys?size=500&status=revoked', { token: t.admin });
    expect(res.status).toBe(200);
    return apiKeyPageSchema.parse(res.body).items.find((k) => k.id === id);
  };

  it('when a person with the revoke right revokes a key, then the key and the list say who and when', async () => {
    const revoker = await personWith(t, GENERAL, 'Roles.DELETE', 'Roles.LIST_VIEW');
    const created = await createKey(t, t.admin, { name: 'Warehouse feed' });
    const before = new Date().toISOString();
    const res = await t.api('DELETE', `/api/api-keys/${created.id}`, { token: revoker.token });
    const after = new Date().toISOString();
    expect(res.status, res.raw).toBe(200);
    const answered = apiKeySchema.parse(res.body);
    const name = `Test ${revoker.username.slice('user.'.length)}`;
    expect(answered.revoked_by).toEqual({ id: revoker.id, name });
    expect(answered.revoked_at! >= before && answered.revoked_at! <= after).toBe(true);
    expect(await listed(created.id)).toMatchObject({
      status: 'revoked',
      revoked_by: { id: revoker.id, name },
      revoked_at: answered.revoked_at,
    });
    const read = await t.api('GET', `/api/api-keys/${created.id}`, { token: t.admin });
    expect(read.body).toMatchObject({ revoked_by: { name }, revoked_at: answered.revoked_at });
  });

  it('when the person who revoked a key is deleted, then the list still says who revoked it', async () => {
    const revoker = await personWith(t, GENERAL, 'Roles.DELETE', 'Roles.LIST_VIEW');
    const created = await createKey(t, t.admin, { name: 'Old export' });
    const revoked = await t.api('DELETE', `/api/api-keys/${created.id}`, { token: revoker.token });
    expect(revoked.status).toBe(200);
    const gone = await t.api('DELETE', `/api/users/delete/${revoker.id}`, { token: t.admin });
    expect(gone.status, gone.raw).toBe(200);
    const key = await listed(created.id);
    expect(key?.revoked_by).toEqual({ id: null, name: `Test ${revoker.username.slice(5)}` });
    expect(key?.revoked_at).toBe(apiKeySchema.parse(revoked.body).revoked_at);
  });

  it('when an active key is listed, then nobody is said to have revoked it', async () => {
    const created = await createKey(t, t.admin, { name: 'Still in use' });
    const res = await t.api('GET', `/api/api-keys/${created.id}`, { token: t.admin });
    expect(res.body).toMatchObject({ status: 'active', revoked_by: null, revoked_at: null });
  });

  it('when a key holds only the right of an example call, then that call answers 200 with the key', async () => {
    const rights = API_KEY_EXAMPLE_READS.map((r) => r.right);
    for (const right of rights) {
      const created = await createKey(t, t.admin, { permission_set: idsOf(right) });
      const path = exampleReadPath(created.permission_set);
      const res = await t.api('GET', `/api${path}`, { token: created.key });
      expect(res.status, `${right} -> ${path}: ${res.raw}`).toBe(200);
    }
  });
});
