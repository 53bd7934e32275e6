/**
 * Auth calls (SPEC §7 Auth, Users/me/password) as RTK Query endpoints. Sign-in and resending the
 * verification mail are written once, as plain calls in auth-requests.ts, because the login page
 * loads neither RTK Query nor the store (src/lib/http-context.ts); the endpoints here that make
 * the same calls on other screens run those functions.
 */
import { apiPaths } from '@contract/api-paths';
import type {
  ChangePasswordBody,
  MessageResponse,
  SignupBody,
  TokenCheckResponse,
} from '@contract/auth';
import { api } from '@/lib/api';
import { toApiErrorData } from '@/lib/http';
import type { ThunkExtra } from '@/lib/store-types';
import { mailQuery } from '@/lib/mail-query';
import { resendVerification } from './auth-requests';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signup: build.mutation<MessageResponse, SignupBody>({
      query: (body) => ({
        url: apiPaths.signup,
        method: 'POST',
        body,
        auth: false,
        query: mailQuery(),
      }),
    }),
    verifyEmail: build.query<TokenCheckResponse, string>({
      query: (token) => ({ url: apiPaths.verify(token), auth: false }),
      // Verifying spends the token: never ask twice for the same one.
      keepUnusedDataFor: 3600,
    }),
    forgotPassword: build.mutation<MessageResponse, string>({
      query: (email) => ({
        url: apiPaths.forgotPassword(email),
        method: 'POST',
        auth: false,
        query: mailQuery(),
      }),
    }),
    checkResetToken: build.query<TokenCheckResponse, string>({
      query: (token) => ({ url: apiPaths.verifyReset(token), auth: false }),
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: apiPaths.verifyReset(token),
        method: 'POST',
        body: { password },
        auth: false,
      }),
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordBody>({
      query: (body) => ({ url: apiPaths.myPassword, method: 'PUT', body }),
    }),
    resendVerification: build.mutation<MessageResponse, string>({
      async queryFn(email, { extra }) {
        try {
          return { data: await resendVerification((extra as ThunkExtra).http, email) };
        } catch (error) {
          return { error: toApiErrorData(error) };
        }
      },
    }),
    /** POST /users/logout: ends the session on the server (the caller clears it here). */
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: apiPaths.logout, method: 'POST' }),
    }),
  }),
});

export const {
  useSignupMutation,
  useVerifyEmailQuery,
  useForgotPasswordMutation,
  useCheckResetTokenQuery,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useResendVerificationMutation,
} = authApi;
