/** PUT /users/me (SPEC §7): own names and username; the answer is the updated profile. */
import { apiPaths } from '@contract/api-paths';
import type { UpdateMeBody } from '@contract/auth';
import type { UserProfile } from '@contract/profile';
import { api } from '@/lib/api';

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateMe: build.mutation<UserProfile, UpdateMeBody>({
      query: (body) => ({ url: apiPaths.me, method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useUpdateMeMutation } = profileApi;
