/**
 * The constants of a chat widget's session, without zod, so the login page and the
 * embed script can use them without loading the schemas. contract/service-agent.ts has the
 * schemas and re-exports these.
 *
 * Login by key: `POST /users/login` with `API_KEY: <client_id>` and no body. Called from the
 * widget's iframe (Atrium's own origin), it also sends `X-Widget-Host: <origin of the page
 * embedding the widget>`, which the embed script passes to the iframe as `&host=`.
 */

/** Login by key: the header carrying the widget's key (SPEC §7), as sent. */
export const WIDGET_KEY_HEADER = 'API_KEY';
/** Login by key from the widget's iframe: the origin of the page that embeds it. */
export const WIDGET_HOST_HEADER = 'X-Widget-Host';
/** A visitor token (and its session) lasts this long. */
export const VISITOR_TOKEN_TTL_SECONDS = 2 * 3600;
/** The embed script's address on Atrium: other sites may load it (`Cross-Origin-Resource-Policy`). */
export const EMBED_SCRIPT_PATH = '/widget.js';
/**
 * `GET <path>?key=K`: may the page asking (its `Origin`) show widget K? `{ allowed }`, readable
 * by any origin. The embed script asks before it draws anything (public/widget.js repeats the
 * path). Outside /api: a customer's page has no x-api-key.
 */
export const WIDGET_CHECK_PATH = '/widget-check';
/** The pages a widget's iframe shows; only these may be framed, by the widget's hosts. */
export const WIDGET_FRAME_PAGES = ['/chat', '/login'] as const;
/** Longest visitor question, in characters: capped, so no visitor sends the model a book. */
export const VISITOR_QUESTION_MAX = 2000;
