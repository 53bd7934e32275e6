/**
 * Login by key and the visitor's session (SPEC §2 /login?key, §7 login by key).
 *
 * Where the widget runs. The widget is an iframe of Atrium's `/chat?key=…` on a customer's
 * page, so its login call comes from Atrium's own origin, and the page that embeds it cannot
 * be told from the request. Three things together keep a widget on its allowed hosts:
 * 1. The widget's pages are sent with `Content-Security-Policy: frame-ancestors <allowed
 *    hosts>` (plugins/security-headers.ts): a browser does not show the iframe elsewhere.
 * 2. A login called from any other origin than Atrium's (a page calling the API itself) must
 *    come from an allowed host: `Origin`, or `Referer` when there is no Origin.
 * 3. A login from Atrium's own origin (or with neither header, e.g. not from a browser) must
 *    name the embedding page in `X-Widget-Host` (the embed script passes its origin to the
 *    iframe as `&host=`), and that must be an allowed host; it is kept with the session.
 * The key itself is public (it is in the page); these checks stop other sites from showing a
 * working widget, which is what a browser can enforce.
 */
import { randomUUID } from 'node:crypto';
import {
  VISITOR_TOKEN_TTL_SECONDS,
  type VisitorLoginResponse,
} from '../../../contract/service-agent';
import { isAllowedHost } from '../../../contract/widget-hosts';
import { nowIso } from '../../db/database';
import { errors } from '../../http/app-error';
import type { VisitorClaims, VisitorTokens } from '../../services/security/visitor-tokens';
import { widgetErrors } from './errors';
import type { RateWindows } from './rate-window';
import type { WidgetRepo } from './repo';
import { hostsOf } from './service';
import type { VisitorRepo } from './visitor-repo';

/** What the auth hook knows of a visitor once their token and session were checked. */
export interface VisitorContext {
  sessionId: string;
  widgetId: number;
  clientId: string;
  expiresAt: string;
}

export interface KeyLogin {
  key: string;
  origin?: string;
  referer?: string;
  widgetHost?: string;
  /** `<scheme>://<host>` of the request itself: the API's own origin as the caller sees it. */
  selfOrigin: string;
  address: string;
  userAgent?: string;
}

export interface VisitorLimits {
  /** Logins by key and questions per minute, all visitors of one widget together. */
  perWidget: number;
  /** Logins by key and questions per minute from one visitor address, all widgets together. */
  perAddress: number;
}

interface VisitorLoginDeps {
  widgets: WidgetRepo;
  repo: VisitorRepo;
  tokens: VisitorTokens;
  windows: RateWindows;
  limits: VisitorLimits;
  /** PUBLIC_URL and CONSOLE_ORIGINS: where Atrium's own pages are. */
  ownOrigins: readonly string[];
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

export const addressKey = (address: string) => `address:${address}`;
export const widgetKey = (widgetId: number) => `widget:${widgetId}`;

export function createVisitorLogin(deps: VisitorLoginDeps) {
  const { widgets, repo, tokens, windows, limits } = deps;
  const own = new Set(deps.ownOrigins.map(originOf).filter((o): o is string => Boolean(o)));

  /** The embedding page's origin, when it is one of the widget's hosts; 403 otherwise. */
  function pageHost(call: KeyLogin, allowed: readonly string[]): string {
    const caller = originOf(call.origin) ?? originOf(call.referer);
    if (caller && caller !== originOf(call.selfOrigin) && !own.has(caller)) {
      if (!isAllowedHost(allowed, caller)) throw widgetErrors.originNotAllowed();
      return caller;
    }
    const claimed = call.widgetHost?.trim();
    if (!claimed) throw widgetErrors.hostMissing();
    if (claimed.length > 255 || !isAllowedHost(allowed, claimed))
      throw widgetErrors.originNotAllowed();
    return claimed;
  }

  return {
    async login(call: KeyLogin): Promise<VisitorLoginResponse> {
      await windows.take([[addressKey(call.address), limits.perAddress]]);
      const key = call.key.trim();
      const widget = KEY_PATTERN.test(key) ? await widgets.find({ clientId: key }) : undefined;
      if (!widget) throw widgetErrors.keyInvalid();
      await windows.take([[widgetKey(widget.id), limits.perWidget]]);
      const host = pageHost(call, hostsOf(widget));
      if (widget.status !== 1) throw widgetErrors.disabled();

      const sessionId = randomUUID();
      const now = nowIso();
      const expiresAt = new Date(Date.now() + VISITOR_TOKEN_TTL_SECONDS * 1000);
      await repo.insertSession({
        id: sessionId,
        service_agent_id: widget.id,
        host,
        visitor_address: call.address.slice(0, 64),
        user_agent: call.userAgent?.slice(0, 300) ?? null,
        created_at: now,
        expires_at: expiresAt.toISOString(),
        last_active_at: now,
        revoked_at: null,
      });
      const access_token = await tokens.sign({ sessionId, widgetId: widget.id, expiresAt });
      return {
        access_token,
        token_type: 'bearer',
        expires_at: expiresAt.toISOString(),
        session_id: sessionId,
        client_id: widget.client_id,
      };
    },

    /**
     * The hosts that may frame the widget pages opened with `key`: the widget's allowed hosts;
     * undefined for any other key (those pages keep refusing every frame). A switched-off
     * widget stays framed by its own hosts, so its visitors read in the widget that it is off
     * (login by key refuses them) instead of a browser's blocked-frame page.
     */
    async framingHosts(key: string): Promise<string[] | undefined> {
      if (!KEY_PATTERN.test(key)) return undefined;
      const widget = await widgets.find({ clientId: key });
      return widget ? hostsOf(widget) : undefined;
    },

    /** The claims of a visitor token; 401 for anything tampered, expired or malformed. */
    async verify(token: string): Promise<VisitorClaims> {
      const claims = await tokens.verify(token);
      if (!claims) throw errors.unauthorized('The access token is not valid.');
      return claims;
    },

    /**
     * The visitor behind verified claims: the session must be current and its widget active,
     * checked on every request, so disabling or deleting a widget cuts its visitors off at once
     * (and switching it off ends the session for good: see the widget service's update).
     */
    async authenticate(claims: VisitorClaims): Promise<VisitorContext> {
      const session = await repo.findSession(claims.sessionId);
      if (!session || session.service_agent_id !== claims.widgetId)
        throw widgetErrors.sessionEnded();
      // Before the session's own state: switching off ends the sessions too, and its visitors
      // should read that the chat is off, not that their session ended.
      if (session.status !== 1) throw widgetErrors.disabled();
      if (session.revoked_at || Date.parse(session.expires_at) <= Date.now())
        throw widgetErrors.sessionEnded();
      return {
        sessionId: session.id,
        widgetId: session.service_agent_id,
        clientId: session.client_id,
        expiresAt: session.expires_at,
      };
    },
  };
}

export type VisitorLogin = ReturnType<typeof createVisitorLogin>;
