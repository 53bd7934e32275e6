/**
 * Sign-in and resending the verification mail as plain calls over lib/http: the login page runs
 * before the store loads (its first download has neither Redux nor RTK Query; see
 * src/lib/http-context.ts). The guards load the session into the store on the navigation that
 * follows.
 */
import { apiPaths } from '@contract/api-paths';
import type { LoginBody, LoginResponse, MessageResponse } from '@contract/auth';
import type { UserProfile } from '@contract/profile';
import type { HttpClient } from '@/lib/http';
import { mailQuery } from '@/lib/mail-query';
import { saveSessionToken } from '@/lib/session/session-cookies';

/** POST /users/login, keep the token in its cookie, then read the profile (GET /users/me). */
export async function signIn(
  http: HttpClient,
  body: LoginBody,
): Promise<{ token: string; profile: UserProfile }> {
  const answer = await http.request<LoginResponse>(apiPaths.login, {
    method: 'POST',
    body,
    auth: false,
  });
  saveSessionToken('user', answer.access_token, new Date(answer.expires_at));
  const profile = await http.request<UserProfile>(apiPaths.me);
  return { token: answer.access_token, profile };
}

/** POST /users/resend-verification/?email&verify_page_link&lng (answers alike for any address). */
export function resendVerification(http: HttpClient, email: string): Promise<MessageResponse> {
  return http.request<MessageResponse>(apiPaths.resendVerification, {
    method: 'POST',
    auth: false,
    query: { email, ...mailQuery() },
  });
}
