import { describe, expect, it } from 'vitest';
import { pageWindow } from './list-pager';

describe('page window', () => {
  it('when there are few pages, then all are shown', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });

  it('when there are many pages, then the first, the last and the neighbours show with gaps', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });
});
