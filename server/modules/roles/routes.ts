/** HTTP side of roles (SPEC §7 Roles); each route declares the right it needs (SPEC §6). */
import type { FastifyInstance } from 'fastify';
import { messageResponseSchema } from '../../../contract/auth';
import {
  historyQuerySchema,
  roleHistoryPageSchema,
  roleInputSchema,
  rolePageSchema,
  roleSchema,
  rolesByActionParamsSchema,
  rolesQuerySchema,
} from '../../../contract/identity';
import { permissionId, type ActionName } from '../../../contract/permissions';
import { apiRoutes } from '../../../contract/api-paths';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';
import { historyRestoreParams, idParams } from '../identity/params';

const needs = (action: ActionName) => ({
  config: { permission: { module: 'Roles', action } as const },
});

export function registerRoleRoutes(
  api: FastifyInstance,
  s: Pick<Services, 'roles' | 'roleHistory'>,
) {
  // Also for whoever adds or edits users: the user form picks the roles to assign from here.
  const listOrAssign = {
    config: {
      permission: [
        { module: 'Roles', action: 'LIST_VIEW' },
        { module: 'Users', action: 'ADD' },
        { module: 'Users', action: 'UPDATE' },
      ] as const,
    },
  };

  api.get(apiRoutes.roles, listOrAssign, async (request) => {
    const query = parseInput(rolesQuerySchema, request.query, 'query');
    return shape(rolePageSchema, await s.roles.list(await actorOf(request), query));
  });

  // Roles whose set grants module `type` the action `action`, filtered and paged like GET /roles.
  api.get(apiRoutes.rolesByAction, needs('LIST_VIEW'), async (request) => {
    const { type, action } = parseInput(rolesByActionParamsSchema, request.params, 'params');
    const query = parseInput(rolesQuerySchema, request.query, 'query');
    const page = await s.roles.list(await actorOf(request), query, permissionId(type, action));
    return shape(rolePageSchema, page);
  });

  api.get(apiRoutes.role, needs('VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(roleSchema, await s.roles.get(await actorOf(request), id));
  });

  api.post(apiRoutes.roles, needs('ADD'), async (request, reply) => {
    const body = parseInput(roleInputSchema, request.body);
    const role = await s.roles.create(await actorOf(request), body);
    return reply.code(201).send(shape(roleSchema, role));
  });

  api.put(apiRoutes.role, needs('UPDATE'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const body = parseInput(roleInputSchema, request.body);
    return shape(roleSchema, await s.roles.update(await actorOf(request), id, body));
  });

  // Not in SPEC §7; the console needs a way to remove a role it created by mistake.
  api.delete(apiRoutes.role, needs('DELETE'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(messageResponseSchema, await s.roles.remove(await actorOf(request), id));
  });

  api.get(apiRoutes.roleHistory, needs('VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const query = parseInput(historyQuerySchema, request.query, 'query');
    return shape(
      roleHistoryPageSchema,
      await s.roleHistory.history(await actorOf(request), id, query),
    );
  });

  // A restore changes the role, so it needs Roles.UPDATE (and Roles.ADD for a deleted role).
  api.post(apiRoutes.roleHistoryRestore, needs('UPDATE'), async (request) => {
    const { id, entry } = parseInput(historyRestoreParams, request.params, 'params');
    return shape(roleSchema, await s.roleHistory.restore(await actorOf(request), id, entry));
  });
}
