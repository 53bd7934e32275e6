/**
 * The images an HTML mail shows from its own parts (cid:, multipart/related). The API answers
 * the HTML with each such reference rewritten to the part's attachment URL, which needs the
 * token, so the frame cannot load it itself: the parts are read through the API cache and
 * handed to the frame as data: URLs. They are the message's own bytes, so they show at once,
 * unlike remote images.
 */
import { useMemo } from 'react';
import type { MailMessageDetail } from '@contract/email-mailbox';
import { useMailInlineImagesQuery } from './email-agent-api';

/** The part an address in the HTML names, as the server writes it (/api + the attachment route). */
const PART = /^\/api\/email-agent\/[^/]+\/messages\/\d+\/attachments\/(\d+)$/;
export function partIdOf(src: string): number | null {
  const match = PART.exec(src.trim());
  return match ? Number(match[1]) : null;
}

/** Part id -> data: URL, filled in once the parts are read. `account`: its id or address. */
export function useInlineImages(
  message: MailMessageDetail,
  account: string,
): ReadonlyMap<number, string> {
  const parts = message.attachments
    .filter((a) => a.inline && !a.not_kept && a.content_type.startsWith('image/'))
    .map((a) => ({ id: a.id, type: a.content_type }));
  const { data } = useMailInlineImagesQuery(
    { id: account, message: message.id, parts },
    { skip: !message.html || parts.length === 0 },
  );
  return useMemo(
    () => new Map(Object.entries(data ?? {}).map(([part, url]) => [Number(part), url])),
    [data],
  );
}
