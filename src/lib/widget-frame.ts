/**
 * A chat widget's iframe and the embed script on the page around it (public/widget.js) talk
 * through postMessage. The frame runs on another site than that page, where browsers
 * keep neither its cookies nor its storage, so the embed script keeps the visitor's session in
 * the page's own localStorage, under the widget's key until the session expires: the frame hands
 * it over after a login by key and asks for it back whenever it loads again (a reload, another
 * tab of the same site), which restores the conversation. The frame tells the page to forget it
 * only once the server says it has ended (401), so one tab's passing failure (offline, too many
 * questions) costs no other tab its conversation.
 *
 * Both sides check who speaks: the frame only talks to its parent at the origin named by `host`
 * (the page the server let it be framed by, and accepted at login), the embed script only to its
 * own frame at Atrium's origin. Messages: `{ atrium: 'widget', type, key, session? }` with type
 * `session` (frame -> page: keep it; page -> frame: here it is, or null), `session-request`,
 * `forget` and `close`. widget.js repeats these names; keep the two in step.
 */

export interface HandedSession {
  token: string;
  expires_at: string;
  session_id: string;
}

type WidgetMessage =
  | { type: 'session'; session: HandedSession | null }
  | { type: 'session-request' | 'forget' | 'close' };

const TAG = 'widget';

/** The embedding page's origin, when this page runs framed with `?host=` (else null). */
export function embeddingOrigin(search: string): string | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  const host = new URLSearchParams(search).get('host');
  if (!host) return null;
  try {
    const origin = new URL(host).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Sends one message to the embedding page; nothing happens when there is none. */
export function tellHost(origin: string | null, key: string, message: WidgetMessage): void {
  if (!origin) return;
  try {
    window.parent.postMessage({ atrium: TAG, key, ...message }, origin);
  } catch {
    // A page that went away or an origin the browser refuses: there is nobody to tell.
  }
}

function isHandedSession(value: unknown): value is HandedSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    typeof v.expires_at === 'string' &&
    typeof v.session_id === 'string'
  );
}

/**
 * Asks the embedding page for the session it keeps for `key`; null when there is no page, none
 * is kept, it has expired, or no answer comes within `waitMs`.
 */
export function askHostForSession(
  origin: string | null,
  key: string,
  waitMs = 500,
): Promise<HandedSession | null> {
  if (!origin) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (session: HandedSession | null) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(session && Date.parse(session.expires_at) > Date.now() ? session : null);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Record<string, unknown> | null;
      if (event.source !== window.parent || event.origin !== origin) return;
      if (data?.atrium !== TAG || data.type !== 'session' || data.key !== key) return;
      done(isHandedSession(data.session) ? data.session : null);
    };
    const timer = setTimeout(() => done(null), waitMs);
    window.addEventListener('message', onMessage);
    tellHost(origin, key, { type: 'session-request' });
  });
}

// The visitor session's id, for GET /service-agent/me?history=true&session_id=… after a reload.
// sessionStorage where the browser allows it (the frame often has none), memory otherwise.
const visitKey = (key: string) => `atriumWidgetSession:${key}`;
const visitsInMemory = new Map<string, string>();

export function rememberVisit(key: string, sessionId: string): void {
  visitsInMemory.set(key, sessionId);
  try {
    sessionStorage.setItem(visitKey(key), sessionId);
  } catch {
    // Storage refused in a third-party frame: memory it is.
  }
}

export function rememberedVisit(key: string): string | null {
  try {
    return sessionStorage.getItem(visitKey(key)) ?? visitsInMemory.get(key) ?? null;
  } catch {
    return visitsInMemory.get(key) ?? null;
  }
}
