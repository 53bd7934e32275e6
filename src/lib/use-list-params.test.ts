import { describe, expect, it } from 'vitest';
import { nextListParams, readListParams, sortOf } from './use-list-params';

const q = (s: string) => new URLSearchParams(s);

describe('list parameters in the address', () => {
  it('when the address is empty, then the SPEC defaults apply (page 1, size 100)', () => {
    expect(readListParams(q(''), ['department'])).toEqual({
      page: 1,
      size: 100,
      search: '',
      sort: '',
      filters: { department: '' },
    });
  });

  it('when the address holds nonsense, then the defaults apply and the size is capped', () => {
    expect(readListParams(q('page=-2&size=abc'), []).page).toBe(1);
    expect(readListParams(q('page=1.5'), []).page).toBe(1);
    expect(readListParams(q('size=100000'), []).size).toBe(500);
  });

  it('when the search or a filter changes, then the page goes back to 1 and other values stay', () => {
    expect(nextListParams(q('page=4&size=10&department=Sales'), { search: 'ada' }).toString()).toBe(
      'size=10&department=Sales&search=ada',
    );
    expect(
      nextListParams(q('page=4&search=ada'), { filters: { status: 'active' } }).toString(),
    ).toBe('search=ada&status=active');
  });

  it('when a value returns to its default or is emptied, then it leaves the address', () => {
    expect(nextListParams(q('page=2&size=10'), { page: 1 }).toString()).toBe('size=10');
    expect(nextListParams(q('size=10&search=x'), { size: 100 }).toString()).toBe('search=x');
    expect(
      nextListParams(q('search=x&department=Sales'), { filters: { department: '' } }).toString(),
    ).toBe('search=x');
  });

  it('when a column is sorted, then the sort goes into the address and the page back to 1', () => {
    expect(nextListParams(q('page=3&size=10'), { sort: '-name' }).toString()).toBe(
      'size=10&sort=-name',
    );
    expect(readListParams(q('sort=-name'), []).sort).toBe('-name');
    expect(sortOf('-name')).toEqual({ key: 'name', descending: true });
    expect(sortOf('name')).toEqual({ key: 'name', descending: false });
    expect(sortOf('')).toBeNull();
    expect(nextListParams(q('sort=name&search=x'), { sort: '' }).toString()).toBe('search=x');
  });

  it('when only the page changes, then everything else stays', () => {
    expect(nextListParams(q('size=10&search=x'), { page: 3 }).toString()).toBe(
      'size=10&search=x&page=3',
    );
  });
});
