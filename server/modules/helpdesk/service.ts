/**
 * Helpdesk integrations for the console (SPEC §6, §7 Helpdesk). Rules:
 * - Department scope, as chat widgets: a helpdesk is visible to a reader when every department
 *   it serves lies where the reader holds the route's Helpdesk right (administrators: all).
 *   Connecting a helpdesk to a department needs the Helpdesk right of the call there (403).
 * - The signing secret `hds_<id>.<random>` is returned once (create, or `rotate_secret`) and
 *   stored sealed: it signs webhooks, so it must be recoverable, unlike a password.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { departmentScope, inScope } from '../../../contract/access';
import type {
  Helpdesk,
  HelpdeskCreate,
  HelpdeskUpdate,
  helpdeskQuerySchema,
} from '../../../contract/helpdesk-api';
import type { Paged } from '../../../contract/paging';
import type { ActionName } from '../../../contract/permissions';
import type { z } from 'zod';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { SecretBox } from '../../services/security/secret-box';
import { type Actor, actorNames, type ActorNames, actorRef } from '../identity/public';
import { helpdeskErrors } from './errors';
import type { HelpdeskRecord, HelpdeskRepo } from './repo';

type ListQuery = z.infer<typeof helpdeskQuerySchema>;

function newSigningSecret(id: number): string {
  return `hds_${id}.${randomBytes(32).toString('base64url')}`;
}

/** The helpdesk id a secret names, or undefined when it is not shaped like one. */
export function secretHelpdeskId(secret: string): number | undefined {
  const match = /^hds_(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(secret);
  return match ? Number(match[1]) : undefined;
}

function toHelpdesk(h: HelpdeskRecord, names: ActorNames, secret?: string): Helpdesk {
  return {
    id: h.id,
    name: h.name,
    site_url: h.site_url,
    callback_path: h.callback_path,
    webhook_path: h.webhook_path,
    status: h.status === 1,
    departments: h.departments.map((d) => d.id),
    department_names: h.departments.map((d) => d.name),
    ...(secret ? { signing_secret: secret } : {}),
    pending_deliveries: h.pendingDeliveries,
    created_by: actorRef(names, h.created_by),
    updated_by: actorRef(names, h.updated_by),
    created_at: h.created_at,
    updated_at: h.updated_at,
  };
}

export function createHelpdeskService(db: Kysely<DB>, repo: HelpdeskRepo, box: SecretBox) {
  const scopeOf = (actor: Actor, action: ActionName) =>
    departmentScope(actor.subject, 'Helpdesk', action);

  async function visible(actor: Actor, id: number, action: ActionName) {
    const helpdesk = await repo.find(id);
    const scope = scopeOf(actor, action);
    if (
      !helpdesk ||
      (scope !== 'all' &&
        (helpdesk.departments.length === 0 ||
          !helpdesk.departments.every((d) => inScope(scope, d.id))))
    )
      throw helpdeskErrors.notFound();
    return helpdesk;
  }

  async function assertDepartments(actor: Actor, ids: readonly number[], action: ActionName) {
    const existing = new Set(await repo.existingDepartments(ids));
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw helpdeskErrors.unknownDepartments(unknown);
    const scope = scopeOf(actor, action);
    const refused = ids.filter((id) => !inScope(scope, id));
    if (refused.length > 0) throw helpdeskErrors.departmentsForbidden(refused);
  }

  async function shaped(rows: HelpdeskRecord[], secret?: string): Promise<Helpdesk[]> {
    const names = await actorNames(
      db,
      rows.flatMap((h) => [h.created_by, h.updated_by]),
    );
    return rows.map((h) => toHelpdesk(h, names, secret));
  }

  async function reread(id: number, secret?: string): Promise<Helpdesk> {
    const helpdesk = await repo.find(id);
    if (!helpdesk) throw helpdeskErrors.notFound();
    return (await shaped([helpdesk], secret))[0];
  }

  return {
    async list(actor: Actor, query: ListQuery): Promise<Paged<Helpdesk>> {
      const filter = { departments: scopeOf(actor, 'LIST_VIEW'), search: query.search };
      const { total, items } = await repo.list(filter, query.page, query.size);
      return { items: await shaped(items), total, page: query.page, size: query.size };
    },

    /** 404 unless the actor holds `action` of Helpdesk in every department the helpdesk serves. */
    async check(actor: Actor, id: number, action: ActionName): Promise<void> {
      await visible(actor, id, action);
    },

    async get(actor: Actor, id: number): Promise<Helpdesk> {
      return (await shaped([await visible(actor, id, 'VIEW')]))[0];
    },

    async create(actor: Actor, input: HelpdeskCreate): Promise<Helpdesk> {
      await assertDepartments(actor, input.departments, 'ADD');
      const now = nowIso();
      const { departments, status, ...rest } = input;
      let secret = '';
      const id = await repo.insert(
        {
          ...rest,
          status: status ? 1 : 0,
          created_by: actor.id,
          updated_by: actor.id,
          created_at: now,
          updated_at: now,
        },
        departments,
        (newId) => box.seal((secret = newSigningSecret(newId))),
      );
      return reread(id, secret);
    },

    async update(actor: Actor, id: number, input: HelpdeskUpdate): Promise<Helpdesk> {
      const helpdesk = await visible(actor, id, 'UPDATE');
      const { departments, status, rotate_secret, ...rest } = input;
      if (departments) await assertDepartments(actor, departments, 'UPDATE');
      const secret = rotate_secret ? newSigningSecret(helpdesk.id) : undefined;
      await repo.update(
        helpdesk.id,
        {
          ...rest,
          ...(status === undefined ? {} : { status: status ? 1 : 0 }),
          ...(secret ? { secret_sealed: box.seal(secret) } : {}),
          updated_by: actor.id,
          updated_at: nowIso(),
        },
        departments,
      );
      return reread(helpdesk.id, secret);
    },

    /** The signing secret of a helpdesk, for signing and for checking the site's calls. */
    async secretOf(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('helpdesks')
        .select('secret_sealed')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? box.open(row.secret_sealed) : undefined;
    },
  };
}

export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
