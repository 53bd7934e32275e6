/**
 * Opening the helpdesk without handing it the session (SPEC §2, §8). A signed-in
 * person gets a hand-off token: 256 random bits, valid HANDOFF_TTL_SECONDS, stored as its
 * SHA-256 only and bound to one helpdesk. The helpdesk site exchanges it once, with its
 * signing secret, for who the person is: the consuming UPDATE is a single statement, so two
 * exchanges of the same token cannot both succeed on either database.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { departmentScope, HELPDESK_ROLE_ID } from '../../../contract/access';
import { HANDOFF_TTL_SECONDS, type Exchange, type Handoff } from '../../../contract/helpdesk-api';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Actor } from '../identity/public';
import type { AgentsRepo } from './agents-repo';
import { helpdeskErrors } from './errors';
import type { HelpdeskRepo } from './repo';
import { secretHelpdeskId, type HelpdeskService } from './service';

/** The right of POST /helpdesk/handoff (routes.ts), which also decides where it leads. */
export const HANDOFF_RIGHT = 'LIST_VIEW' as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface HandoffDeps {
  db: Kysely<DB>;
  helpdesks: HelpdeskRepo;
  service: HelpdeskService;
  agents: AgentsRepo;
  /** Now, in ms; tests move it to see a token expire. */
  clock?: () => number;
}

export function createHandoff({ db, helpdesks, service, agents, clock = Date.now }: HandoffDeps) {
  /** The helpdesk the site's secret names, when the secret is right and it is active. */
  async function siteOf(authorization: string | undefined): Promise<number> {
    const secret = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    const id = secretHelpdeskId(secret);
    const expected = id === undefined ? undefined : await service.secretOf(id);
    if (id === undefined || expected === undefined || !sameSecret(secret, expected))
      throw helpdeskErrors.siteUnauthorized();
    const helpdesk = await helpdesks.find(id);
    if (!helpdesk || helpdesk.status !== 1) throw helpdeskErrors.siteUnauthorized();
    return id;
  }

  const servingFor = (actor: Actor) =>
    helpdesks.servingSome(departmentScope(actor.subject, 'Helpdesk', HANDOFF_RIGHT));

  return {
    /** GET /helpdesk/serving: whether `mint` would find a helpdesk, by the same rule. */
    async serves(actor: Actor): Promise<boolean> {
      return (await servingFor(actor)).length > 0;
    },

    /**
     * POST /helpdesk/handoff: a token for the first active helpdesk serving a department where
     * the person holds the route's right (Helpdesk.LIST_VIEW; administrators: any helpdesk). A
     * right held in one department opens no other department's helpdesk.
     */
    async mint(actor: Actor, helpdeskId?: number): Promise<Handoff> {
      const serving = await servingFor(actor);
      const target =
        helpdeskId === undefined ? serving[0] : serving.find((h) => h.id === helpdeskId);
      if (!target) throw helpdeskErrors.notConfigured();
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = new Date(now + HANDOFF_TTL_SECONDS * 1000).toISOString();
      // Spent and expired tokens are kept a day for inquiries, then go.
      await db
        .deleteFrom('helpdesk_handoffs')
        .where('expires_at', '<', new Date(now - 86_400_000).toISOString())
        .execute();
      await db
        .insertInto('helpdesk_handoffs')
        .values({
          token_hash: sha256(token),
          helpdesk_id: target.id,
          user_id: actor.id,
          expires_at: expiresAt,
          used_at: null,
          created_at: nowIso(),
        })
        .execute();
      const url = new URL(target.site_url + target.callback_path);
      url.searchParams.set('token', token);
      return { helpdesk_id: target.id, url: url.toString(), expires_at: expiresAt };
    },

    /** POST /helpdesk/exchange: the site's call; 401 for a wrong secret or a refused token. */
    async exchange(authorization: string | undefined, token: string): Promise<Exchange> {
      const helpdeskId = await siteOf(authorization);
      const now = new Date(clock()).toISOString();
      const spent = await db
        .updateTable('helpdesk_handoffs')
        .set({ used_at: now })
        .where('token_hash', '=', sha256(token))
        .where('helpdesk_id', '=', helpdeskId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!spent) throw helpdeskErrors.tokenRefused();
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'first_name', 'last_name', 'status'])
        .where('id', '=', spent.user_id)
        .executeTakeFirst();
      if (!user || user.status !== 'active') throw helpdeskErrors.tokenRefused();
      const assignments = await db
        .selectFrom('user_roles as ur')
        .innerJoin('departments as d', 'd.id', 'ur.department_id')
        .select(['d.id', 'd.name', 'ur.role_id'])
        .where('ur.user_id', '=', user.id)
        .orderBy('d.id')
        .execute();
      const served = new Set((await helpdesks.find(helpdeskId))?.departments.map((d) => d.id));
      const departments = new Map<number, string>();
      for (const a of assignments) if (served.has(a.id)) departments.set(a.id, a.name);
      const role = (await agents.isAdmin(user.id))
        ? 'admin'
        : assignments.some((a) => a.role_id === HELPDESK_ROLE_ID)
          ? 'agent'
          : 'viewer';
      const { status: _status, ...identity } = user;
      return {
        user: identity,
        departments: [...departments].map(([id, name]) => ({ id, name })),
        helpdesk_role: role,
        helpdesk_id: helpdeskId,
      };
    },
  };
}

export type HandoffService = ReturnType<typeof createHandoff>;
