import { describe, expect, it } from 'vitest';
import type { RoleHistoryEntry } from '@contract/identity';
import { idsOf } from '@contract/permissions';
import { diffRights, versionRights } from './role-history';

describe('role history diff', () => {
  it('when two sets are compared, then the union comes in catalogue order with each right marked', () => {
    const before = idsOf('Roles.VIEW', 'Users.DELETE');
    const after = idsOf('Users.ADD', 'Roles.VIEW');
    expect(diffRights(before, after)).toEqual([
      { id: idsOf('Users.ADD')[0], change: 'added' },
      { id: idsOf('Users.DELETE')[0], change: 'removed' },
      { id: idsOf('Roles.VIEW')[0], change: 'kept' },
    ]);
  });

  it('when a role was created or deleted, then everything is added or removed', () => {
    expect(diffRights(null, [3, 1]).map((r) => r.change)).toEqual(['added', 'added']);
    expect(diffRights([5], null)).toEqual([{ id: 5, change: 'removed' }]);
  });

  it('when an entry is restored, then its version is the set after it, or for a deletion the deleted set', () => {
    const entry = (action: RoleHistoryEntry['action']): RoleHistoryEntry => ({
      id: 1,
      role_id: 1,
      action,
      changed_by: null,
      changed_at: '2025-01-01T00:00:00Z',
      restored_from: null,
      changes: {
        old_permission_set: [1],
        permission_set: action === 'delete' ? null : [2],
        old: null,
        new: null,
      },
    });
    expect(versionRights(entry('update'))).toEqual([2]);
    expect(versionRights(entry('delete'))).toEqual([1]);
  });
});
