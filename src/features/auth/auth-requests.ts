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

/**
 * The query of a call that mails the person: where the mailed link leads (SPEC §9: the origin)
 * and the language the console shows, for the mail's words (contract/auth.ts
 * `mailLanguageField`). The language is read off <html lang>, which lib/i18n.ts keeps in step
 * with i18next, because these calls run without the React tree's i18next instance.
 */
export function mailQuery(): { verify_page_link: string; lng: string | undefined } {
  return {
    verify_page_link: window.location.origin,
    lng: document.documentElement.lang || undefined,
  };
}

/** POST /users/resend-verification/?email&verify_page_link&lng (answers alike for any address). */
export function resendVerification(http: HttpClient, email: string): Promise<MessageResponse> {
  return http.request<MessageResponse>(apiPaths.resendVerification, {
    method: 'POST',
    auth: false,
    query: { email, ...mailQuery() },
  });
}
