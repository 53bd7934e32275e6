import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notificationShown } from '@/lib/notify/notify-slice';
import { clearClientSession } from '@/lib/session/session-cookies';
import { loggedOut } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { errorText, type Translate } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';

/**
 * Logout as SPEC §4 says: POST /users/logout, then clear the stored keys (agent, access_token,
 * refresh_token, theme, isLoggedIn) and the session cookies, reset every slice (profile, chat, …)
 * and go to /login. If the call fails, the user goes back one page and is told why. The endpoint
 * is imported on the click: the signed-in layout's first screen needs no API cache code.
 */
export function useLogout(loginPath: string, t: Translate) {
  const dispatch = useLibDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const run = useCallback(async () => {
    setBusy(true);
    try {
      const { authApi } = await import('./auth-api');
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
      clearClientSession();
      dispatch(loggedOut());
      navigate(loginPath, { replace: true });
    } catch (error) {
      const data = toApiErrorData(error);
      // A 401 means the session had already ended; the http client has sent them to /login.
      if (data.status !== 401) {
        dispatch(notificationShown({ message: errorText(t, data), severity: 'error' }));
        navigate(-1);
      }
    } finally {
      setBusy(false);
    }
  }, [dispatch, navigate, loginPath, t]);

  return { logout: run, busy };
}
