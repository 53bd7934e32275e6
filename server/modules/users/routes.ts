/** HTTP side of user administration (SPEC §7 Users); each route declares its right (SPEC §6). */
import {
  mailLinkQuerySchema,
  messageResponseSchema,
  verifyLinkQuerySchema,
} from '../../../contract/auth';
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
import { apiRoutes } from '../../../contract/api-paths';
import {
  deletedUserPageSchema,
  deletedUserSchema,
  deletedUsersQuerySchema,
} from '../../../contract/deleted-users';
import { type Api, needs } from '../../http/route-contract';
import type { MailLinks } from '../identity/mail-links';
import { historyRestoreParams, idParams, userIdParams } from '../identity/params';
import { actorOf } from '../identity/request-actor';
import type { DeletedUserService } from './deleted-service';
import type { UserHistoryService } from './history-service';
import type { UserService } from './service';

const tags = ['Users'];

export function registerUserRoutes(
  api: Api,
  s: {
    users: UserService;
    userHistory: UserHistoryService;
    deletedUsers: DeletedUserService;
    mailLinks: MailLinks;
  },
) {
  /** Where invitation links point: the SPA's origin when trusted, else PUBLIC_URL (as sign-up). */
  const mailOrigin = (request: { query: { verify_page_link?: string } }) =>
    s.mailLinks.origin(request.query.verify_page_link);
  const user = { 200: managedUserSchema };

  api.get(
    apiRoutes.users,
    {
      config: needs('Users', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List users',
        querystring: usersQuerySchema,
        response: { 200: managedUserPageSchema },
      },
    },
    async (request) => s.users.list(await actorOf(request), request.query),
  );

  // Static paths (/users/me, /users/history/…) win over this parameter in Fastify's router.
  api.get(
    apiRoutes.userByEmail,
    {
      config: needs('Users', 'VIEW'),
      schema: {
        tags,
        summary: 'Find a user by e-mail address',
        params: userEmailParamsSchema,
        response: user,
      },
    },
    async (request) => s.users.getByEmail(await actorOf(request), request.params.email),
  );

  api.get(
    apiRoutes.userById,
    {
      config: needs('Users', 'VIEW'),
      schema: { tags, summary: 'Read a user', params: idParams, response: user },
    },
    async (request) => s.users.getById(await actorOf(request), request.params.id),
  );

  api.post(
    apiRoutes.users,
    {
      config: needs('Users', 'ADD'),
      schema: {
        tags,
        summary: 'Invite a user',
        querystring: verifyLinkQuerySchema,
        body: userCreateSchema,
        response: { 201: managedUserSchema },
      },
    },
    async (request, reply) => {
      const created = await s.users.create(
        await actorOf(request),
        request.body,
        mailOrigin(request),
      );
      return reply.code(201).send(created);
    },
  );

  // SPEC §7 names both update paths; they do the same.
  api.put(
    apiRoutes.userUpdate,
    {
      config: needs('Users', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a user',
        params: userIdParams,
        body: userUpdateSchema,
        response: user,
      },
    },
    async (request) => s.users.update(await actorOf(request), request.params.userId, request.body),
  );

  api.put(
    apiRoutes.userPut,
    {
      config: needs('Users', 'UPDATE'),
      schema: {
        tags,
        summary: 'Update a user (alternative path)',
        params: idParams,
        body: userUpdateSchema,
        response: user,
      },
    },
    async (request) => s.users.update(await actorOf(request), request.params.id, request.body),
  );

  api.delete(
    apiRoutes.userDelete,
    {
      config: needs('Users', 'DELETE'),
      schema: {
        tags,
        summary: 'Delete a user',
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => s.users.remove(await actorOf(request), request.params.id),
  );

  api.get(
    apiRoutes.userHistory,
    {
      config: needs('Users', 'VIEW'),
      schema: {
        tags,
        summary: 'List a user’s change history',
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: userHistoryPageSchema },
      },
    },
    async (request) =>
      s.userHistory.history(await actorOf(request), request.params.id, request.query),
  );

  // A restore changes the user, so it needs Users.UPDATE (and Users.ADD for a deleted user).
  api.post(
    apiRoutes.userHistoryRestore,
    {
      config: needs('Users', 'UPDATE'),
      schema: {
        tags,
        summary: 'Restore a user from their history',
        params: historyRestoreParams,
        querystring: mailLinkQuerySchema,
        response: user,
      },
    },
    async (request) => {
      const { id, entry } = request.params;
      const { lng } = request.query;
      return s.userHistory.restore(await actorOf(request), id, entry, mailOrigin(request), lng);
    },
  );

  api.get(
    apiRoutes.deletedUsers,
    {
      config: needs('Users', 'LIST_VIEW'),
      schema: {
        tags,
        summary: 'List deleted users',
        querystring: deletedUsersQuerySchema,
        response: { 200: deletedUserPageSchema },
      },
    },
    async (request) => s.deletedUsers.list(await actorOf(request), request.query),
  );

  api.get(
    apiRoutes.deletedUser,
    {
      config: needs('Users', 'VIEW'),
      schema: {
        tags,
        summary: 'Read a deleted user',
        params: idParams,
        response: { 200: deletedUserSchema },
      },
    },
    async (request) => s.deletedUsers.get(await actorOf(request), request.params.id),
  );

  // Who may delete a user may bring them back (deleted-service.ts).
  api.post(
    apiRoutes.deletedUserRestore,
    {
      config: needs('Users', 'DELETE'),
      schema: {
        tags,
        summary: 'Restore a deleted user',
        params: idParams,
        querystring: mailLinkQuerySchema,
        response: user,
      },
    },
    async (request) =>
      s.deletedUsers.restore(
        await actorOf(request),
        request.params.id,
        mailOrigin(request),
        request.query.lng,
      ),
  );
}
