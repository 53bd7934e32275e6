/**
 * The contrast of text with what lies behind it (WCAG 1.4.3), as a person sees it: the text's
 * colour over the backgrounds of its element and its ancestors, translucent ones blended in.
 * `textContrasts` runs in the page (page.evaluate) and gets only its own source there, so it
 * uses nothing from this module's scope. (axe-core's contrast rule finds nothing to check in a
 * right-to-left page's sidebar, as it takes it for off-screen.)
 */
export interface TextContrast {
  text: string;
  ratio: number;
}

/** Every shown element inside `selector` that holds text of its own, with its contrast. */
export function textContrasts(selector: string): TextContrast[] {
  type Rgba = { r: number; g: number; b: number; a: number };
  const parse = (css: string): Rgba => {
    const [r, g, b, a] = (css.match(/[\d.]+/g) ?? []).map(Number);
    return { r, g, b, a: a ?? 1 };
  };
  const over = (top: Rgba, below: Rgba): Rgba => ({
    r: top.r * top.a + below.r * (1 - top.a),
    g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a),
    a: 1,
  });
  const backdrop = (el: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.a > 0) layers.push(c);
      if (c.a >= 1) break;
    }
    return layers.reduceRight((acc, layer) => over(layer, acc), { r: 255, g: 255, b: 255, a: 1 });
  };
  const luminance = (c: Rgba): number => {
    const lin = (v: number) =>
      v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  };
  const results: TextContrast[] = [];
  for (const root of document.querySelectorAll(selector)) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const ownText = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!ownText || el.closest('.visually-hidden')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (el.getClientRects().length === 0) continue;
      const back = backdrop(el);
      const text = over(parse(getComputedStyle(el).color), back);
      const [light, dark] = [luminance(text), luminance(back)].sort((a, b) => b - a);
      results.push({ text: ownText.slice(0, 40), ratio: (light + 0.05) / (dark + 0.05) });
    }
  }
  return results;
}

/** The texts below 4.5:1, each with its ratio, for an assertion's message. */
export const belowAA = (found: TextContrast[]): string[] =>
  found.filter((f) => f.ratio < 4.5).map((f) => `${f.text}: ${f.ratio.toFixed(2)}:1`);
