import { beforeAll, expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import { createHelpdesk } from '../../test-support/helpdesk';
import { addDepartment, addPerson, addRole } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

/**
 * A hand-off leads only to a helpdesk serving a department where the person holds the right of
 * POST /helpdesk/handoff (Helpdesk.LIST_VIEW): being a member elsewhere opens nothing there.
 */
describeApi('helpdesk hand-off per department', (t) => {
  let sales = 0;
  let ops = 0;
  let salesDesk = 0;

  beforeAll(async () => {
    sales = await addDepartment(t, 'Sales');
    ops = await addDepartment(t, 'Operations');
    salesDesk = (
      await createHelpdesk(t, t.admin, { departments: [sales], site_url: 'https://sales.example' })
    ).id;
  });

  const handoff = (token: string, body: Record<string, unknown> = {}) =>
    t.api('POST', '/api/helpdesk/handoff', { token, body });
  const serving = async (token: string) => {
    const res = await t.api('GET', '/api/helpdesk/serving', { token });
    expect(res.status).toBe(200);
    return res.body.serving as boolean;
  };

  it('when a person holds Helpdesk.LIST_VIEW in Operations only, then no token for the Sales helpdesk', async () => {
    const opsViewer = await addRole(t, ops, idsOf('Helpdesk.LIST_VIEW'));
    // A member of Sales too, without a Helpdesk right there.
    const person = await addPerson(t, {
      assignments: [
        { department_id: ops, role_id: opsViewer },
        { department_id: sales, role_id: 2 },
      ],
    });
    // The console asks first, and is told what the hand-off would find: nothing.
    expect(await serving(person.token)).toBe(false);
    for (const body of [{}, { helpdesk_id: salesDesk }]) {
      const res = await handoff(person.token, body);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('HELPDESK_NOT_CONFIGURED');
      expect(res.raw).not.toContain('sales.example');
    }
    const minted = await t.database.db
      .selectFrom('helpdesk_handoffs')
      .select('helpdesk_id')
      .where('user_id', '=', person.id)
      .execute();
    expect(minted).toEqual([]);

    // Their own department's helpdesk opens.
    const opsDesk = await createHelpdesk(t, t.admin, {
      departments: [ops],
      site_url: 'https://ops.example',
    });
    expect(await serving(person.token)).toBe(true);
    const res = await handoff(person.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ helpdesk_id: opsDesk.id });
    expect(res.body.url).toMatch(/^https:\/\/ops\.example\//);
    expect((await handoff(person.token, { helpdesk_id: salesDesk })).status).toBe(404);
  });

  it('when an administrator opens a helpdesk, then any active one opens', async () => {
    const res = await handoff(t.admin, { helpdesk_id: salesDesk });
    expect(res.status).toBe(200);
    expect(res.body.helpdesk_id).toBe(salesDesk);
  });
});
