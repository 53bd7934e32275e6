/** Reading SVG answers in tests the way a browser would. */
import { JSDOM } from 'jsdom';
import { expect } from 'vitest';

/** Parses an SVG as a browser would; a broken document has a <parsererror>. */
export function svgDocument(text: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.tagName).toBe('svg');
  return doc;
}

/** Every <text> of the drawing: axis labels, legend entries, titles. */
export function svgTexts(svg: Document): string[] {
  return [...svg.getElementsByTagName('text')].map((t) => t.textContent ?? '');
}
