/**
 * Chat widgets for the console (SPEC §6, §7 Chat widget). Rules:
 * - Department scope, as users and roles have it: a widget belongs to the departments it
 *   answers from (its target areas). A reader sees it when every one of them lies where the
 *   reader holds the route's Service_agent right (a default administrator: everywhere).
 * - Publishing knowledge: a widget may answer only from departments where its creator or
 *   editor holds the Service_agent right of the call AND Query.QUERY_DOCUMENT, so nobody puts
 *   on the open web what they could not read themselves (403 otherwise).
 * - Trial users (role 'Trial') see and change only the widgets they created; anyone else's
 *   answers 404, as if it did not exist.
 * - `{id}` in a path is a numeric id or a client_id (client_ids are never all digits).
 * - A host taken off `allowed_hosts` ends the open visitor sessions that were opened there.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { departmentScope, inScope, isTrialUser } from '../../../contract/access';
import type { Paged } from '../../../contract/paging';
import type { ActionName } from '../../../contract/permissions';
import type {
  ServiceAgent,
  ServiceAgentConversation,
  ServiceAgentCreate,
  ServiceAgentUpdate,
  serviceAgentsQuerySchema,
} from '../../../contract/service-agent';
import type { z } from 'zod';
import { isAllowedHost } from '../../../contract/widget-hosts';
import { isUniqueViolation, nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { type Actor, actorNames, type ActorNames, actorRef } from '../identity/public';
import { widgetErrors } from './errors';
import type { WidgetRecord, WidgetRepo, WidgetScope } from './repo';

type ListQuery = z.infer<typeof serviceAgentsQuerySchema>;

const MAX_RECORD_ID = 2_147_483_647;

/** A widget's reference in a path: its numeric id, or its client_id. */
function widgetRef(text: string): { id: number } | { clientId: string } | undefined {
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    return id >= 1 && id <= MAX_RECORD_ID ? { id } : undefined;
  }
  return /^[A-Za-z0-9_-]{1,64}$/.test(text) ? { clientId: text } : undefined;
}

/** 32 url-safe random characters (192 bits), never all digits (those name ids). */
function newClientId(): string {
  for (;;) {
    const id = randomBytes(24).toString('base64url');
    if (!/^\d+$/.test(id)) return id;
  }
}

export function hostsOf(row: { allowed_hosts: string }): string[] {
  try {
    const value: unknown = JSON.parse(row.allowed_hosts);
    return Array.isArray(value) ? value.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

function toServiceAgent(w: WidgetRecord, names: ActorNames): ServiceAgent {
  return {
    id: w.id,
    client_id: w.client_id,
    client_name: w.client_name,
    fg_color: w.fg_color,
    bg_color: w.bg_color,
    target_areas: w.areas.map((a) => a.id),
    target_area_names: w.areas.map((a) => a.name),
    allowed_hosts: hostsOf(w),
    status: w.status === 1,
    welcome_message: w.welcome_message,
    daily_message_quota: w.daily_message_quota,
    messages_today: w.messagesToday,
    created_by: actorRef(names, w.created_by),
    updated_by: actorRef(names, w.updated_by),
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

/** A page of a widget's visitor conversations (visitor-chat.ts). */
type ConversationsOf = (
  widgetId: number,
  page: number,
  size: number,
) => Promise<Paged<ServiceAgentConversation>>;

export function createWidgetService(
  db: Kysely<DB>,
  repo: WidgetRepo,
  conversationsOf: ConversationsOf,
) {
  function scopeFor(actor: Actor, action: ActionName): WidgetScope {
    return {
      departments: departmentScope(actor.subject, 'Service_agent', action),
      ownerId: !actor.isAdmin && isTrialUser(actor.subject) ? actor.id : null,
    };
  }

  function isVisible(widget: WidgetRecord, scope: WidgetScope): boolean {
    if (scope.ownerId !== null && widget.created_by !== scope.ownerId) return false;
    if (scope.departments === 'all') return true;
    const { departments } = scope;
    return widget.areas.length > 0 && widget.areas.every((a) => inScope(departments, a.id));
  }

  /** The widget `ref` names, when the actor holds `action` over it; 404 otherwise. */
  async function visible(actor: Actor, ref: string, action: ActionName): Promise<WidgetRecord> {
    const parsed = widgetRef(ref);
    const widget = parsed && (await repo.find(parsed));
    if (!widget || !isVisible(widget, scopeFor(actor, action))) throw widgetErrors.notFound();
    return widget;
  }

  /** Every area exists (400) and the actor may publish its knowledge under `action` (403). */
  async function assertPublishable(actor: Actor, areas: readonly number[], action: ActionName) {
    const existing = new Set(await repo.existingDepartments(areas));
    const unknown = areas.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw widgetErrors.unknownDepartments(unknown);
    const managed = departmentScope(actor.subject, 'Service_agent', action);
    const readable = departmentScope(actor.subject, 'Query', 'QUERY_DOCUMENT');
    const refused = areas.filter((id) => !inScope(managed, id) || !inScope(readable, id));
    if (refused.length > 0) throw widgetErrors.areasForbidden(refused);
  }

  async function shaped(widgets: WidgetRecord[]): Promise<ServiceAgent[]> {
    const names = await actorNames(
      db,
      widgets.flatMap((w) => [w.created_by, w.updated_by]),
    );
    return widgets.map((w) => toServiceAgent(w, names));
  }

  async function reread(id: number): Promise<ServiceAgent> {
    const widget = await repo.find({ id });
    if (!widget) throw widgetErrors.notFound();
    return (await shaped([widget]))[0];
  }

  return {
    async list(actor: Actor, query: ListQuery): Promise<Paged<ServiceAgent>> {
      const filter = { ...scopeFor(actor, 'LIST_VIEW'), search: query.search };
      const { total, items } = await repo.list(filter, query.page, query.size);
      return { items: await shaped(items), total, page: query.page, size: query.size };
    },

    async get(actor: Actor, ref: string): Promise<ServiceAgent> {
      return (await shaped([await visible(actor, ref, 'VIEW')]))[0];
    },

    async create(actor: Actor, input: ServiceAgentCreate): Promise<ServiceAgent> {
      await assertPublishable(actor, input.target_areas, 'ADD');
      const now = nowIso();
      const { target_areas, allowed_hosts, status, ...rest } = input;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const id = await repo.insert(
            {
              ...rest,
              client_id: newClientId(),
              allowed_hosts: JSON.stringify(allowed_hosts),
              status: status ? 1 : 0,
              created_by: actor.id,
              updated_by: actor.id,
              created_at: now,
              updated_at: now,
            },
            target_areas,
          );
          return await reread(id);
        } catch (error) {
          // 192 random bits do not collide; the unique index is the last word if they ever do.
          if (!isUniqueViolation(error) || attempt >= 2) throw error;
        }
      }
    },

    async update(actor: Actor, ref: string, input: ServiceAgentUpdate): Promise<ServiceAgent> {
      const widget = await visible(actor, ref, 'UPDATE');
      const { target_areas, allowed_hosts, status, ...rest } = input;
      if (target_areas) await assertPublishable(actor, target_areas, 'UPDATE');
      await repo.update(
        widget.id,
        {
          ...rest,
          ...(allowed_hosts ? { allowed_hosts: JSON.stringify(allowed_hosts) } : {}),
          ...(status === undefined ? {} : { status: status ? 1 : 0 }),
          updated_by: actor.id,
          updated_at: nowIso(),
        },
        target_areas,
      );
      // Switching off ends every visitor session, so switching back on revives none of them
      // (visitors sign in by key again); switching on ends any that a login racing the
      // switch-off opened.
      const switched = status !== undefined && (status ? 1 : 0) !== widget.status;
      if (switched) await repo.revokeSessions(widget.id, () => false);
      else if (allowed_hosts)
        await repo.revokeSessions(widget.id, (host) => isAllowedHost(allowed_hosts, host));
      return reread(widget.id);
    },

    /** GET /service-agent/history/{client_id}: for those who may view the widget. */
    async history(
      actor: Actor,
      ref: string,
      query: { page: number; size: number },
    ): Promise<Paged<ServiceAgentConversation>> {
      const widget = await visible(actor, ref, 'VIEW');
      return conversationsOf(widget.id, query.page, query.size);
    },

    async remove(actor: Actor, ref: string): Promise<{ message: string }> {
      const widget = await visible(actor, ref, 'DELETE');
      await repo.remove(widget.id);
      return { message: 'The chat widget was deleted.' };
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
