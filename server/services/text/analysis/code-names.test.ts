import { describe, expect, it } from 'vitest';
import { analyseText } from './analyse';
import { identifiers, questionWords } from '../terms';

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

describe('names in a language that capitalises its nouns', () => {
  it('when a German question capitalises its nouns, then only words written as names are names', () => {
    expect(identifiers('Wie lasse ich dpkg alle Paketänderungen protokollieren?', 'de')).toEqual(
      [],
    );
    expect(identifiers('Wie richte ich PostgreSQL auf dem Server X200 ein?', 'de')).toEqual([
      'PostgreSQL',
      'X200',
    ]);
    expect(identifiers('How do I set up the Orion server?', 'en')).toEqual(['Orion']);
  });
});

describe('words that frame a question in French', () => {
  it('when a French question uses prepositions and adverbs the stop list lacks, then they are no terms', () => {
    const said = questionWords('Sous quelles licences ce livre est-il toujours disponible ?', 'fr');
    expect(said.map((w) => w.word.toLowerCase())).toEqual(['licences', 'livre', 'disponible']);
  });
});

describe('a verb written with its pronoun', () => {
  it('when a French question writes "peut-elle" or "est-il", then the framing verb and pronoun are no terms', () => {
    const said = questionWords('Pourquoi la publication peut-elle être retardée ?', 'fr');
    expect(said.flatMap((w) => w.terms)).toEqual(
      questionWords('Pourquoi la publication retardée ?', 'fr').flatMap((w) => w.terms),
    );
    expect(
      questionWords('Debian est-il disponible pour autre chose que Linux ?', 'fr').map((w) =>
        w.word.toLowerCase(),
      ),
    ).toEqual(['debian', 'disponible', 'linux']);
  });
});
