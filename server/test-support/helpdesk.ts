/** Helpers for helpdesk API tests: a helpdesk body and creating one. */
import type { HelpdeskInput } from '../../contract/helpdesk-api';
import type { TestApp } from './test-app';

export function helpdeskBody(overrides: Partial<HelpdeskInput> = {}): HelpdeskInput {
  return { name: 'Service desk', site_url: 'http://127.0.0.1:9', departments: [1], ...overrides };
}

/** Creates a helpdesk through the API; its answer body, with the secret shown once. */
export async function createHelpdesk(
  t: TestApp,
  token: string,
  overrides: Partial<HelpdeskInput> = {},
) {
  const res = await t.api('POST', '/api/helpdesk', { token, body: helpdeskBody(overrides) });
  if (res.status !== 201) throw new Error(`create helpdesk answered ${res.status}: ${res.raw}`);
  return res.body as { id: number; signing_secret: string } & Record<string, unknown>;
}
