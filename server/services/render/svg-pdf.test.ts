import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfDrawing } from '../../test-support/pdf-drawing';
import { pdfText } from '../../test-support/pdf-text';
import { embedFonts, encodable } from './pdf';
import { drawSvg, parseColor, parseTransform, svgSize } from './svg-pdf';

describe('svg to pdf', () => {
  it('when transforms are chained, then they compose in order', () => {
    const m = parseTransform('translate(10,20) rotate(90) translate(0,3)');
    // (0,0) → translate(0,3) → rotate 90° (SVG: y down, clockwise) → (-3, 0) → (7, 20).
    expect(m[4]).toBeCloseTo(7);
    expect(m[5]).toBeCloseTo(20);
    expect(parseTransform(undefined)).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('when colours are read, then hex, rgb and names work and none or transparent draw nothing', () => {
    expect(parseColor('#fff')?.color).toEqual({ type: 'RGB', red: 1, green: 1, blue: 1 });
    expect(parseColor('#3399ff')?.alpha).toBe(1);
    expect(parseColor('rgba(0, 0, 0, 0.5)')?.alpha).toBe(0.5);
    expect(parseColor('white')).not.toBeNull();
    expect(parseColor('none')).toBeNull();
    expect(parseColor('transparent')).toBeNull();
    expect(parseColor('url(#gradient)')).toBeNull();
  });

  it('when an SVG is drawn, then its shapes are vector paths and its text is text, hidden parts left out', async () => {
    const svg = `<svg width="200" height="100" viewBox="0 0 200 100"><rect width="200" height="100" fill="white"/>
      <g fill="none" transform="translate(10,10)"><path d="M0,0h50v50h-50Z" fill="#3399ff"/>
      <line x2="100" y2="0" stroke="#888"/><text text-anchor="middle" transform="translate(60,70)" font-size="10px" fill="#000">Harbour &amp; Box</text>
      <g display="none"><text fill="#000">Hidden</text></g></g></svg>`;
    expect(svgSize(svg)).toEqual({ width: 200, height: 100 });
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([300, 200]);
    const { regular, bold } = await embedFonts(pdf);
    drawSvg(page, svg, { x: 20, top: 180, scale: 1 }, { regular, bold, clean: encodable(regular) });
    const bytes = await pdf.save();
    const drawn = await pdfDrawing(bytes);
    expect(drawn.paths).toBe(3);
    expect([...drawn.fills]).toEqual(expect.arrayContaining(['#ffffff', '#3399ff']));
    const text = await pdfText(bytes);
    expect(text).toContain('Harbour & Box');
    expect(text).not.toContain('Hidden');
  });
});
