import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import {
  dbSourceInputSchema,
  dbSourceRoutes,
  dbSourceSchema,
  dbSourceUpdateSchema,
  dbTestResultSchema,
  privilegedAccountMessage,
  type DbSource,
} from '@contract/db-sources';
import type { UserProfile } from '@contract/profile';
import { adminProfile, trialProfile } from '@/test/fixtures';
import { apiUrl, errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

// Lazy page, session check and the source's calls chain up; a loaded 2-core machine is slow.
configure({ asyncUtilTimeout: 15_000 });

const stored: DbSource = {
  id: 7,
  name: 'Warehouse',
  db_type: 'postgres',
  db_type_label: 'PostgreSQL',
  host: 'db.example.com',
  port: 5432,
  database: 'freight',
  username: 'reader',
  has_password: true,
  department_id: 1,
  department_name: 'General',
  // Switched off: the explorer beside the form asks for nothing.
  is_active: false,
  created_at: '2025-05-06T08:00:00Z',
  updated_at: '2025-05-06T08:00:00Z',
};

/** The source's calls, their bodies checked by contract/; `test` answers as a test says. */
function fakeSource(profile: UserProfile, test: () => Response = () => HttpResponse.json({})) {
  const calls: { method: string; body: unknown }[] = [];
  const url = apiUrl(dbSourceRoutes.dbSources);
  server.use(
    handlers.me(profile),
    http.get(apiUrl(apiPaths.departments), () => HttpResponse.json([{ id: 1, name: 'General' }])),
    http.get(apiUrl(dbSourceRoutes.dbSourceTypes), () =>
      HttpResponse.json([
        { key: 'postgres', label: 'PostgreSQL' },
        { key: 'mysql', label: 'MySQL / MariaDB' },
      ]),
    ),
    http.get(url, () => HttpResponse.json(dbSourceSchema.parse(stored))),
    http.put(url, async ({ request }) => {
      const body = dbSourceUpdateSchema.parse(await request.json());
      calls.push({ method: 'PUT', body });
      return HttpResponse.json(dbSourceSchema.parse({ ...stored, ...body }));
    }),
    http.post(apiUrl(dbSourceRoutes.dbSourceTest), async ({ request }) => {
      calls.push({ method: 'TEST', body: dbSourceInputSchema.parse(await request.json()) });
      return test();
    }),
  );
  return calls;
}

const VIEW = `/integration/database-integration/view-db-agent/${stored.id}`;

describe('database source form', { timeout: 60_000 }, () => {
  it('when the port of a source with a stored password changes, then the password is required with a hint before anything is sent', async () => {
    signInWithCookie();
    const calls = fakeSource(adminProfile);
    renderApp(VIEW);
    const user = userEvent.setup();
    const port = await screen.findByLabelText('Port');
    expect(screen.getByText('Leave empty to keep the stored password.')).toBeInTheDocument();
    await user.clear(port);
    await user.type(port, '6543');
    expect(
      screen.getByText(
        'You changed where this source connects: enter the password again. The stored password goes only to the stored server.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText(
        'Enter the password again: the stored password goes only to the stored server.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^Password/), 'Typed-Again-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ port: 6543, password: 'Typed-Again-1' });
  });

  it('when the port is put back, then the stored password is kept again', async () => {
    signInWithCookie();
    const calls = fakeSource(adminProfile);
    renderApp(VIEW);
    const user = userEvent.setup();
    const port = await screen.findByLabelText('Port');
    await user.clear(port);
    await user.type(port, '6543');
    await user.clear(port);
    await user.type(port, '5432');
    expect(screen.getByText('Leave empty to keep the stored password.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).not.toHaveProperty('password');
  });

  it('when the test connects with an account that may write tables, then the warning shows', async () => {
    signInWithCookie();
    fakeSource(adminProfile, () =>
      HttpResponse.json(
        dbTestResultSchema.parse({
          ok: true,
          server_version: 'PostgreSQL 15.4',
          warnings: ['table_writes'],
        }),
      ),
    );
    renderApp(VIEW);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: PostgreSQL 15.4')).toBeInTheDocument();
    expect(screen.getByTestId('db-source-warnings')).toHaveTextContent(
      'This account may change tables.',
    );
  });

  it('when the account is refused for its rights, then the rights to revoke are named', async () => {
    signInWithCookie();
    fakeSource(adminProfile, () =>
      errorResponse(422, 'DB_CONNECTION_FAILED', privilegedAccountMessage(['FILE', 'INSERT']), {
        fields: [{ path: 'username', message: 'db-sources:failure.privileged_account' }],
      }),
    );
    renderApp(VIEW);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Rights to revoke: FILE, INSERT')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This account may do more than read. Revoke those rights, or use an account that may only SELECT.',
      ),
    ).toBeInTheDocument();
  });

  it('when a Trial user opens the add form, then it says they cannot add sources and offers neither add nor test', async () => {
    signInWithCookie();
    fakeSource(trialProfile);
    renderApp('/integration/database-integration/add-db-agent');
    expect(
      await screen.findByText('Trial accounts cannot add, test or change database sources.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add database source' })).toBeNull();
  });
});
