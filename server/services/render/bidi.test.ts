import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { forRtlLayout, laidOutRtl } from './bidi';

const require = createRequire(import.meta.url);
const font = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));

/** The characters as the pdf shows them, left to right, after pdf-lib's font layout. */
const shown = (text: string) =>
  font
    .layout(forRtlLayout(text))
    .glyphs.map((g: { codePoints: number[] }) => String.fromCodePoint(...g.codePoints))
    .join('');

describe('right-to-left lines for the pdf', () => {
  it('when an Arabic line holds Latin words, numbers and brackets, then they read left to right and the brackets face the right way', () => {
    // The Arabic letters come out last-first (read right to left); "(UTC)" stays "(UTC)".
    expect(shown('ساعات الذروة (UTC)')).toBe('(UTC) ةورذلا تاعاس');
    expect(shown('إجمالي المحادثات | 2500')).toBe('2500 | تاثداحملا يلامجإ');
    expect(shown('استرداد refund now 12')).toBe('refund now 12 دادرتسا');
  });

  it('when a line starts left to right, then it is left as it is', () => {
    expect(laidOutRtl('Harbour Box (2)')).toBe(false);
    expect(forRtlLayout('Harbour Box (2)')).toBe('Harbour Box (2)');
    expect(laidOutRtl('12 مرحبا')).toBe(true);
  });
});
