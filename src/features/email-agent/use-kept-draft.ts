/**
 * A compose that keeps itself: what the person types is saved on the server as their draft for
 * the account (PUT …/compose/draft) a moment after they stop typing, and at once when they
 * leave (a link, closing the tab, the tab hidden on a phone), so compose opened again shows it.
 * Sending or discarding settles it first: no save may land after the mail left.
 *
 * A save started as the page goes away is remembered (`lastSave`), so compose opened again in
 * the same tab reads the draft only once that save is through.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComposeDraft } from '@contract/email-mailbox';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useSaveComposeDraftMutation } from './email-agent-api';

export interface DraftText {
  to: string;
  cc: string;
  subject: string;
  body: string;
}

export type KeptState =
  | { kind: 'idle' }
  | { kind: 'restored'; at: string }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; error: ApiErrorData };

const QUIET_MS = 700;

let lastSave: Promise<unknown> = Promise.resolve();

/** Resolves once a save begun by a compose just left has finished (or failed). */
export const savesSettled = () =>
  lastSave.then(
    () => undefined,
    () => undefined,
  );

const textOf = (d: DraftText) => JSON.stringify([d.to, d.cc, d.subject, d.body]);

export function useKeptDraft(account: string, values: DraftText, initial: ComposeDraft | null) {
  const [save] = useSaveComposeDraftMutation();
  const [state, setState] = useState<KeptState>(
    initial ? { kind: 'restored', at: initial.updated_at } : { kind: 'idle' },
  );
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  const savedText = useRef(textOf(initial ?? { to: '', cc: '', subject: '', body: '' }));
  const settled = useRef(false);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const flush = useCallback(
    (keepalive = false) => {
      const text = textOf(latest.current);
      if (settled.current || text === savedText.current) return;
      savedText.current = text;
      setState({ kind: 'saving' });
      const body = { ...latest.current };
      const run = save({ id: account, body, keepalive })
        .unwrap()
        .then(
          (answer) => setState({ kind: 'saved', at: answer.draft?.updated_at ?? '' }),
          (error: unknown) => {
            // Tried again with the next change, or as the page is left.
            savedText.current = '';
            setState({ kind: 'failed', error: toApiErrorData(error) });
          },
        );
      inFlight.current = run;
      lastSave = run;
    },
    [account, save],
  );

  // A moment after the last keystroke.
  const text = textOf(values);
  useEffect(() => {
    const timer = setTimeout(flush, QUIET_MS);
    return () => clearTimeout(timer);
  }, [text, flush]);

  // At once when the person leaves: another screen, the tab closed or hidden.
  useEffect(() => {
    const leave = () => flush(true);
    const hidden = () => document.visibilityState === 'hidden' && flush(true);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      flush();
    };
  }, [flush]);

  /** No more saves; resolves once the one under way (if any) is through. */
  const settle = useCallback(async () => {
    settled.current = true;
    await inFlight.current;
  }, []);

  /** Saves may go on again (a send that failed keeps the mail being written). */
  const resume = useCallback(() => {
    settled.current = false;
    savedText.current = '';
  }, []);

  return { state, settle, resume };
}
