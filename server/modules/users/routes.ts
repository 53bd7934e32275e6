/** HTTP side of user administration (SPEC §7 Users); each route declares its right (SPEC §6). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messageResponseSchema, verifyLinkQuerySchema } from '../../../contract/auth';
import {
  historyQuerySchema,
  managedUserPageSchema,
  managedUserSchema,
  userCreateSchema,
  userEmailParamsSchema,
  userHistoryPageSchema,
  usersQuerySchema,
  userUpdateSchema,
} from '../../../contract/identity';
import type { ActionName } from '../../../contract/permissions';
import { apiRoutes } from '../../../contract/api-paths';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { historyRestoreParams, idParams, userIdParams } from '../identity/params';
import { actorOf } from '../identity/request-actor';

const needs = (action: ActionName) => ({
  config: { permission: { module: 'Users', action } as const },
});

export function registerUserRoutes(
  api: FastifyInstance,
  s: Pick<Services, 'users' | 'userHistory' | 'mailLinks'>,
) {
  /** Where invitation links point: the SPA's origin when trusted, else PUBLIC_URL (as sign-up). */
  const mailOrigin = (request: FastifyRequest) =>
    s.mailLinks.origin(parseInput(verifyLinkQuerySchema, request.query, 'query').verify_page_link);

  api.get(apiRoutes.users, needs('LIST_VIEW'), async (request) => {
    const query = parseInput(usersQuerySchema, request.query, 'query');
    return shape(managedUserPageSchema, await s.users.list(await actorOf(request), query));
  });

  // Static paths (/users/me, /users/history/…) win over this parameter in Fastify's router.
  api.get(apiRoutes.userByEmail, needs('VIEW'), async (request) => {
    const { email } = parseInput(userEmailParamsSchema, request.params, 'params');
    return shape(managedUserSchema, await s.users.getByEmail(await actorOf(request), email));
  });

  api.get(apiRoutes.userById, needs('VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(managedUserSchema, await s.users.getById(await actorOf(request), id));
  });

  api.post(apiRoutes.users, needs('ADD'), async (request, reply) => {
    const body = parseInput(userCreateSchema, request.body);
    const user = await s.users.create(await actorOf(request), body, mailOrigin(request));
    return reply.code(201).send(shape(managedUserSchema, user));
  });

  // SPEC §7 names both update paths; they do the same.
  api.put(apiRoutes.userUpdate, needs('UPDATE'), async (request) => {
    const { userId } = parseInput(userIdParams, request.params, 'params');
    const body = parseInput(userUpdateSchema, request.body);
    return shape(managedUserSchema, await s.users.update(await actorOf(request), userId, body));
  });

  api.put(apiRoutes.userPut, needs('UPDATE'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const body = parseInput(userUpdateSchema, request.body);
    return shape(managedUserSchema, await s.users.update(await actorOf(request), id, body));
  });

  api.delete(apiRoutes.userDelete, needs('DELETE'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(messageResponseSchema, await s.users.remove(await actorOf(request), id));
  });

  api.get(apiRoutes.userHistory, needs('VIEW'), async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const query = parseInput(historyQuerySchema, request.query, 'query');
    const page = await s.userHistory.history(await actorOf(request), id, query);
    return shape(userHistoryPageSchema, page);
  });

  // A restore changes the user, so it needs Users.UPDATE (and Users.ADD for a deleted user).
  api.post(apiRoutes.userHistoryRestore, needs('UPDATE'), async (request) => {
    const { id, entry } = parseInput(historyRestoreParams, request.params, 'params');
    const actor = await actorOf(request);
    const user = await s.userHistory.restore(actor, id, entry, mailOrigin(request));
    return shape(managedUserSchema, user);
  });
}
