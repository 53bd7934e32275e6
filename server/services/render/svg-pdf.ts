/**
 * Draws an SVG made by vega-svg.ts onto a pdf-lib page as vectors: paths, rects, lines and text
 * (set in the document's DejaVu fonts, so every locale's labels print), each under its groups'
 * transforms. Vega's SVG is machine-written and regular, so a small tokenizer reads it; what
 * charts do not use (gradients, images, clip paths, tspans' own positions) is skipped.
 */
import {
  type Color,
  concatTransformationMatrix,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import { forRtlLayout } from './bidi';

type Matrix = [number, number, number, number, number, number];
type Attrs = Record<string, string>;

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const FLIP: Matrix = [1, 0, 0, -1, 0, 0];

/** m ∘ n: n applied first. */
function compose(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function parseTransform(text: string | undefined): Matrix {
  let m = IDENTITY;
  for (const [, name, args] of (text ?? '').matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const n = (args ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const [p = 0, q, r = 0] = n;
    if (name === 'translate') m = compose(m, [1, 0, 0, 1, p, q ?? 0]);
    else if (name === 'scale') m = compose(m, [p, 0, 0, q ?? p, 0, 0]);
    else if (name === 'rotate') {
      const a = (p * Math.PI) / 180;
      const turn: Matrix = [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0];
      m = compose(
        m,
        q === undefined ? turn : compose([1, 0, 0, 1, q, r], compose(turn, [1, 0, 0, 1, -q, -r])),
      );
    } else if (name === 'matrix' && n.length === 6) m = compose(m, n as Matrix);
  }
  return m;
}

const NAMED: Record<string, [number, number, number]> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  orange: [255, 165, 0],
  steelblue: [70, 130, 180],
};

/** A colour and its alpha, or null for none / transparent / anything unreadable. */
export function parseColor(text: string | undefined): { color: Color; alpha: number } | null {
  const value = (text ?? '').trim().toLowerCase();
  let parts: number[] | undefined;
  let alpha = 1;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    parts = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  } else if (value.startsWith('rgb')) {
    const n = value
      .replace(/^rgba?\(|\)$/g, '')
      .split(/[\s,/]+/)
      .map(Number);
    parts = n.slice(0, 3);
    alpha = n[3] ?? 1;
  } else parts = NAMED[value];
  if (!parts || parts.length < 3 || parts.some((p) => !Number.isFinite(p))) return null;
  const [r = 0, g = 0, b = 0] = parts;
  return alpha > 0 ? { color: rgb(r / 255, g / 255, b / 255), alpha } : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return String.fromCodePoint(code);
  });

function attrsOf(text: string): Attrs {
  const attrs: Attrs = {};
  for (const [, name, value] of text.matchAll(/([\w:-]+)="([^"]*)"/g))
    if (name) attrs[name] = decode(value ?? '');
  return attrs;
}

/** Attributes a child takes from its groups. */
const INHERITED = [
  'fill',
  'stroke',
  'stroke-width',
  'fill-opacity',
  'stroke-opacity',
  'font-size',
  'font-weight',
  'text-anchor',
];

interface SvgFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Maps text to what the font can encode (pdf.ts's encodable). */
  clean: (text: string) => string;
}

/** The SVG's own size, from width/height or the viewBox. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = attrsOf(/<svg\b([^>]*)>/.exec(svg)?.[1] ?? '');
  const box = (root.viewBox ?? '').split(/[\s,]+/).map(Number);
  return {
    width: Number.parseFloat(root.width ?? '') || box[2] || 0,
    height: Number.parseFloat(root.height ?? '') || box[3] || 0,
  };
}

/** Draws `svg` with its top-left corner at (x, top) on the page, scaled by `scale`. */
export function drawSvg(
  page: PDFPage,
  svg: string,
  at: { x: number; top: number; scale: number },
  fonts: SvgFonts,
): void {
  const base: Matrix = [at.scale, 0, 0, -at.scale, at.x, at.top];
  const stack: { m: Matrix; style: Attrs; hidden: boolean }[] = [
    { m: base, style: { fill: 'black' }, hidden: false },
  ];
  let text: { m: Matrix; style: Attrs; content: string } | null = null;
  const tokens = /<!--[\s\S]*?-->|<(\/?)([\w:-]+)([^>]*?)(\/?)>|([^<]+)/g;

  const paint = (m: Matrix, draw: () => void) => {
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...compose(m, FLIP)));
    draw();
    page.pushOperators(popGraphicsState());
  };
  const shape = (d: string, m: Matrix, style: Attrs) => {
    const fill = parseColor(style.fill);
    const stroke = parseColor(style.stroke);
    const opacity = Number(style.opacity ?? 1);
    const options: Parameters<PDFPage['drawSvgPath']>[1] = { x: 0, y: 0 };
    if (fill) {
      options.color = fill.color;
      options.opacity = fill.alpha * opacity * Number(style['fill-opacity'] ?? 1);
    }
    if (stroke) {
      options.borderColor = stroke.color;
      options.borderOpacity = stroke.alpha * opacity * Number(style['stroke-opacity'] ?? 1);
      options.borderWidth = Number.parseFloat(style['stroke-width'] ?? '1') || 1;
    }
    if (fill || stroke) paint(m, () => page.drawSvgPath(d, options));
  };

  for (const [, closing, name, rawAttrs, selfClosing, chars] of svg.matchAll(tokens)) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (chars !== undefined) {
      if (text) text.content += decode(chars);
      continue;
    }
    if (!name) continue;
    if (closing) {
      if (name === 'text' && text) {
        if (!top.hidden) drawText(page, text, fonts, paint);
        text = null;
      }
      if (name === 'g' || name === 'defs' || name === 'clipPath') stack.pop();
      continue;
    }
    if (name === 'tspan' || name === 'svg') continue;
    const own = attrsOf(rawAttrs ?? '');
    const style: Attrs = { ...top.style };
    for (const key of INHERITED) if (own[key] !== undefined) style[key] = own[key] as string;
    if (own.opacity !== undefined)
      style.opacity = String(Number(top.style.opacity ?? 1) * Number(own.opacity));
    const m = compose(top.m, parseTransform(own.transform));
    const hidden = top.hidden || own.display === 'none' || name === 'defs' || name === 'clipPath';
    if (name === 'g' || name === 'defs' || name === 'clipPath') {
      if (!selfClosing) stack.push({ m, style, hidden });
    } else if (name === 'text') text = { m, style, content: '' };
    else if (hidden) continue;
    else if (name === 'path' && own.d) shape(own.d, m, style);
    else if (name === 'rect') {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map(
        (k) => Number.parseFloat(own[k] ?? '0') || 0,
      );
      if (w && h) shape(`M${x},${y}h${w}v${h}h${-(w ?? 0)}Z`, m, style);
    } else if (name === 'line') {
      const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map(
        (k) => Number.parseFloat(own[k] ?? '0') || 0,
      );
      shape(`M${x1},${y1}L${x2},${y2}`, m, { ...style, fill: 'none' });
    }
  }
}

function drawText(
  page: PDFPage,
  text: { m: Matrix; style: Attrs; content: string },
  fonts: SvgFonts,
  paint: (m: Matrix, draw: () => void) => void,
) {
  const content = fonts.clean(text.content.replace(/\s+/g, ' ').trim());
  const fill = parseColor(text.style.fill);
  if (!content || !fill) return;
  const font = /bold|[6-9]00/.test(text.style['font-weight'] ?? '') ? fonts.bold : fonts.regular;
  const size = Number.parseFloat(text.style['font-size'] ?? '10') || 10;
  const width = font.widthOfTextAtSize(content, size);
  const anchor = text.style['text-anchor'];
  const x = anchor === 'middle' ? -width / 2 : anchor === 'end' ? -width : 0;
  paint(text.m, () =>
    page.drawText(forRtlLayout(content), {
      x,
      y: 0,
      size,
      font,
      color: fill.color,
      opacity: fill.alpha * Number(text.style.opacity ?? 1),
    }),
  );
}
