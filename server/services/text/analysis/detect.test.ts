import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect';

describe('the language of a short question', () => {
  it('when a short German or French question is asked in an English console, then it is read in its own language', () => {
    expect(detectLanguage('Welche Datei steuert APT?', { prior: 'en', asked: true })).toBe('de');
    expect(detectLanguage('Comment installer un paquet ?', { prior: 'en', asked: true })).toBe(
      'fr',
    );
  });

  it('when a short question uses words of the console language, then the console language stays', () => {
    expect(detectLanguage('What does the -s flag do?', { prior: 'en', asked: true })).toBe('en');
  });

  it('when a short text is not a question, then the prior decides as before', () => {
    expect(detectLanguage('Welche Datei steuert APT?', { prior: 'en' })).toBe('en');
  });
});
