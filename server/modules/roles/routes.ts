/** HTTP side of roles (SPEC §7 Roles); each route declares the right it needs (SPEC §6). */
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
import { permissionId } from '../../../contract/permissions';
import { apiRoutes } from '../../../contract/api-paths';
import { anyOf, type Api, needs } from '../../http/route-contract';
import { historyRestoreParams, idParams } from '../identity/params';
import { actorOf } from '../identity/request-actor';
import type { RoleHistoryService } from './history-service';
import type { RoleService } from './service';

const tags = ['Roles'];

export function registerRoleRoutes(
  api: Api,
  s: { roles: RoleService; roleHistory: RoleHistoryService },
) {
  // Also for whoever adds or edits users: the user form picks the roles to assign from here.
  const listOrAssign = anyOf(needs('Roles', 'LIST_VIEW'), needs('Users', 'ADD', 'UPDATE'));

  api.get(
    apiRoutes.roles,
    {
      config: listOrAssign,
      schema: {
        tags,
        summary: 'List roles',
        querystring: rolesQuerySchema,
        response: { 200: rolePageSchema },
      },
    },
    async (request) => s.roles.list(await actorOf(request), request.query),
  );

  // Roles whose set grants module `type` the action `action`, filtered and paged like GET /roles.
  api.get(
    apiRoutes.rolesByAction,
    {
      config: needs('Roles', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List the roles granting a right',
        params: rolesByActionParamsSchema,
        querystring: rolesQuerySchema,
        response: { 200: rolePageSchema },
      },
    },
    async (request) => {
      const { type, action } = request.params;
      return s.roles.list(await actorOf(request), request.query, permissionId(type, action));
    },
  );

  api.get(
    apiRoutes.role,
    {
      config: needs('Roles', 'VIEW'),
      schema: { tags, summary: 'Read a role', params: idParams, response: { 200: roleSchema } },
    },
    async (request) => s.roles.get(await actorOf(request), request.params.id),
  );

  api.post(
    apiRoutes.roles,
    {
      config: needs('Roles', 'ADD'),
      schema: {
        tags,
        summary: 'Create a role',
        body: roleInputSchema,
        response: { 201: roleSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await s.roles.create(await actorOf(request), request.body)),
  );

  api.put(
    apiRoutes.role,
    {
      config: needs('Roles', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a role',
        params: idParams,
        body: roleInputSchema,
        response: { 200: roleSchema },
      },
    },
    async (request) => s.roles.update(await actorOf(request), request.params.id, request.body),
  );

  // Not in SPEC §7; the console needs a way to remove a role it created by mistake.
  api.delete(
    apiRoutes.role,
    {
      config: needs('Roles', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete a role',
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => s.roles.remove(await actorOf(request), request.params.id),
  );

  api.get(
    apiRoutes.roleHistory,
    {
      config: needs('Roles', 'VIEW'),
      schema: {
        tags,
        summary: 'List a role’s change history',
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: roleHistoryPageSchema },
      },
    },
    async (request) =>
      s.roleHistory.history(await actorOf(request), request.params.id, request.query),
  );

  // A restore changes the role, so it needs Roles.UPDATE (and Roles.ADD for a deleted role).
  api.post(
    apiRoutes.roleHistoryRestore,
    {
      config: needs('Roles', 'UPDATE'),
      schema: {
        tags,
        summary: 'Restore a role from its history',
        params: historyRestoreParams,
        response: { 200: roleSchema },
      },
    },
    async (request) => {
      const { id, entry } = request.params;
      return s.roleHistory.restore(await actorOf(request), id, entry);
    },
  );
}
