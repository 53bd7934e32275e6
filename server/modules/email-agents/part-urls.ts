/**
 * HTML mail shows its inline parts (images in multipart/related) by `cid:` references. The
 * API answers the HTML with each reference to a kept part rewritten to that part's own URL,
 * so a client can show it (they are the message's own bytes, not remote images); a reference
 * to no kept part is left as it is, and shows nothing.
 */
import { emailRoutes } from '../../../contract/email-agents';

export interface AttachmentRow {
  id: number;
  email_message_id: number;
  filename: string;
  content_type: string;
  size: number;
  content_id: string | null;
  inline: number;
  omitted: string | null;
}

/** The API path of one attachment (the server's routes live under /api). */
function attachmentUrl(accountId: number, messageId: number, id: number): string {
  return `/api${emailRoutes.attachment
    .replace(':email_id', String(accountId))
    .replace(':message', String(messageId))
    .replace(':attachment', String(id))}`;
}

export function withPartUrls(
  html: string,
  accountId: number,
  messageId: number,
  attachments: AttachmentRow[],
): string {
  const byCid = new Map<string, number>();
  for (const a of attachments)
    if (a.email_message_id === messageId && a.content_id && !a.omitted)
      byCid.set(a.content_id.toLowerCase(), a.id);
  if (byCid.size === 0) return html;
  return html.replace(/cid:([^"'\s<>)]+)/gi, (whole, ref: string) => {
    let key = ref;
    try {
      key = decodeURIComponent(ref);
    } catch {
      // Not %-encoded after all: compared as it is.
    }
    const id = byCid.get(key.toLowerCase());
    return id === undefined ? whole : attachmentUrl(accountId, messageId, id);
  });
}
