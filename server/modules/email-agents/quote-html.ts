/**
 * A received mail's HTML as it may stand quoted in a reply: cleaned by DOMPurify over jsdom,
 * with the rules the console's reader uses (src/features/email-agent/safe-html.ts): no script,
 * event handler, form, frame, embedded object, style sheet, link, meta or base; no javascript:
 * URL. Images of the original's own parts (cid:) lose their source, since those parts do not
 * travel with the reply. The reply is read by the customer's mail client, which treats remote
 * images its own way.
 *
 * It runs in the mail parsing thread (parser-thread.ts): jsdom adds ~80 MB to the heap that
 * loads it, which the server's own heap should not keep for the occasional reply.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

const FORBID_TAGS = [
  'script',
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'link',
  'meta',
  'base',
];

let purify: DOMPurify | undefined;

function purifier(): DOMPurify {
  if (purify) return purify;
  // jsdom's window is the DOM DOMPurify needs; its typings name a narrower one.
  const made = createDOMPurify(new JSDOM('').window as unknown as Parameters<DOMPurify>[0]);
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && /^\s*cid:/i.test(node.getAttribute('src') ?? ''))
      node.removeAttribute('src');
    if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
  });
  purify = made;
  return made;
}

export function quotableHtml(raw: string): string {
  return purifier().sanitize(raw, {
    FORBID_TAGS,
    FORBID_ATTR: ['action', 'formaction'],
    ALLOW_DATA_ATTR: false,
    WHOLE_DOCUMENT: false,
  });
}
