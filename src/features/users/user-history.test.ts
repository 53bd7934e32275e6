import { describe, expect, it } from 'vitest';
import { diffAssignments } from './user-history';

const a = (department_id: number, role_id: number, d: string, r: string) => ({
  department_id,
  role_id,
  department_name: d,
  role_name: r,
});

describe('user history diff', () => {
  it('when assignments change, then both sides come sorted by department and role, each marked', () => {
    const before = [a(2, 5, 'Support', 'Agent'), a(1, 4, 'Sales', 'Lead')];
    const after = [a(1, 4, 'Sales', 'Lead'), a(1, 3, 'Sales', 'Agent')];
    expect(
      diffAssignments(before, after).map((x) => `${x.change} ${x.role_name}·${x.department_name}`),
    ).toEqual(['added Agent·Sales', 'kept Lead·Sales', 'removed Agent·Support']);
  });
});
