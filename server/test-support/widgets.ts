/** Helpers for chat widget API tests: a widget body, creating one, login by key. */
import type { ServiceAgentInput } from '../../contract/service-agent';
import type { TestApp } from './test-app';

/** The host page of the tests: a second loopback origin, as the e2e test serves it. */
export const HOST_PAGE = 'http://127.0.0.2:4173';

export function widgetBody(overrides: Partial<ServiceAgentInput> = {}): ServiceAgentInput {
  return {
    client_name: 'Acme help',
    target_areas: [1],
    allowed_hosts: ['127.0.0.2:4173', '*.example.com'],
    ...overrides,
  };
}

/** Creates a widget through the API; its answer body. */
export async function createWidget(
  t: TestApp,
  token: string,
  overrides: Partial<ServiceAgentInput> = {},
) {
  const res = await t.api('POST', '/api/service-agent', { token, body: widgetBody(overrides) });
  if (res.status !== 201) throw new Error(`create widget answered ${res.status}: ${res.raw}`);
  return res.body as { id: number; client_id: string } & Record<string, unknown>;
}

/** POST /users/login by key, from a page at `origin` unless headers say otherwise. */
export function keyLogin(
  t: TestApp,
  key: string,
  headers: Record<string, string> = { origin: HOST_PAGE },
) {
  return t.api('POST', '/api/users/login', { headers: { API_KEY: key, ...headers } });
}

/** A visitor signed in by key from the host page: their token and session. */
export async function visitorOf(t: TestApp, key: string, headers?: Record<string, string>) {
  const res = await keyLogin(t, key, headers);
  if (res.status !== 200) throw new Error(`login by key answered ${res.status}: ${res.raw}`);
  return res.body as { access_token: string; session_id: string; expires_at: string };
}
