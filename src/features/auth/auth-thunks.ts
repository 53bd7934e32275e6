/**
 * Sign-in and resending the verification mail as thunks over lib/http: the login page stays free
 * of RTK Query (its download budget); the session they start lives in lib/session.
 */
import { apiPaths } from '@contract/api-paths';
import type { LoginBody, LoginResponse, MessageResponse } from '@contract/auth';
import type { UserProfile } from '@contract/profile';
import { toApiErrorData } from '@/lib/http';
import { saveSessionToken } from '@/lib/session/session-cookies';
import { loadSession } from '@/lib/session/session-slice';
import { createAppAsyncThunk } from '@/lib/store-types';

/** POST /users/login, keep the token in its cookie, then load the profile (GET /users/me). */
export const signIn = createAppAsyncThunk<{ token: string; profile: UserProfile }, LoginBody>(
  'auth/signIn',
  async (body, { extra, dispatch, rejectWithValue }) => {
    try {
      const answer = await extra.http.request<LoginResponse>(apiPaths.login, {
        method: 'POST',
        body,
        auth: false,
      });
      saveSessionToken('user', answer.access_token, new Date(answer.expires_at));
      const profile = await dispatch(loadSession()).unwrap();
      return { token: answer.access_token, profile };
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
);

/** POST /users/resend-verification/?email&verify_page_link (answers alike for any address). */
export const resendVerification = createAppAsyncThunk<MessageResponse, string>(
  'auth/resendVerification',
  async (email, { extra, rejectWithValue }) => {
    try {
      return await extra.http.request<MessageResponse>(apiPaths.resendVerification, {
        method: 'POST',
        auth: false,
        query: { email, verify_page_link: window.location.origin },
      });
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
);
