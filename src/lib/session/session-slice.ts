/**
 * The signed-in session, shared by every area (DESIGN: it is cross-cutting — every slice resets on
 * its `sessionExpired`/`loggedOut` actions — so it lives in lib, not in a feature).
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserProfile } from '@contract/profile';
import type { AccessSubject } from '@contract/profile';
import { apiPaths } from '@contract/api-paths';
import { toApiErrorData, type ApiErrorData } from '../http';
import { createAppAsyncThunk } from '../store-types';
import type { SessionKind } from './session-cookies';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface SessionState {
  profile: UserProfile | null;
  kind: SessionKind | null;
  status: RequestStatus;
  error: ApiErrorData | null;
}

const initialSessionState: SessionState = {
  profile: null,
  kind: null,
  status: 'idle',
  error: null,
};

/** GET /users/me with the token the http client reads from the cookie. */
export const loadSession = createAppAsyncThunk(
  'session/load',
  async (_: void, { extra, rejectWithValue, signal }) => {
    try {
      return await extra.http.request<UserProfile>(apiPaths.me, { signal });
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
  { condition: (_, { getState }) => getState().session.status !== 'loading' },
);

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A 401 or a missing token: the session is gone (SPEC §4, §8). */
    sessionExpired: () => initialSessionState,
    /** Logout completed (SPEC §4). */
    loggedOut: () => initialSessionState,
    /** A widget visitor's token: no profile, route checks are skipped (SPEC §6). */
    widgetSessionStarted: (state) => {
      state.kind = 'widget';
      state.status = 'succeeded';
    },
    profileUpdated: (state, action: PayloadAction<UserProfile>) => {
      state.profile = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSession.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loadSession.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.kind = 'user';
        state.profile = action.payload;
      })
      .addCase(loadSession.rejected, (state, action) => {
        // A 401 has already reset the session through sessionExpired; keep that reset.
        if (action.payload?.status === 401) return initialSessionState;
        state.status = 'failed';
        state.error = action.payload ?? toApiErrorData(action.error);
      });
  },
});

export const { sessionExpired, loggedOut, widgetSessionStarted, profileUpdated } =
  sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/** Matches the actions every slice resets on. */
export const isSessionEnd = (action: { type: string }): boolean =>
  action.type === sessionExpired.type || action.type === loggedOut.type;

export interface SessionRootState {
  session: SessionState;
}

const selectSession = (state: SessionRootState) => state.session;
export const selectProfile = (state: SessionRootState) => state.session.profile;

/** What contract/access.ts needs, or null when nobody is signed in. */
function accessSubjectOf(session: SessionState): AccessSubject | null {
  if (session.kind === 'widget') return { is_defaultadmin: false, permissions: [], isWidget: true };
  if (!session.profile) return null;
  return {
    is_defaultadmin: session.profile.is_defaultadmin,
    permissions: session.profile.permissions,
  };
}

/** Memoised: the same session gives the same subject object. */
export const selectAccessSubject = createSelector([selectSession], accessSubjectOf);

export function displayName(profile: UserProfile): string {
  const full = `${profile.first_name} ${profile.last_name}`.trim();
  return full || profile.username || profile.email;
}
