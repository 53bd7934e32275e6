import { describe, expect, it } from 'vitest';
import { queryTerms } from './query-terms';
import type { Passage } from './retrieval';
import { cellsOf, rowAnswer } from './row-answer';

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

const sheet = (text: string, extra: Partial<Passage> = {}): Passage => ({
  chunkId: 1,
  documentId: 1,
  documentName: 'weather.xlsx',
  documentTitle: null,
  isUrl: false,
  type: 'xlsx',
  language: 'und',
  text,
  position: { page: null, sheet: 'Daily', row_start: 2, row_end: 4, heading: null },
  label: 'weather xlsx Daily',
  indexScore: 1,
  coverage: 0.4,
  score: 0.4,
  ...extra,
});

const DAILY = sheet(
  [
    'date: 2014/08/10; precip: 0.0; temp_max: 30.1; temp_min: 15.0',
    'date: 2014/08/11; precip: 0.5; temp_max: 35.6; temp_min: 17.8',
    'date: 2014/08/12; precip: 2.5; temp_max: 22.8; temp_min: 13.3',
  ].join('\n'),
);

describe('answers from a row', () => {
  it('when a question names a row by its date and a column cut short in its header, then that row is the answer', () => {
    const draft = rowAnswer(
      queryTerms('What was the maximum temperature on 11 August 2014?', false),
      [DAILY],
    );
    expect(draft?.sentences).toEqual([
      { text: 'date: 2014/08/11; precip: 0.5; temp_max: 35.6; temp_min: 17.8', passage: 0 },
    ]);
  });

  it('when a question asks for a column no header names, then no row answers', () => {
    expect(
      rowAnswer(queryTerms('What was the snowfall on 11 August 2014?', false), [DAILY]),
    ).toBeNull();
  });

  it('when a question gives a number the row does not hold, then no row answers', () => {
    const q = queryTerms('What was the maximum temperature on 11 August 2014 at station 7?', false);
    expect(rowAnswer(q, [DAILY])).toBeNull();
  });

  it('when the passage is prose, then it has no rows to answer with', () => {
    const prose = sheet('On 11 August 2014 the maximum temperature was 35.6 degrees.', {
      position: { page: 1, sheet: null, row_start: null, row_end: null, heading: null },
    });
    expect(
      rowAnswer(queryTerms('What was the maximum temperature on 11 August 2014?', false), [prose]),
    ).toBeNull();
  });
});
