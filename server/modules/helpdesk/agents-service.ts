/**
 * Helpdesk agents and administrators (SPEC §3 "Helpdesk admin", §7; issue 17). Rules:
 * - An agent works in one department; the actor needs the Helpdesk right of the call there,
 *   and, to give the Helpdesk role, every right that role carries there (no escalation).
 * - Adding gives the user the Helpdesk role (role_id 3) in that department; status `removed`
 *   takes it away; either is written to the user's history.
 * - A helpdesk administrator is named by someone holding Helpdesk.ADD in a department the
 *   user belongs to (a default administrator: anyone).
 */
import { departmentScope, inScope } from '../../../contract/access';
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
import { displayName, missingRights, rightNames, type Actor } from '../identity/actor-scope';
import { parseIdList } from '../identity/history';
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

  /** 403 unless the actor holds every right of the Helpdesk role in the department. */
  async function assertMayGiveRole(actor: Actor, departmentId: number) {
    const missing = missingRights(
      actor,
      departmentId,
      parseIdList(await repo.helpdeskRoleRights()),
    );
    if (missing.length > 0)
      throw errors.forbidden(
        `To give the Helpdesk role you must hold its rights in that department (missing: ${rightNames(missing)}).`,
      );
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
      if (!(await repo.departmentExists(input.department_id)))
        throw errors.validation(`No department has the id ${input.department_id}.`, [
          { path: 'department_id', message: 'validation:unknownDepartment' },
        ]);
      if (!inScope(scopeOf(actor, 'ADD'), input.department_id))
        throw errors.forbidden(
          'You may only add agents in departments where you hold Helpdesk.ADD.',
        );
      const userId = input.user_id ?? (await repo.userIdByEmail(input.email ?? ''));
      if (userId === undefined || !(await repo.userDepartments(userId)))
        throw helpdeskErrors.userNotFound();
      const existing = await repo.findByUser(userId, input.department_id);
      if (existing && existing.status !== 'removed') throw helpdeskErrors.agentExists();
      await assertMayGiveRole(actor, input.department_id);
      let id: number;
      try {
        const { status, capacity, department_id } = input;
        id = await repo.add(actor, { user_id: userId, department_id, status, capacity }, nowIso());
      } catch (error) {
        // Two adds of the same agent at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw helpdeskErrors.agentExists();
        throw error;
      }
      return toAgent((await repo.find(id)) as AgentRow);
    },

    async update(actor: Actor, id: number, input: AgentUpdate): Promise<Agent> {
      const agent = await visibleAgent(actor, id, 'UPDATE');
      if (input.status && (input.status === 'removed') !== (agent.status === 'removed'))
        await assertMayGiveRole(actor, agent.department_id);
      await repo.change(actor, agent, input, nowIso());
      return toAgent((await repo.find(id)) as AgentRow);
    },

    async addAdmin(actor: Actor, userId: number): Promise<HelpdeskAdmin> {
      const departments = await repo.userDepartments(userId);
      const scope = scopeOf(actor, 'ADD');
      const reachable =
        departments !== undefined &&
        (scope === 'all' || departments.some((d) => inScope(scope, d)));
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
