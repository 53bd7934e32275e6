/**
 * Right-to-left lines for pdf-lib: its font layout (fontkit) takes a line's direction from its
 * first letter and, for Arabic or Hebrew, reverses the whole line — shaping the Arabic right, but
 * turning "UTC" into "CTU" and "(" into ")". `forRtlLayout` prepares such a line so that the
 * reversal shows it as the Unicode bidi algorithm would in a right-to-left paragraph: left-to-
 * right runs (Latin letters and digits, with the spaces and punctuation between them) are
 * reversed beforehand, and brackets outside them are mirrored. Lines whose first letter is not
 * right-to-left are left as they are (fontkit lays them out left to right).
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const STRONG =
  /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const LTR_RUN =
  /[A-Za-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff](?:[A-Za-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\s.,:;%+\-–/'’&#@_]*[A-Za-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff])?/gu;
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};

/** Whether fontkit will lay `text` out right to left (its first letter is Arabic or Hebrew). */
export function laidOutRtl(text: string): boolean {
  const first = STRONG.exec(text)?.[0];
  return first !== undefined && RTL.test(first);
}

export function forRtlLayout(text: string): string {
  if (!laidOutRtl(text)) return text;
  let out = '';
  let at = 0;
  for (const match of text.matchAll(LTR_RUN)) {
    const start = match.index ?? 0;
    out += [...text.slice(at, start)].map((c) => MIRROR[c] ?? c).join('');
    out += [...match[0]].reverse().join('');
    at = start + match[0].length;
  }
  out += [...text.slice(at)].map((c) => MIRROR[c] ?? c).join('');
  return out;
}
