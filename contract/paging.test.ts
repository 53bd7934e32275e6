import { describe, expect, it } from 'vitest';
import { knownSort, sortField, sortOrder } from './paging';

describe('list sort values', () => {
  const KEYS = ['name', 'email'] as const;

  it('when a sort names a listed column either way, then the contract accepts it; anything else is refused', () => {
    const field = sortField(KEYS);
    expect(field.parse('name')).toBe('name');
    expect(field.parse('-email')).toBe('-email');
    expect(field.parse(undefined)).toBeUndefined();
    for (const bad of ['password_hash', '--name', 'name desc', ''])
      expect(field.safeParse(bad).success, bad).toBe(false);
  });

  it('when a sort is read, then it gives the column and the direction', () => {
    expect(sortOrder('-email')).toEqual({ key: 'email', descending: true });
    expect(sortOrder('name')).toEqual({ key: 'name', descending: false });
    expect(sortOrder(undefined)).toBeNull();
  });

  it('when the address sorts by a column the list does not sort by, then the list keeps its own order', () => {
    expect(knownSort('-name', KEYS)).toBe('-name');
    expect(knownSort('roles', KEYS)).toBeUndefined();
    expect(knownSort('', KEYS)).toBeUndefined();
  });
});
