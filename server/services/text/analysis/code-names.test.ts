import { describe, expect, it } from 'vitest';
import { analyseText } from './analyse';
import { questionWords } from '../terms';

describe('one-letter options', () => {
  it('when a text names a one-letter option, then the option is a term of its own', () => {
    expect(analyseText('During compression, -s selects a block size of 200k.', 'en')).toContain(
      '_s',
    );
    expect(
      analyseText('Run pg_dump -j 4 (or --j 4).', 'en').filter((t) => t === '_j'),
    ).toHaveLength(2);
  });

  it('when a single letter is not written as an option, then it is no term', () => {
    expect(analyseText('Plan A-B and a list - x item', 'en').some((t) => t.startsWith('_'))).toBe(
      false,
    );
  });

  it('when a question names a one-letter option, then it is one of the question words', () => {
    expect(
      questionWords('What does the -s flag select?', 'en').map((w) => w.whole ?? w.terms[0]),
    ).toContain('_s');
  });
});
