import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_CAP,
  fts5Query,
  MAX_TERMS,
  rareTerms,
  searchTerms,
  websearchQuery,
} from './query';

describe('search terms', () => {
  it('when a question is typed, then only its meaningful words are searched, folded and once each', () => {
    expect(searchTerms('What is the Café budget for the CAFE?')).toEqual(['cafe', 'budget']);
  });

  it('when a query is only function words, then they are searched rather than nothing', () => {
    expect(searchTerms('what is it')).toEqual(['what', 'is', 'it']);
  });

  it('when a query carries FTS or tsquery syntax, then none of it survives into the expression', () => {
    const terms = searchTerms('"a" OR b* NEAR(c d) col:e ^f (g) -h & i | !j <-> k');
    expect(terms.join(' ')).toMatch(/^[\p{L}\p{N} ]+$/u);
    expect(fts5Query(terms)).toBe(terms.map((t) => `"${t}"`).join(' OR '));
    expect(websearchQuery(['x', 'or', 'y'])).toBe('x or y');
  });

  it('when a query is very long, then at most MAX_TERMS terms are used', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    expect(searchTerms(words)).toHaveLength(MAX_TERMS);
  });
});

describe('rare-term pruning (SQLite)', () => {
  it('when terms together match few rows, then everything is ranked', () => {
    expect(rareTerms(['a', 'b'], [10, 20])).toBeNull();
  });

  it('when a frequent term pushes the rows over the cap, then only the rarer terms pick candidates', () => {
    expect(rareTerms(['common', 'rare', 'mid'], [CANDIDATE_CAP + 1, 3, 50])).toEqual([
      'rare',
      'mid',
    ]);
    expect(rareTerms(['x', 'y'], [CANDIDATE_CAP + 1, CANDIDATE_CAP + 1])).toEqual(['x']);
  });
});
