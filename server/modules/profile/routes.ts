/** The signed-in user's own profile (SPEC §7 Users/me). */
import type { FastifyInstance } from 'fastify';
import { updateMeBodySchema } from '../../../contract/auth';
import { userProfileSchema } from '../../../contract/profile';
import { apiRoutes } from '../../../contract/api-paths';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { authOf } from '../../plugins/auth';

export function registerProfileRoutes(api: FastifyInstance, s: Pick<Services, 'profiles'>) {
  const me = async (request: Parameters<typeof authOf>[0]) =>
    shape(userProfileSchema, await s.profiles.profileOf(authOf(request).user));
  api.get(apiRoutes.me, me);
  // SPEC §7 names both paths; they answer the same.
  api.get(apiRoutes.userMe, me);

  api.put(apiRoutes.me, async (request) => {
    const body = parseInput(updateMeBodySchema, request.body);
    return shape(userProfileSchema, await s.profiles.updateMe(authOf(request).user, body));
  });
}
