import { describe, expect, it } from 'vitest';
import { analyseText } from './analyse';

describe('Arabic analysis', () => {
  it('when a word is written with its vowel marks or shadda, then it is one term, the same as without them', () => {
    expect(analyseText('يُخزَّن', 'ar')).toEqual(analyseText('يخزن', 'ar'));
    expect(analyseText('أشغّل البرنامج', 'ar')).toEqual(analyseText('أشغل البرنامج', 'ar'));
    expect(analyseText('يُخزَّن', 'ar')).toHaveLength(1);
  });

  it('when a stop word is written with hamza or alef maksura, then it gives no term', () => {
    expect(analyseText('إلى على لدى', 'ar')).toEqual([]);
  });

  it('when a word ends in a written tanween on its alef, then it is the word without them', () => {
    expect(analyseText('أمراً', 'ar')).toEqual(analyseText('أمر', 'ar'));
  });
});

describe('decomposed accents', () => {
  it('when a Latin word is written with combining accents, then it is the same term as when precomposed', () => {
    expect(analyseText('Sécurité', 'fr')).toEqual(analyseText('Se\u0301curite\u0301', 'fr'));
  });
});
