/** Small text helpers shared by the parsers and the chunker. */

/**
 * Spacing accents as TeX-made PDFs write them, before the letter ("J´erˆome"), and the combining
 * mark each stands for. The backtick is left alone: in manuals it quotes code far more often.
 */
const SPACING_ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301', // ´ acute
  '\u02c6': '\u0302', // ˆ circumflex
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u02dc': '\u0303', // ˜ tilde
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02c7': '\u030c', // ˇ caron
  '\u02d8': '\u0306', // ˘ breve
  '\u02da': '\u030a', // ˚ ring
  '\u00af': '\u0304', // ¯ macron
  '\u02d9': '\u0307', // ˙ dot above
  '\u02dd': '\u030b', // ˝ double acute
};
const ACCENT_THEN_LETTER = new RegExp(
  `([${Object.keys(SPACING_ACCENTS).join('')}])\\s?(\\p{L})`,
  'gu',
);

/**
 * NFC, with a spacing accent before a letter composed into it ("J´erˆome" -> "Jérôme") where
 * the pair is one character in Unicode; otherwise ("don´t") the text stays as written.
 */
export function composeAccents(text: string): string {
  return text
    .replace(ACCENT_THEN_LETTER, (pair, accent: string, letter: string) => {
      // TeX puts accents on a dotless i or j (ı, ȷ): the accented letter is i or j.
      const base = letter === '\u0131' ? 'i' : letter === '\u0237' ? 'j' : letter;
      const composed = `${base}${SPACING_ACCENTS[accent]}`.normalize('NFC');
      return composed.length === letter.length ? composed : pair;
    })
    .normalize('NFC');
}

/**
 * Collapses runs of spaces and tabs, trims each line, drops runs of blank lines; NFC with
 * spacing accents composed (composeAccents).
 */
export function tidyText(text: string): string {
  return (
    composeAccents(text)
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u00a0]/g, ' ')
      .split('\n')
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Letters and digits only: how much real text a page carries. */
export function countWordCharacters(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}
