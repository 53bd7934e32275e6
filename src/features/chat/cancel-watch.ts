/**
 * SPEC §4/§9: while a message or visual query is pending, the `sending` flag is checked every
 * 100 ms; once it is off (the Stop button, a new chat, the end of the session) the request is
 * aborted. Aborting the fetch also closes the stream, which tells the server to stop generating.
 */
import { CHAT_CANCEL_CHECK_MS } from '@contract/constants';

export const CANCELLED_MESSAGE = 'Message sending cancelled';

/** Starts the check; call the returned function when the request has settled. */
export function watchSending(
  stillSending: () => boolean,
  controller: AbortController,
  intervalMs: number = CHAT_CANCEL_CHECK_MS,
): () => void {
  const timer = setInterval(() => {
    if (!stillSending()) {
      clearInterval(timer);
      controller.abort();
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
