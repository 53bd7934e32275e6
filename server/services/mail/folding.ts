/**
 * Folded text for matching mail phrases (mail-phrases.ts), with the way back to the original:
 * a phrase is found in the folded text and cut from the text as the customer wrote it.
 */

interface Folded {
  /** Lower case, no accents, ß as ss, one apostrophe, Arabic letters in one form. */
  text: string;
  /** For each UTF-16 unit of `text` (and one past its end), where it came from in the original. */
  origin: number[];
}

function foldChar(ch: string): string {
  if (ch === 'ß' || ch === 'ẞ') return 'ss';
  if (/[’‘´]/.test(ch)) return "'";
  // The tatweel only stretches a word; diacritics go with the other combining marks below.
  if (ch === '\u0640') return '';
  return ch
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a');
}

export function fold(text: string): Folded {
  let out = '';
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    // Most of a mail is ASCII, which only needs lower case (normalize() per letter is slow).
    const folded = ch < '\u0080' ? ch.toLowerCase() : foldChar(ch);
    out += folded;
    for (let i = 0; i < folded.length; i++) origin.push(at);
    at += ch.length;
  }
  origin.push(at);
  return { text: out, origin };
}

export const foldedWords = (folded: string) => folded.match(/[\p{L}\p{N}']+/gu) ?? [];

/** The text after a phrase it opens with (matched folded), or null when it opens with none. */
export function startAfter(text: string, phrase: RegExp): string | null {
  const f = fold(text);
  const m = phrase.exec(f.text);
  if (!m || m.index !== 0 || m[0].length === 0) return null;
  return text.slice(f.origin[m[0].length]).trimStart();
}

/** The text without every occurrence of a phrase (a global pattern, matched folded). */
export function withoutMatches(text: string, phrase: RegExp): string {
  const f = fold(text);
  let out = '';
  let from = 0;
  for (const m of f.text.matchAll(phrase)) {
    if (m[0].length === 0) continue;
    out += `${text.slice(from, f.origin[m.index])} `;
    from = f.origin[m.index + m[0].length];
  }
  out += text.slice(from);
  return out
    .replace(/\s+([,.;:!?؟،])/gu, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
