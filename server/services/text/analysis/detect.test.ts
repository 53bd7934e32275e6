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

describe('the language of a table', () => {
  it('when a sheet holds figures and country codes, then its language is undetermined, not guessed from its letters', () => {
    const rows =
      'date: 2013-01-02; precipitation: 0; temp_max: 6.1; temp_min: -1.1; wind: 3.2; weather: sun\n' +
      'Code: AD; Country: Andorra\nCode: IN; Country: India\nCode: DE; Country: Germany';
    expect(detectLanguage(rows, { tabular: true })).toBe('und');
  });

  it('when a sheet holds sentences, then their language is its language', () => {
    const rows =
      'Frage: Wie kann ich die Pakete aktualisieren; Antwort: Sie können das mit apt auf dem System tun\n' +
      'Frage: Wo ist die Datei; Antwort: Sie liegt in dem Verzeichnis, das der Administrator gewählt hat';
    expect(detectLanguage(rows, { tabular: true })).toBe('de');
  });
});

describe('the language of a text in another script', () => {
  it('when an Arabic passage names commands and English words, then it is Arabic, not the language of those words', () => {
    const text =
      'استخدم الأمر apt full-upgrade للانتقال إلى الإصدار التالي، وهو ما يفعله the upgrade tool in the background أيضاً.';
    expect(detectLanguage(text, { prior: 'en' })).toBe('ar');
  });
});

describe('lone letters', () => {
  it('when code or a table writes lone letters (a, e, o, y, i), then they do not make it Spanish', () => {
    expect(
      detectLanguage(
        'T_(n-1) = T_(n-2) MUL a CC_(n-1) = E_k1(P_(n-1) XOR T_(n-1)) XOR T_(n-1) y = o + e',
        { prior: 'en' },
      ),
    ).toBe('en');
  });
});
