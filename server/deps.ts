/** What the routes and services of one app instance share; built once in buildApp. */
import type { ActionName, ModuleName } from '../contract/permissions';
import type { AccessSubject } from '../contract/profile';
import type { ResolvedConfig } from './config';
import type { Database } from './db/database';
import type { VisitorContext } from './modules/service-agent/visitor-login';
import type { UserRow } from './db/schema';
import type { Mailer } from './services/mail/mailer';
import type { AccessTokens } from './services/security/access-tokens';

export interface AppDeps {
  config: ResolvedConfig;
  database: Database;
  mailer: Mailer;
  tokens: AccessTokens;
}

export interface AuthContext {
  /** Empty for a request made with an API key. */
  sessionId: string;
  /** Set when the request was made with an API key: `user` is the key's creator. */
  apiKeyId?: number;
  user: UserRow;
  /** Loaded on first use: the role assignments the access rules read. */
  subject: () => Promise<AccessSubject>;
}

/**
 * `load` run on the first call only; later calls share its promise: the `subject` of an
 * AuthContext. A factory rather than a closure assigned to a name in each request, because
 * under tsx (`npm run dev`, tests, benches) every named function made per request is given its
 * name with defineProperty (`__name`), which was the largest part of an API key's check
 * (bench:integrations). The compiled server (dist-server/) keeps no names and has no such cost.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export interface RouteRight {
  module: ModuleName;
  action: ActionName;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No signed-in user needed (the x-api-key is still required under /api). */
    public?: boolean;
    /**
     * The right this route needs (SPEC §6), checked with contract's hasPermission; a list means
     * any one of them will do.
     */
    permission?: RouteRight | readonly RouteRight[];
    /** Only default administrators. */
    admin?: boolean;
    /**
     * Only chat widget visitors (a visitor token); the one kind of route a visitor
     * token opens, and one no user token opens.
     */
    visitor?: boolean;
    /** Not with an API key: managing keys, the own account, signing out. */
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The widget visitor of a `visitor` route. */
    visitor: VisitorContext | null;
  }
}
