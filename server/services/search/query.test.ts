import { describe, expect, it } from 'vitest';
import { CANDIDATE_CAP, fts5Query, rareGroups, tsqueryText } from './query';

const group = (term: string) => ({ term, forms: [term] });

describe('search expressions', () => {
  it('when terms carry quotes or operators, then each stays one quoted term in either database', () => {
    expect(fts5Query(['a"b', 'c'])).toBe('"a""b" OR "c"');
    expect(tsqueryText(["o'brien", 'back\\slash', 'x'])).toBe("'o''brien' | 'back\\\\slash' | 'x'");
  });
});

describe('rare-term pruning', () => {
  it('when terms together are in few passages, then every term picks candidates', () => {
    expect(rareGroups([group('a'), group('b')], [10, 20])).toBeNull();
  });

  it('when a frequent term pushes the passages over the cap, then only the rarer terms pick them', () => {
    const picked = rareGroups(
      [group('common'), group('rare'), group('mid')],
      [CANDIDATE_CAP + 1, 3, 50],
    );
    expect(picked?.map((g) => g.term)).toEqual(['rare', 'mid']);
    expect(
      rareGroups([group('x'), group('y')], [CANDIDATE_CAP + 1, CANDIDATE_CAP + 1])?.map(
        (g) => g.term,
      ),
    ).toEqual(['x']);
  });
});
