import { describe, expect, it } from 'vitest';
import { analyseText, analyseWords } from './analyse';
import { dayOrderOf, findDates } from './dates';

/** The readings of every date the text writes. */
const readings = (text: string, language = 'en') =>
  findDates(text, language).map((d) => d.readings);

describe('dates', () => {
  it.each([
    ['2014-07-03', 'en'],
    ['2014-07-03T10:20:00Z', 'en'],
    ['2014-07-03 10:20', 'en'],
    ['2014/07/03', 'und'],
    ['3 July 2014', 'en'],
    ['3rd July 2014', 'en'],
    ['the 3rd of July, 2014', 'en'],
    ['July 3, 2014', 'en'],
    ['Jul. 3rd 2014', 'en'],
    ['Thursday, 3 Jul 2014 10:00:00 +0200', 'en'],
    ['03-Jul-14', 'en'],
    ['3-jul-2014', 'en'],
    ['3 juillet 2014', 'fr'],
    ['le 3 juil. 2014', 'fr'],
    ['03/07/2014', 'fr'],
    ['3. Juli 2014', 'de'],
    ['03.07.2014', 'de'],
    ['3.7.2014', 'en'],
    ['3 de julio de 2014', 'es'],
    ['el 3 de julio del 2014', 'es'],
    ['julio 3 de 2014', 'es'],
    ['03/07/2014', 'es'],
    ['3 يوليو 2014', 'ar'],
    ['٣ يوليو ٢٠١٤', 'ar'],
    ['3 تموز 2014', 'ar'],
    ['3 تموز/يوليو 2014م', 'ar'],
    ['3 جويلية 2014', 'ar'],
    ['03/07/2014', 'ar'],
  ])('when a text writes a day as "%s" (%s), then it reads as that one day', (text, language) => {
    expect(readings(text, language)).toEqual([['d20140703']]);
  });

  it('when month names carry accents or another spelling, then each is its month', () => {
    expect(readings('1er août 2014', 'fr')).toEqual([['d20140801']]);
    expect(readings('3 février 2014 et 3 fevrier 2014', 'fr')).toEqual([
      ['d20140203'],
      ['d20140203'],
    ]);
    expect(readings('3. März 2014, 3. Maerz 2014, 3. Jänner 2014', 'de')).toEqual([
      ['d20140303'],
      ['d20140303'],
      ['d20140103'],
    ]);
    expect(readings('3 كانون الثاني 2014 و 3 أيلول 2014', 'ar')).toEqual([
      ['d20140103'],
      ['d20140903'],
    ]);
  });

  it('when numbers alone may be day or month, then English and unknown texts read both and others read the day first', () => {
    expect(readings('03/07/2014', 'en')).toEqual([['d20140703', 'd20140307']]);
    expect(readings('03/07/2014', 'und')).toEqual([['d20140703', 'd20140307']]);
    expect(readings('03/07/2014', 'de')).toEqual([['d20140703']]);
    expect(readings('7/3/14', 'en')).toEqual([['d20140307', 'd20140703']]);
  });

  it('when one reading of the numbers is impossible, then the other is the date', () => {
    expect(readings('13/07/2014', 'en')).toEqual([['d20140713']]);
    expect(readings('07/13/2014', 'en')).toEqual([['d20140713']]);
    expect(readings('07/13/2014', 'fr')).toEqual([['d20140713']]);
  });

  it('when a document writes a day above 12 first or second, then its other numeric dates are read in that order', () => {
    const dayFirst = ['date: 15/07/2014; parcels: 110', 'date: 03/07/2014; parcels: 142'];
    expect(dayOrderOf(dayFirst)).toBe('day-first');
    expect(dayOrderOf(['07/15/2014 and 07/03/2014'])).toBe('month-first');
    expect(dayOrderOf(['15/07/2014 and 07/15/2014'])).toBeNull();
    expect(dayOrderOf(['03/07/2014', 'version 3.0.12'])).toBeNull();
    expect(readings('03/07/2014', 'en')).toEqual([['d20140703', 'd20140307']]);
    expect(findDates('03/07/2014', 'en', 'day-first')[0].readings).toEqual(['d20140703']);
    expect(findDates('03/07/2014', 'fr', 'month-first')[0].readings).toEqual(['d20140307']);
    // Dots are written day first whatever the document's slashes say.
    expect(findDates('03.07.2014', 'en', 'month-first')[0].readings).toEqual(['d20140703']);
  });

  it('when a month is written with its year, then it reads as the month', () => {
    expect(readings('July 2014', 'en')).toEqual([['m201407']]);
    expect(readings('julio de 2014', 'es')).toEqual([['m201407']]);
    expect(readings('juillet 2014', 'fr')).toEqual([['m201407']]);
    expect(readings('month: 2014-07', 'en')).toEqual([['m201407']]);
    expect(readings('07/2014', 'en')).toEqual([['m201407']]);
    expect(findDates('3 July 2014', 'en')[0].months).toEqual(['m201407']);
  });

  it.each([
    ['a version', 'Upgrade to version 3.0.12 or 3.7.14 first.'],
    ['an address', 'The server listens on 192.168.1.1 and 10.10.10.10.'],
    ['times', 'Doors open at 10:30 and close at 18:00:00.'],
    ['phone numbers', 'Call 555-1234, +33 6 12 34 56 78 or 06.12.34.56.78.'],
    ['fractions', 'Fill 7/8 of the tank, or 1/2 of it.'],
    ['an impossible day', 'On 31/02/2014 nothing happened.'],
    ['a season', 'The 2011-12 season was the best.'],
    ['a code', 'Invoice INV-2014-07 is due.'],
    ['counts', 'We sold 2014 units in 12 shops, 3 of them new.'],
    ['a year alone', 'In 2014 the plant opened.'],
    ['a day without its year', 'The plant opened on 3 July.'],
    ['an English word that abbreviates a Spanish month', 'Set 3 2014 aside; 3 ago 2014.'],
  ])('when a text holds %s, then it holds no date', (_, text) => {
    expect(findDates(text, 'en')).toEqual([]);
  });

  it('when a date is written at the end of a sentence or beside other dates, then each is found where it stands', () => {
    const text = 'From 2014-07-03 to 05/07/2014, and again on 9 January 2015.';
    const found = findDates(text, 'fr');
    expect(found.map((d) => text.slice(d.start, d.end))).toEqual([
      '2014-07-03',
      '05/07/2014',
      '9 January 2015',
    ]);
  });
});

describe('dates in the analysis', () => {
  it('when a passage writes a date, then its terms hold the date and its month beside its words', () => {
    expect(analyseText('date: 2014-07-03; exports: 1,234.50', 'en')).toEqual(
      expect.arrayContaining(['2014', '2014_07_03', 'd20140703', 'm201407']),
    );
    expect(analyseText('Le 3 juillet 2014, la production a doublé.', 'fr')).toEqual(
      expect.arrayContaining(['d20140703', 'm201407', 'product']),
    );
  });

  it('when a question names a day in words, then its words are one word with the date term', () => {
    const words = analyseWords('What were the exports on 3 July 2014?', 'en');
    const date = words.find((w) => w.date);
    expect(date).toMatchObject({
      word: '3 July 2014',
      date: { readings: ['d20140703'], months: ['m201407'] },
    });
    expect(words.map((w) => w.word)).toEqual([
      'What',
      'were',
      'the',
      'exports',
      'on',
      '3 July 2014',
    ]);
  });

  it('when the same date is written twice, then it is two words', () => {
    const words = analyseWords('2014-07-03 and 2014-07-03', 'en');
    expect(words.filter((w) => w.date)).toHaveLength(2);
  });
});
