import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notificationShown } from '@/lib/notify/notify-slice';
import { clearClientSession } from '@/lib/session/session-cookies';
import { loggedOut } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { errorText, type Translate } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { useHttp } from '@/lib/http-context';
import { signOut } from './auth-requests';

/**
 * Logout as SPEC §4 says: POST /users/logout, then clear the stored keys (agent, access_token,
 * refresh_token, theme, isLoggedIn) and the session cookies, reset every slice (profile, chat, …)
 * and go to /login. If the call fails, the user goes back one page and is told why. A plain
 * call, not RTK Query: the signed-in layout then needs no API cache code for its first screen.
 */
export function useLogout(loginPath: string, t: Translate) {
  const http = useHttp();
  const dispatch = useLibDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const run = useCallback(async () => {
    setBusy(true);
    try {
      await signOut(http);
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
  }, [http, dispatch, navigate, loginPath, t]);

  return { logout: run, busy };
}
