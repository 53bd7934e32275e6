/**
 * MSW handlers typed from the contract. Tests add their own with `server.use(...)`; anything
 * not handled fails the test (onUnhandledRequest: 'error').
 */
import { http, HttpResponse } from 'msw';
import { apiPaths, apiRoutes } from '@contract/api-paths';
import type { LoginResponse, MessageResponse } from '@contract/auth';
import type { ApiErrorBody, ErrorCode } from '@contract/errors';
import type { LiveDashboard } from '@contract/live-dashboard';
import type { UserProfile } from '@contract/profile';
import type { RuntimeConfig } from '@contract/runtime-config';

export const TEST_CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  apiKey: 'test-api-key',
};

export const apiUrl = (path: string) => `${window.location.origin}${TEST_CONFIG.apiBaseUrl}${path}`;

export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  extra: Partial<ApiErrorBody> = {},
) {
  return HttpResponse.json<ApiErrorBody>({ message, code, ...extra }, { status });
}

export const defaultHandlers = [
  http.get(`${window.location.origin}/runtime-config.json`, () =>
    HttpResponse.json<RuntimeConfig>(TEST_CONFIG),
  ),
  // The dashboard's live figures: no part, unless a test says otherwise.
  http.get(apiUrl(apiRoutes.liveDashboard), () =>
    HttpResponse.json<LiveDashboard>({ conversations: null, documents: null, widgets: null }),
  ),
  // The helpdesks one sees (/helpdesk reads them first): none, unless a test says otherwise.
  http.get(apiUrl(apiRoutes.helpdesks), () =>
    HttpResponse.json({ items: [], total: 0, page: 1, size: 500 }),
  ),
  // A conversation's helpdesk ticket: none, unless a test says otherwise.
  http.get(apiUrl(apiRoutes.helpdeskConversationTicket), () => HttpResponse.json({ ticket: null })),
  // A widget visitor's: the page is taken, and no ticket, unless a test says otherwise.
  http.put(apiUrl(apiRoutes.helpdeskVisitorPage), async ({ request }) =>
    HttpResponse.json(await request.json()),
  ),
  http.get(apiUrl(apiRoutes.helpdeskVisitorTicket), () => HttpResponse.json({ ticket: null })),
];

export const handlers = {
  me: (profile: UserProfile) =>
    http.get(apiUrl(apiPaths.me), () => HttpResponse.json<UserProfile>(profile)),
  meStatus: (status: number, code: ErrorCode) =>
    http.get(apiUrl(apiPaths.me), () => errorResponse(status, code, code)),
  login: (answer: LoginResponse) =>
    http.post(apiUrl(apiPaths.login), () => HttpResponse.json<LoginResponse>(answer)),
  message: (method: 'get' | 'post' | 'put', path: string, message = 'ok') =>
    http[method](apiUrl(path), () => HttpResponse.json<MessageResponse>({ message })),
};
