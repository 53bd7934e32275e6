import { expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import { countRows, letters } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

const PROSE = 'Follow-up of refunds; see the hand-book (2/3) — "VIP" clients = priority.';

describeApi('descriptions take ordinary punctuation, names keep their rules', (t) => {
  it('when a department or a role is described with hyphens and punctuation, then it is saved as written', async () => {
    const dept = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name: `Refunds ${letters()}`, description: PROSE },
    });
    expect(dept.status).toBe(201);
    expect(dept.body.description).toBe(PROSE);
    const renamed = await t.api('PUT', `/api/departments/${dept.body.id}`, {
      token: t.admin,
      body: { name: dept.body.name, description: 'Line one\nLine two - follow-up' },
    });
    expect(renamed.body.description).toBe('Line one\nLine two - follow-up');

    const role = await t.api('POST', '/api/roles', {
      token: t.admin,
      body: {
        name: `Refund desk ${letters()}`,
        description: PROSE,
        department_id: dept.body.id,
        permission_set: idsOf('Documents.VIEW'),
      },
    });
    expect(role.status).toBe(201);
    expect(role.body.description).toBe(PROSE);
  });

  it('when a name breaks its rule or a description holds a control character, then it answers 400 and writes nothing', async () => {
    const departments = await countRows(t, 'departments');
    const roles = await countRows(t, 'roles');
    const badName = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name: 'Refunds; 2', description: '' },
    });
    expect(badName.status).toBe(400);
    const control = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name: `Refunds ${letters()}`, description: 'bell \u0007' },
    });
    expect(control.status).toBe(400);
    expect(control.body.fields).toEqual([
      expect.objectContaining({ path: 'description', message: 'validation:plainText' }),
    ]);
    const roleName = await t.api('POST', '/api/roles', {
      token: t.admin,
      body: { name: 'Follow-up desk', description: PROSE, department_id: null, permission_set: [] },
    });
    expect(roleName.status).toBe(400);
    expect(await countRows(t, 'departments')).toBe(departments);
    expect(await countRows(t, 'roles')).toBe(roles);
  });
});
