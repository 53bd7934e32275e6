import { describe, expect, it } from 'vitest';
import { composeAccents, tidyText } from './text';

describe('text normalisation', () => {
  it('when TeX spacing accents stand before letters, then they are composed into the letters', () => {
    expect(composeAccents('J´erˆome Fran¸cois na¨ıve Dvoˇr´ak')).toBe(
      'Jérôme François naïve Dvořák',
    );
    expect(tidyText('S´ ebastien   Li˚ ang')).toBe('Sébastien Liång');
  });

  it('when an accent cannot join the next letter, then the text stays as written', () => {
    expect(composeAccents('don´t and `ls` and 5¨')).toBe('don´t and `ls` and 5¨');
  });

  it('when text is decomposed, then it comes out NFC, so é matches é whichever way it was typed', () => {
    const decomposed = 'Cafe\u0301 re\u0301sume\u0301';
    expect(tidyText(decomposed)).toBe('Café résumé');
    expect(tidyText(decomposed)).toBe(tidyText('Café résumé'));
  });
});
