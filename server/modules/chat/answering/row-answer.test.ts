import { describe, expect, it } from 'vitest';
import { cellsOf } from './row-answer';

describe('row cells', () => {
  it('when a row line is read, then each cell keeps its header and its value as written', () => {
    expect(cellsOf('city: Lyon; population: 522,250; note: big; old')).toEqual([
      { header: 'city', value: 'Lyon' },
      { header: 'population', value: '522,250' },
      { header: 'note', value: 'big; old' },
    ]);
  });

  it('when a line is a header list or prose, then it has no cells', () => {
    expect(cellsOf('Columns: city, population, area')).toBeNull();
    expect(cellsOf('The plant opened in 1990; it closed later.')).toBeNull();
  });
});
