/**
 * The images an HTML mail shows from its own parts (cid:, multipart/related). The API answers
 * the HTML with each such reference rewritten to the part's attachment URL, which needs the
 * token, so the frame cannot load it itself (and its CSP allows no address at all): each part
 * is read here through lib/http and handed to the frame as a data: URL. They are the message's
 * own bytes, so they show at once, unlike remote images.
 */
import { useEffect, useState } from 'react';
import type { MailMessageDetail } from '@contract/email-mailbox';
import { fillRoute } from '@contract/api-paths';
import { emailRoutes } from '@contract/email-agents';
import { useHttp } from '@/lib/http-context';

/** The part an address in the HTML names, as the server writes it (/api + the attachment route). */
const PART = /^\/api\/email-agent\/[^/]+\/messages\/\d+\/attachments\/(\d+)$/;
export function partIdOf(src: string): number | null {
  const match = PART.exec(src.trim());
  return match ? Number(match[1]) : null;
}

/** The bytes as a data: URL of the part's own type. */
async function dataUrlOf(blob: Blob, type: string): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/** Part id -> data: URL, filled in once the parts are read. `account`: its id or address. */
export function useInlineImages(message: MailMessageDetail, account: string) {
  const http = useHttp();
  const [images, setImages] = useState<ReadonlyMap<number, string>>(new Map());
  const parts = message.attachments.filter(
    (a) => a.inline && !a.not_kept && a.content_type.startsWith('image/'),
  );
  const key = parts.map((a) => a.id).join(',');
  useEffect(() => {
    if (!message.html || key === '') return;
    let live = true;
    void Promise.all(
      parts.map(async (a) => {
        const path = fillRoute(emailRoutes.attachment, {
          email_id: account,
          message: message.id,
          attachment: a.id,
        });
        try {
          const blob = await http.request<Blob>(path, { responseType: 'blob' });
          return [a.id, await dataUrlOf(blob, a.content_type)] as const;
        } catch {
          return null; // A part that cannot be read shows as a missing image.
        }
      }),
    ).then((read) => {
      if (live) setImages(new Map(read.filter((r) => r !== null)));
    });
    return () => {
      live = false;
    };
    // `parts` is derived from `key`'s attachments.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, account, message.id, message.html, key]);
  return images;
}
