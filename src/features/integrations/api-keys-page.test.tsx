import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  apiKeyInputSchema,
  apiKeyPageSchema,
  apiKeyRoutes,
  createdApiKeySchema,
  type CreatedApiKey,
} from '@contract/api-keys';
import { apiRoutes } from '@contract/api-paths';
import { PERMISSION_CATALOGUE, idsOf, permissionId } from '@contract/permissions';
import { profileWith } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });

const KEY = `atr_AbCdEfGhIjKl_${'x'.repeat(43)}`;

/** The key calls as the server answers them, every body and answer checked by the contract. */
function keysApi() {
  const sent: unknown[] = [];
  const created: CreatedApiKey = createdApiKeySchema.parse({
    id: 5,
    name: 'CRM sync',
    prefix: 'atr_AbCdEfGhIjKl',
    permission_set: idsOf('Users.VIEW'),
    department_ids: [1],
    department_names: ['General'],
    expires_at: '2026-03-01T00:00:00.000Z',
    last_used_at: null,
    request_count: 0,
    status: 'active',
    revoked_at: null,
    created_at: '2025-12-01T00:00:00.000Z',
    created_by: { id: 7, name: 'Ada Lovelace' },
    revoked_by: null,
    key: KEY,
  });
  return {
    sent,
    created,
    handlers: [
      http.get(apiUrl(apiKeyRoutes.list), () =>
        HttpResponse.json(apiKeyPageSchema.parse({ items: [], total: 0, page: 1, size: 10 })),
      ),
      http.post(apiUrl(apiKeyRoutes.list), async ({ request }) => {
        const body: unknown = await request.json();
        sent.push(apiKeyInputSchema.parse(body));
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get(apiUrl(apiRoutes.permissions), () => HttpResponse.json([...PERMISSION_CATALOGUE])),
    ],
  };
}

describe('API keys page', { timeout: 60_000 }, () => {
  it('when staff create a key, then only rights they hold can be given, and the key shows once', async () => {
    signInWithCookie();
    const api = keysApi();
    const staff = profileWith(['Roles.ADD', 'Roles.LIST_VIEW', 'Users.VIEW']);
    server.use(handlers.me(staff), ...api.handlers);
    renderApp('/integration/api-integration');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.type(screen.getByLabelText('Name'), 'CRM sync');
    await user.click(screen.getByRole('checkbox', { name: 'General' }));
    expect(await screen.findByRole('checkbox', { name: 'Users: Delete' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Users: View' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByTestId('api-key-value')).toHaveValue(KEY);
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    // A key without a list right tries the permission catalogue, which every key may read.
    const dialog = screen.getByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByTestId('api-curl')).toHaveTextContent(
      `curl '${window.location.origin}/api/permissions' \\ -H 'x-api-key: test-api-key' \\ -H 'Authorization: Bearer ${KEY}'`,
    );
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      name: 'CRM sync',
      permission_set: [permissionId('Users', 'VIEW')],
      department_ids: [1],
      expires_in_days: 90,
    });
  });

  it('when a revoked key is listed, then its rights read in words and it says who revoked it and when', async () => {
    signInWithCookie();
    const revoked = apiKeyPageSchema.parse({
      items: [
        {
          ...keysApi().created,
          permission_set: idsOf('Users.LIST_VIEW', 'Service_agent.VIEW'),
          status: 'revoked',
          revoked_at: '2025-12-02T09:30:00.000Z',
          revoked_by: { id: 8, name: 'Grace Hopper' },
        },
      ],
      total: 1,
      page: 1,
      size: 10,
    });
    server.use(
      handlers.me(profileWith(['Roles.LIST_VIEW'])),
      http.get(apiUrl(apiKeyRoutes.list), () => HttpResponse.json(revoked)),
    );
    renderApp('/integration/api-integration');

    const rights = await screen.findByTestId('api-key-rights');
    expect(rights).toHaveTextContent('Users · List, Service agent · View');
    // Each right is one unbreakable piece; the list wraps at the commas between them.
    expect([...rights.querySelectorAll('.api-key-right')].map((r) => r.textContent)).toEqual([
      'Users · List',
      'Service agent · View',
    ]);
    expect(screen.getByTestId('api-key-revoked')).toHaveTextContent(
      /^Revoked by Grace Hopper on .*2025/,
    );
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
  });

  it('when the page opens, then it shows the base URL, both headers and the API documentation', async () => {
    signInWithCookie();
    server.use(handlers.me(profileWith(['Roles.LIST_VIEW'])), ...keysApi().handlers);
    renderApp('/integration/api-integration');

    expect(await screen.findByTestId('api-base-url')).toHaveTextContent(
      `${window.location.origin}/api`,
    );
    expect(screen.getByTestId('api-header-deployment')).toHaveTextContent(
      'x-api-key: test-api-key',
    );
    expect(screen.getByText('Authorization: Bearer <your API key>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      `${window.location.origin}/api-docs`,
    );
    expect(screen.getByRole('button', { name: 'Copy the curl command' })).toBeInTheDocument();
  });
});
