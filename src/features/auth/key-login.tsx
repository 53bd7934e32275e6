/**
 * /login?key=K (SPEC §2, §7 login by key): a chat widget's visitor signs in with the
 * widget's key and lands on /chat with the same query. Loaded only when the address has a key,
 * so the sign-in page's first download stays as it was.
 *
 * In the widget's iframe the page around it may keep a session from before a reload
 * (lib/widget-frame.ts); it is used when the server still takes it, so the conversation goes on.
 * Otherwise `POST /users/login` with `API_KEY: K`, no body, and `X-Widget-Host` naming the page
 * that embeds the widget (`?host=`). A refusal (unknown key, switched off, not on this website,
 * too many) is said in the widget, in the visitor's language.
 */
import { useEffect, useRef, useState } from 'react';
import { CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiRoutes } from '@contract/api-paths';
import type { VisitorLoginResponse } from '@contract/service-agent';
import { WIDGET_HOST_HEADER, WIDGET_KEY_HEADER } from '@contract/widget-session';
import { PageHeading } from '@/components/page-heading';
import { visitorErrorText } from '@/lib/visitor-error-text';
import { toApiErrorData, type ApiErrorData, type HttpClient } from '@/lib/http';
import { useHttp } from '@/lib/http-context';
import { readSessionToken, saveSessionToken } from '@/lib/session/session-cookies';
import {
  askHostForSession,
  embeddingOrigin,
  rememberVisit,
  tellHost,
  type HandedSession,
} from '@/lib/widget-frame';

/** POST /users/login by key: no body, no content type; the embedding page in X-Widget-Host. */
function loginByKey(
  http: HttpClient,
  key: string,
  host: string | null,
): Promise<VisitorLoginResponse> {
  return http.request<VisitorLoginResponse>(apiRoutes.login, {
    method: 'POST',
    auth: false,
    headers: { [WIDGET_KEY_HEADER]: key, ...(host ? { [WIDGET_HOST_HEADER]: host } : {}) },
  });
}

function keep(key: string, session: HandedSession): void {
  saveSessionToken('widget', session.token, new Date(session.expires_at));
  rememberVisit(key, session.session_id);
}

/** A session the page kept, if the server still takes it (GET /service-agent/me). */
async function resumed(http: HttpClient, key: string, origin: string | null): Promise<boolean> {
  const handed = await askHostForSession(origin, key);
  if (!handed) return false;
  keep(key, handed);
  try {
    await http.request(apiRoutes.serviceAgentMe);
    return true;
  } catch (error) {
    // Ended (401): the page forgets it for all its tabs, and the visitor signs in again.
    // Anything else (switched off, too many, offline …) is the visitor's answer, and the kept
    // session stays: another tab, or a later try, may still go on with it.
    if (toApiErrorData(error).status !== 401) throw error;
    tellHost(origin, key, { type: 'forget' });
    return false;
  }
}

export function KeyLogin({ search, chatPath }: { search: string; chatPath: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const http = useHttp();
  const navigate = useNavigate();
  const [error, setError] = useState<ApiErrorData | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // Once per attempt, also under StrictMode's second effect run.
    if (started.current === attempt) return;
    started.current = attempt;
    const params = new URLSearchParams(search);
    const key = params.get('key') ?? '';
    const origin = embeddingOrigin(search);
    const connect = async () => {
      // Signed in already: this page mounted again while the way to the chat was loading.
      if (readSessionToken('widget')) return;
      if (!(await resumed(http, key, origin))) {
        const answer = await loginByKey(http, key, params.get('host'));
        const session = {
          token: answer.access_token,
          expires_at: answer.expires_at,
          session_id: answer.session_id,
        };
        keep(key, session);
        tellHost(origin, key, { type: 'session', session });
      }
    };
    connect().then(
      () => navigate(`${chatPath}${search}`, { replace: true }),
      (failure: unknown) => setError(toApiErrorData(failure)),
    );
  }, [attempt, search, chatPath, http, navigate]);

  return (
    <main className="d-flex flex-column align-items-center justify-content-center min-vh-100 p-3 text-center">
      <PageHeading className="h5 mb-3">{t('keyLogin.title')}</PageHeading>
      {error ? (
        <>
          <div className="alert alert-danger" role="alert">
            {visitorErrorText(t, error)}
          </div>
          <CButton
            color="primary"
            onClick={() => {
              setError(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('keyLogin.retry')}
          </CButton>
        </>
      ) : (
        <div role="status">
          <CSpinner color="primary" aria-hidden="true" className="mb-2" />
          <p className="mb-0">{t('keyLogin.connecting')}</p>
        </div>
      )}
    </main>
  );
}
