/**
 * Helpdesk agents and administrators (SPEC §3 "Helpdesk admin", §7). Rules:
 * - An agent works in one department; the actor needs the Helpdesk right of the call there,
 *   and, to give the Helpdesk role, every right that role carries there (no escalation).
 * - Adding gives the user the Helpdesk role (role_id 3) in that department; status `removed`
 *   takes it away; either is written to the user's history.
 * - Giving or taking that role changes the user's account (where their sign-in leads, who the
 *   helpdesk is told they are), so staff do it only to users they may manage: the users
 *   module's rule (users/rules.ts: every assignment where they hold Users.UPDATE, no right
 *   they lack, never a default administrator), before the change and after it. A user they
 *   may not manage answers as an unknown one (404), without a name or an e-mail address.
 * - A helpdesk administrator is named by someone holding Helpdesk.ADD in a department the
 *   user belongs to, among users they may manage (a default administrator: anyone).
 */
import { departmentScope, HELPDESK_ROLE_ID, inScope } from '../../../contract/access';
import type {
  Agent,
  AgentCreate,
  AgentUpdate,
  HelpdeskAdmin,
  agentsQuerySchema,
} from '../../../contract/helpdesk-api';
import type { Paged } from '../../../contract/paging';
import type { ActionName } from '../../../contract/permissions';
import type { z } from 'zod';
import { isUniqueViolation, nowIso } from '../../db/database';
import { errors } from '../../http/app-error';
import {
  type Actor,
  displayName,
  manageRefusal,
  missingRights,
  parseIdList,
  rightNames,
  type TargetUser,
  visibleTo,
} from '../identity/public';
import type { AgentsRepo } from './agents-repo';
import { helpdeskErrors } from './errors';

type AgentRow = NonNullable<Awaited<ReturnType<AgentsRepo['find']>>>;

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    user_id: row.user_id,
    name: displayName(row),
    email: row.email,
    department_id: row.department_id,
    department_name: row.department_name,
    status: row.status,
    capacity: row.capacity,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function createAgentsService(repo: AgentsRepo) {
  const scopeOf = (actor: Actor, action: ActionName) =>
    departmentScope(actor.subject, 'Helpdesk', action);

  async function visibleAgent(actor: Actor, id: number, action: ActionName) {
    const agent = await repo.find(id);
    if (!agent || !inScope(scopeOf(actor, action), agent.department_id))
      throw helpdeskErrors.agentNotFound();
    return agent;
  }

  /** The user, when the actor may manage them (users/rules.ts); else as if there were none. */
  async function manageable(actor: Actor, userId: number): Promise<TargetUser | undefined> {
    const target = await repo.target(userId);
    if (!target || !visibleTo(actor, target.assignments, 'UPDATE')) return undefined;
    return manageRefusal(actor, target, 'UPDATE') === undefined ? target : undefined;
  }

  /**
   * 403 unless the actor holds every right of the Helpdesk role in the department, and may
   * still manage the user once they hold it there.
   */
  async function assertMayGiveRole(actor: Actor, target: TargetUser, departmentId: number) {
    const role = await repo.helpdeskRole();
    const rights = parseIdList(role.permission_set);
    const missing = missingRights(actor, departmentId, rights);
    if (missing.length > 0)
      throw errors.forbidden(
        `To give the Helpdesk role you must hold its rights in that department (missing: ${rightNames(missing)}).`,
      );
    const after: TargetUser = {
      ...target,
      assignments: [
        ...target.assignments,
        {
          department_id: departmentId,
          department_name: (await repo.departmentName(departmentId)) ?? '',
          role_id: HELPDESK_ROLE_ID,
          role_name: role.name,
          permission_set: rights,
        },
      ],
    };
    if (manageRefusal(actor, after, 'UPDATE')) throw helpdeskErrors.userNotManaged();
  }

  return {
    async list(actor: Actor, query: z.infer<typeof agentsQuerySchema>): Promise<Paged<Agent>> {
      const { total, items } = await repo.list(
        {
          departments: scopeOf(actor, 'LIST_VIEW'),
          search: query.search,
          includeRemoved: query.include_removed,
        },
        query.page,
        query.size,
      );
      return { items: items.map(toAgent), total, page: query.page, size: query.size };
    },

    async add(actor: Actor, input: AgentCreate): Promise<Agent> {
      if ((await repo.departmentName(input.department_id)) === undefined)
        throw errors.validation(`No department has the id ${input.department_id}.`, [
          { path: 'department_id', message: 'validation:unknownDepartment' },
        ]);
      if (!inScope(scopeOf(actor, 'ADD'), input.department_id))
        throw errors.forbidden(
          'You may only add agents in departments where you hold Helpdesk.ADD.',
        );
      const userId = input.user_id ?? (await repo.userIdByEmail(input.email ?? ''));
      const target = userId === undefined ? undefined : await manageable(actor, userId);
      if (!target) throw helpdeskErrors.userNotFound();
      const existing = await repo.findByUser(target.id, input.department_id);
      if (existing && existing.status !== 'removed') throw helpdeskErrors.agentExists();
      await assertMayGiveRole(actor, target, input.department_id);
      let id: number;
      try {
        const { status, capacity, department_id } = input;
        const values = { user_id: target.id, department_id, status, capacity };
        id = await repo.add(actor, values, nowIso());
      } catch (error) {
        // Two adds of the same agent at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw helpdeskErrors.agentExists();
        throw error;
      }
      return toAgent((await repo.find(id)) as AgentRow);
    },

    async update(actor: Actor, id: number, input: AgentUpdate): Promise<Agent> {
      const agent = await visibleAgent(actor, id, 'UPDATE');
      if (input.status && (input.status === 'removed') !== (agent.status === 'removed')) {
        // The role comes or goes: a change to the user's account, as when they were added.
        const target = await manageable(actor, agent.user_id);
        if (!target) throw helpdeskErrors.userNotManaged();
        await assertMayGiveRole(actor, target, agent.department_id);
      }
      await repo.change(actor, agent, input, nowIso());
      return toAgent((await repo.find(id)) as AgentRow);
    },

    async addAdmin(actor: Actor, userId: number): Promise<HelpdeskAdmin> {
      const target = await manageable(actor, userId);
      const scope = scopeOf(actor, 'ADD');
      const reachable =
        target !== undefined &&
        (scope === 'all' || target.assignments.some((a) => inScope(scope, a.department_id)));
      if (!reachable) throw helpdeskErrors.userNotFound();
      if (await repo.isAdmin(userId)) throw helpdeskErrors.adminExists();
      const now = nowIso();
      try {
        await repo.addAdmin(userId, actor.id, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw helpdeskErrors.adminExists();
        throw error;
      }
      const user = await repo.userCard(userId);
      if (!user) throw helpdeskErrors.userNotFound();
      return { user_id: userId, name: displayName(user), email: user.email, created_at: now };
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
