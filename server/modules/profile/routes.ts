/** The signed-in user's own profile (SPEC §7 Users/me). */
import { updateMeBodySchema } from '../../../contract/auth';
import { userProfileSchema } from '../../../contract/profile';
import { apiRoutes } from '../../../contract/api-paths';
import type { Api } from '../../http/route-contract';
import { authOf } from '../../plugins/auth';
import type { ProfileService } from './service';

const tags = ['Profile'];

export function registerProfileRoutes(api: Api, s: { profiles: ProfileService }) {
  const me = (summary: string) => ({
    schema: { tags, summary, response: { 200: userProfileSchema } },
  });
  api.get(apiRoutes.me, me('Read your profile'), async (request) =>
    s.profiles.profileOf(authOf(request).user),
  );
  // SPEC §7 names both paths; they answer the same.
  api.get(apiRoutes.userMe, me('Read your profile (alternative path)'), async (request) =>
    s.profiles.profileOf(authOf(request).user),
  );

  api.put(
    apiRoutes.me,
    {
      schema: {
        tags,
        summary: 'Update your profile',
        body: updateMeBodySchema,
        response: { 200: userProfileSchema },
      },
    },
    async (request) => s.profiles.updateMe(authOf(request).user, request.body),
  );
}
