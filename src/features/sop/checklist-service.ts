/**
 * The checklist service's client (SPEC §7: save and export go to "a separate external service"
 * with the API key header). It answers at runtime-config's `sopServiceUrl`; when that
 * is the console's own API (the default), the app's client is used as it is.
 */
import { apiPaths } from '@contract/api-paths';
import { createHttpClient, type HttpClient } from '@/lib/http';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { readSessionToken } from '@/lib/session/session-cookies';

let serviceUrl: Promise<string | null> | null = null;

/** `sopServiceUrl` of runtime-config.json (read here, so the first download stays as it is). */
function readServiceUrl(): Promise<string | null> {
  serviceUrl ??= fetch(new URL('/runtime-config.json', window.location.origin), {
    headers: { accept: 'application/json' },
  })
    .then((res) => res.json() as Promise<{ sopServiceUrl?: unknown }>)
    .then((v) => (typeof v.sopServiceUrl === 'string' && v.sopServiceUrl ? v.sopServiceUrl : null))
    .catch(() => {
      serviceUrl = null;
      return null;
    });
  return serviceUrl;
}

export async function checklistService(app: HttpClient): Promise<HttpClient> {
  const [config, url] = await Promise.all([loadRuntimeConfig(), readServiceUrl()]);
  if (!url || url === config.apiBaseUrl) return app;
  return createHttpClient({
    getConfig: async () => ({ ...config, apiBaseUrl: url }),
    getToken: () => readSessionToken('user'),
    // Whether the session has ended is the console's to say: its own API answers the same token,
    // and the app's client then signs out and goes to /login as on any 401.
    onUnauthorized: () => void app.request(apiPaths.me).catch(() => undefined),
  });
}

/** Tests start from a clean slate. */
export function resetChecklistServiceForTests(): void {
  serviceUrl = null;
}
