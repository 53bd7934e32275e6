import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  dbSourceDeleteSchema,
  dbSourcePageSchema,
  dbSourceRoutes,
  dbSourceSchema,
  dbSourceUpdateSchema,
  type DbSource,
} from '@contract/db-sources';
import { adminProfile } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });

const source = (id: number): DbSource => ({
  id,
  name: `Warehouse ${id}`,
  db_type: 'mysql',
  db_type_label: 'MySQL / MariaDB',
  host: '127.0.0.1',
  port: 3306,
  database: 'freight',
  username: 'reader',
  has_password: true,
  department_id: 1,
  department_name: 'General',
  is_active: true,
  created_at: '2025-05-06T08:00:00Z',
  updated_at: '2025-05-06T08:00:00Z',
});

/** An in-memory /integrations/db-source whose answers and bodies are checked by contract/. */
function fakeSources(count: number) {
  const state = {
    sources: Array.from({ length: count }, (_, i) => source(i + 1)),
    calls: [] as unknown[],
  };
  const url = apiUrl(dbSourceRoutes.dbSources);
  server.use(
    handlers.me(adminProfile),
    http.get(url, () =>
      HttpResponse.json(
        dbSourcePageSchema.parse({
          items: state.sources,
          total: state.sources.length,
          page: 1,
          size: 100,
        }),
      ),
    ),
    http.put(url, async ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('integration_id'));
      const body = dbSourceUpdateSchema.parse(await request.json());
      state.calls.push({ method: 'PUT', id, body });
      const row = state.sources.find((s) => s.id === id) as DbSource;
      Object.assign(row, body);
      return HttpResponse.json(dbSourceSchema.parse(row));
    }),
    http.delete(url, async ({ request }) => {
      const { integration_ids } = dbSourceDeleteSchema.parse(await request.json());
      state.calls.push({ method: 'DELETE', integration_ids });
      state.sources = state.sources.filter((s) => !integration_ids.includes(s.id));
      return HttpResponse.json({ message: 'deleted' });
    }),
  );
  return state;
}

describe('database sources list', { timeout: 60_000 }, () => {
  it('when a source is switched off in its row, then PUT {is_active} alone is sent', async () => {
    signInWithCookie();
    const state = fakeSources(2);
    renderApp('/integration/database-integration');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('checkbox', { name: 'Switch Warehouse 2 on or off' });
    await user.click(toggle);
    expect(await screen.findByText('Warehouse 2 is switched off.')).toBeInTheDocument();
    expect(state.calls).toEqual([{ method: 'PUT', id: 2, body: { is_active: false } }]);
  });

  it('when two sources are ticked and deleted after confirming, then one DELETE takes both ids', async () => {
    signInWithCookie();
    const state = fakeSources(3);
    renderApp('/integration/database-integration');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Warehouse 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Warehouse 3' }));
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete selected' }));
    await waitFor(() => expect(screen.getAllByTestId('db-source-row')).toHaveLength(1));
    expect(state.calls).toEqual([{ method: 'DELETE', integration_ids: [1, 3] }]);
    expect(screen.getByRole('link', { name: 'Warehouse 2' })).toBeInTheDocument();
  });
});
