import { describe, expect, it } from 'vitest';
import { actionsFromPermissionSet, idsOf } from '@contract/permissions';
import type { AccessSubject } from '@contract/profile';
import { heldPermissionIds } from './assignable';
import { heldDepartments } from './department-choices';

const entry = (
  department_id: number,
  department_name: string,
  ...rights: Parameters<typeof idsOf>
) => ({
  role_id: department_id * 10,
  role_name: 'R',
  department_id,
  department_name,
  actions: actionsFromPermissionSet(idsOf(...rights)),
});

const subject: AccessSubject = {
  is_defaultadmin: false,
  permissions: [
    entry(2, 'Support', 'Users.ADD', 'Users.LIST_VIEW'),
    entry(1, 'Sales', 'Users.LIST_VIEW', 'Roles.ADD'),
  ],
};

describe('what a limited manager may hand out', () => {
  it('when departments are asked for a right, then only those where it is held come, by name', () => {
    expect(heldDepartments(subject, 'Users', 'LIST_VIEW')).toEqual([
      { id: 1, name: 'Sales' },
      { id: 2, name: 'Support' },
    ]);
    expect(heldDepartments(subject, 'Users', 'ADD')).toEqual([{ id: 2, name: 'Support' }]);
  });

  it('when held rights are asked for, then they come per department or across all', () => {
    expect([...heldPermissionIds(subject, 1)].sort((x, y) => x - y)).toEqual(
      idsOf('Users.LIST_VIEW', 'Roles.ADD'),
    );
    expect(heldPermissionIds(subject).size).toBe(3);
  });
});
