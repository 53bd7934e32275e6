/**
 * `sort` on the paged lists (our addition to SPEC's list queries): users, roles, departments and
 * knowledge documents come back ordered by the chosen column, either way, with paging applied
 * after the order; an unknown column is refused with 422 and nothing else changes.
 */
import { expect, it } from 'vitest';
import { addDocumentRow } from '../../test-support/document-rows';
import { addDepartment, addPerson, addRole, letters } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describeApi('sorted lists', (t) => {
  const list = async (path: string) => {
    const res = await t.api('GET', path, { token: t.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: Record<string, unknown>[]; total: number };
  };
  const field = (items: Record<string, unknown>[], key: string) => items.map((i) => i[key]);

  it('when users are listed sorted by name, e-mail or status, then they come in that order either way', async () => {
    const tag = `Sorted ${letters()}`;
    const dept = await addDepartment(t, tag);
    const role = await addRole(t, dept, []);
    const people = [];
    for (const status of ['active', 'disabled', 'active'] as const)
      people.push(
        await addPerson(t, { status, assignments: [{ department_id: dept, role_id: role }] }),
      );
    const query = `/api/users?department_name=${encodeURIComponent(tag)}`;
    const emails = people.map((p) => p.email).sort(byText);

    const byEmail = await list(`${query}&sort=email`);
    expect(field(byEmail.items, 'email')).toEqual(emails);
    const byEmailDown = await list(`${query}&sort=-email`);
    expect(field(byEmailDown.items, 'email')).toEqual([...emails].reverse());
    // Every fixture person is "Test <tag>": the name order is the last names' order.
    const byName = await list(`${query}&sort=-name`);
    const lastNames = field(byName.items, 'last_name') as string[];
    expect(lastNames).toEqual([...lastNames].sort(byText).reverse());
    const byStatus = await list(`${query}&sort=-status`);
    expect(field(byStatus.items, 'status')).toEqual(['disabled', 'active', 'active']);
    // Paging applies after the order: page 2 of 1 is the second e-mail.
    const second = await list(`${query}&sort=email&page=2&size=1`);
    expect(second).toMatchObject({ total: 3, items: [{ email: emails[1] }] });
  });

  it('when roles and departments are listed sorted by name, then the order follows the names whatever their case', async () => {
    const tag = letters();
    const names = [`b ${tag}`, `C ${tag}`, `a ${tag}`];
    const dept = await addDepartment(t, `Roles ${tag}`);
    for (const name of names) {
      await addDepartment(t, name);
      await addRole(t, dept, [], name);
    }
    const expected = [`a ${tag}`, `b ${tag}`, `C ${tag}`];
    const departments = await list(`/api/departments?search=${tag}&sort=name`);
    expect(field(departments.items, 'name').filter((n) => names.includes(n as string))).toEqual(
      expected,
    );
    const roles = await list(`/api/roles?department_id=${dept}&search=${tag}&sort=-name`);
    expect(field(roles.items, 'name')).toEqual([...expected].reverse());
  });

  it('when knowledge documents are listed sorted by name or type, then they come in that order', async () => {
    const dept = await addDepartment(t);
    for (const [name, type] of [
      ['Minutes.docx', 'docx'],
      ['agenda.pdf', 'pdf'],
      ['Budget.csv', 'csv'],
    ])
      await addDocumentRow(t, { departmentId: dept, name, type });
    const query = `/api/upload/uploaded/documents?department_id=${dept}`;
    expect(field((await list(`${query}&sort=name`)).items, 'name')).toEqual([
      'agenda.pdf',
      'Budget.csv',
      'Minutes.docx',
    ]);
    expect(field((await list(`${query}&sort=-type`)).items, 'type')).toEqual([
      'pdf',
      'docx',
      'csv',
    ]);
  });

  it('when a list is asked to sort by a column it does not have, then it answers 400 naming the choices', async () => {
    for (const path of [
      '/api/users?sort=password_hash',
      '/api/roles?sort=-id',
      '/api/upload/uploaded/documents?sort=name;drop',
    ]) {
      const res = await t.api('GET', path, { token: t.admin });
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body)).toContain('sort must be one of');
    }
  });
});
