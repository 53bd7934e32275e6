/** API keys in API tests: creating one through the API, as the console does. */
import { expect } from 'vitest';
import { createdApiKeySchema, type ApiKeyInput } from '../../contract/api-keys';
import { idsOf } from '../../contract/permissions';
import type { TestApp } from './test-app';
import { GENERAL } from './identity';

export const keyBody = (overrides: Partial<ApiKeyInput> = {}): ApiKeyInput => ({
  name: 'CRM sync',
  permission_set: idsOf('Users.LIST_VIEW', 'Users.VIEW'),
  department_ids: [GENERAL],
  expires_in_days: 30,
  ...overrides,
});

export async function createKey(t: TestApp, token: string, overrides: Partial<ApiKeyInput> = {}) {
  const res = await t.api('POST', '/api/api-keys', { token, body: keyBody(overrides) });
  expect(res.status, res.raw).toBe(201);
  return createdApiKeySchema.parse(res.body);
}
