/**
 * What a person would notice on a rendered screen without reading it: the page scrolling
 * sideways, a control whose words are cut off, text too faint for its background (WCAG 1.4.3).
 * `auditScreen` runs inside the page in one call and answers one line per problem, naming the
 * element. It is written without inner named functions: the page gets its source text, and
 * nothing from this module's scope.
 */
interface AuditFinding {
  kind: 'overflow' | 'clipped' | 'contrast';
  what: string;
}

/** Runs in the page (page.evaluate): every finding on the current screen. */
export function auditScreen(): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const root = document.documentElement;
  const viewport = root.clientWidth;
  const rtl = getComputedStyle(root).direction === 'rtl';

  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const classes = [...el.classList]
      .slice(0, 3)
      .map((c) => `.${c}`)
      .join('');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const testId = el.getAttribute('data-testid');
    return `<${el.tagName.toLowerCase()}${id}${classes}${testId ? ` [data-testid=${testId}]` : ''}>${text ? ` "${text}"` : ''}`;
  };
  const shown = (el: Element): boolean =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    el.getClientRects().length > 0;
  // Text only a screen reader gets (Bootstrap's visually-hidden clips it to 1 px on purpose).
  const visuallyHidden = (el: Element): boolean =>
    el.closest('.visually-hidden, .visually-hidden-focusable, .sr-only') !== null;

  // 1. The page scrolls sideways: name the outermost elements that stick out of the viewport.
  if (root.scrollWidth > viewport + 1) {
    const culprits: string[] = [];
    const sticksOut = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (rtl ? r.left < -1 : r.right > viewport + 1);
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (culprits.length >= 3) break;
      if (!sticksOut(el) || !shown(el)) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && sticksOut(parent)) continue;
      culprits.push(describe(el));
    }
    findings.push({
      kind: 'overflow',
      what: `page is ${root.scrollWidth} px wide in a ${viewport} px viewport: ${culprits.join(', ') || 'no single element'}`,
    });
  }

  // 2. A control's words cut off, or spilling out of its box.
  const canvas = document.createElement('canvas').getContext('2d');
  const controls = document.querySelectorAll(
    'label, button, .btn, select, .nav-link, .nav-group-toggle, .nav-title, th, legend, .dropdown-item, .badge, .breadcrumb-item, .page-link, .form-check-label',
  );
  for (const el of controls) {
    if (!shown(el) || visuallyHidden(el)) continue;
    const text = (el as HTMLElement).innerText?.trim() ?? '';
    if (!text) continue;
    // Truncated on purpose, with the whole text at hand in a title.
    const titled = el.closest('[title]');
    if (titled && (titled.getAttribute('title') ?? '').trim().length > 0) continue;
    const html = el as HTMLElement;
    let clipped = html.scrollWidth > html.clientWidth + 1;
    if (el instanceof HTMLSelectElement && canvas) {
      // A select's scrollWidth says nothing of its shown option: measure the option's words.
      const style = getComputedStyle(el);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const option = el.selectedOptions[0]?.text ?? '';
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      clipped = canvas.measureText(option).width > room + 1;
      if (clipped) {
        findings.push({
          kind: 'clipped',
          what: `${describe(el)} shows "${option}" in ${Math.round(room)} px, needs ${Math.ceil(canvas.measureText(option).width)} px`,
        });
      }
      continue;
    }
    if (clipped)
      findings.push({
        kind: 'clipped',
        what: `${describe(el)} needs ${html.scrollWidth} px, has ${html.clientWidth} px`,
      });
  }

  // 3. Contrast of every piece of text against the background it is drawn on.
  const parse = (colour: string): [number, number, number, number] | null => {
    const m = /rgba?\(([^)]+)\)/.exec(colour);
    if (!m) return null;
    const parts = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (
    top: [number, number, number, number],
    bottom: [number, number, number],
  ): [number, number, number] => [
    top[0] * top[3] + bottom[0] * (1 - top[3]),
    top[1] * top[3] + bottom[1] * (1 - top[3]),
    top[2] * top[3] + bottom[2] * (1 - top[3]),
  ];
  const luminance = (c: [number, number, number]): number => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const seen = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const owners = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.trim() && node.parentElement) owners.add(node.parentElement);
  }
  for (const field of document.querySelectorAll('input, select, textarea')) {
    const value = (field as HTMLInputElement).value;
    const type = field.getAttribute('type') ?? 'text';
    if (value && !['hidden', 'checkbox', 'radio', 'range', 'color', 'file'].includes(type))
      owners.add(field);
  }
  for (const el of owners) {
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TITLE'].includes(el.tagName)) continue;
    if (!shown(el) || visuallyHidden(el)) continue;
    // WCAG leaves out inactive controls.
    if (el.closest(':disabled, .disabled, [aria-disabled="true"]')) continue;
    const style = getComputedStyle(el);
    const fg = parse(style.color);
    if (!fg) continue;
    let opacity = 1;
    const layers: [number, number, number, number][] = [];
    let unknown = false;
    for (let at: Element | null = el; at; at = at.parentElement) {
      const s = getComputedStyle(at);
      opacity *= parseFloat(s.opacity);
      // A field's own picture is its caret or validity icon, beside the text, not under it.
      const ownIcon = at === el && el.matches('input, select, textarea');
      if (s.backgroundImage !== 'none' && !ownIcon && layers.every((l) => l[3] < 1)) unknown = true;
      const bg = parse(s.backgroundColor);
      if (bg && bg[3] > 0 && layers.every((l) => l[3] < 1)) layers.push(bg);
    }
    // Text on a picture or gradient: its contrast cannot be read from colours (axe says so too).
    if (unknown) continue;
    let backdrop: [number, number, number] = [255, 255, 255];
    for (const layer of layers.reverse()) backdrop = over(layer, backdrop);
    const text = over([fg[0], fg[1], fg[2], fg[3] * opacity], backdrop);
    const [l1, l2] = [luminance(text), luminance(backdrop)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    if (ratio + 0.005 < needed) {
      const key = `${describe(el)}|${style.color}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        kind: 'contrast',
        what: `${describe(el)} ${ratio.toFixed(2)}:1 < ${needed}:1 (${style.color} on rgb(${backdrop.map(Math.round).join(', ')}))`,
      });
    }
  }
  return findings;
}
