/**
 * HTML mail made safe to show: DOMPurify removes scripts, event handlers (onerror,
 * onload...), forms, frames and javascript: URLs; remote images lose their address until the
 * person allows them (a tracking pixel then never loads), and links open outside the frame.
 * The result goes into a sandboxed iframe without scripts (MessageBody in message-view.tsx),
 * whose own CSP allows no script and, unless allowed, no remote image either.
 */
import DOMPurify from 'dompurify';
import { partIdOf } from './inline-images';

interface SafeHtml {
  html: string;
  /** Remote images held back. */
  blocked: number;
}

const REMOTE = /^\s*(https?:)?\/\//i;

/**
 * `parts`: the message's own images (inline-images.ts), by part id; an image naming a part
 * that is not there (yet) shows nothing.
 */
export function safeMailHtml(
  raw: string,
  allowRemote: boolean,
  parts: ReadonlyMap<number, string> = new Map(),
): SafeHtml {
  let blocked = 0;
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    const part = node.tagName === 'IMG' ? partIdOf(node.getAttribute('src') ?? '') : null;
    if (part !== null) {
      const image = parts.get(part);
      if (image) node.setAttribute('src', image);
      else node.removeAttribute('src');
    }
    for (const attribute of ['src', 'srcset', 'background', 'poster']) {
      const value = node.getAttribute(attribute);
      if (value && REMOTE.test(value) && !allowRemote) {
        node.removeAttribute(attribute);
        if (node.tagName === 'IMG') {
          node.setAttribute('data-blocked', 'remote');
          node.setAttribute('alt', node.getAttribute('alt') ?? '');
        }
        blocked += 1;
      }
    }
    // url(...) in inline styles would load remote images too.
    const style = node.getAttribute('style');
    if (style && /url\(/i.test(style) && !allowRemote) {
      node.setAttribute('style', style.replace(/url\([^)]*\)/gi, 'none'));
      blocked += 1;
    }
  });
  const html = purify.sanitize(raw, {
    FORBID_TAGS: [
      'script',
      'style',
      'form',
      'input',
      'button',
      'iframe',
      'frame',
      'object',
      'embed',
      'link',
      'meta',
      'base',
    ],
    FORBID_ATTR: ['action', 'formaction'],
    ALLOW_DATA_ATTR: false,
    WHOLE_DOCUMENT: false,
  });
  purify.removeAllHooks();
  return { html, blocked };
}

/** The frame's document: the sanitised body under a CSP that allows no script at all. */
export function frameDocument(body: string, allowRemote: boolean, dir: 'ltr' | 'rtl'): string {
  const images = allowRemote ? 'data: cid: https: http:' : 'data: cid:';
  return `<!doctype html><html dir="${dir}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${images}; style-src 'unsafe-inline'"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:8px;word-wrap:break-word}img[data-blocked]{display:inline-block;min-width:16px;min-height:16px;background:#eee}</style></head><body>${body}</body></html>`;
}
