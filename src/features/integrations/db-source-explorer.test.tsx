import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import {
  dbQueryInputSchema,
  dbQueryResultSchema,
  dbSourceRoutes,
  dbSourceSchema,
  dbTablesSchema,
  type DbQueryInput,
  type DbSource,
} from '@contract/db-sources';
import { adminProfile } from '@/test/fixtures';
import { apiUrl, errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

// Lazy page, session check and the source's calls chain up; a loaded 2-core machine is slow.
configure({ asyncUtilTimeout: 15_000 });

const source: DbSource = {
  id: 9,
  name: 'Debian archive',
  db_type: 'mysql',
  db_type_label: 'MySQL / MariaDB',
  host: 'db.example.com',
  port: 3306,
  database: 'archive',
  username: 'reader',
  has_password: true,
  department_id: 1,
  department_name: 'General',
  is_active: true,
  created_at: '2025-05-06T08:00:00Z',
  updated_at: '2025-05-06T08:00:00Z',
};

const tables = dbTablesSchema.parse({
  tables: [
    {
      name: 'packages',
      columns: [
        { name: 'section', type: 'varchar' },
        { name: 'installed_size_kb', type: 'int' },
        { name: 'maintainer', type: 'text' },
      ],
    },
    {
      name: 'notes',
      columns: [
        { name: 'title', type: 'varchar' },
        { name: 'body', type: 'text' },
      ],
    },
  ],
});

/** The source, its tables and its query call; a query answers as `answer` says. */
function fakeSource(answer: (body: DbQueryInput) => Response) {
  const sent: DbQueryInput[] = [];
  server.use(
    handlers.me(adminProfile),
    http.get(apiUrl(apiPaths.departments), () => HttpResponse.json([{ id: 1, name: 'General' }])),
    http.get(apiUrl(dbSourceRoutes.dbSourceTypes), () =>
      HttpResponse.json([{ key: 'mysql', label: 'MySQL / MariaDB' }]),
    ),
    http.get(apiUrl(dbSourceRoutes.dbSources), () =>
      HttpResponse.json(dbSourceSchema.parse(source)),
    ),
    http.get(apiUrl(dbSourceRoutes.dbSourceTables), () => HttpResponse.json(tables)),
    http.post(apiUrl(dbSourceRoutes.dbSourceQuery), async ({ request }) => {
      const body = dbQueryInputSchema.parse(await request.json());
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

const VIEW = `/integration/database-integration/view-db-agent/${source.id}`;
const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('database explorer', { timeout: 60_000 }, () => {
  it('when sum or average is chosen, then only numeric columns are offered, and a table without numbers offers neither', async () => {
    signInWithCookie();
    const sent = fakeSource(() =>
      HttpResponse.json(
        dbQueryResultSchema.parse({
          sql: 'SELECT …',
          columns: ['section', 'sum_installed_size_kb'],
          rows: [['admin', 4500]],
          truncated: false,
          elapsed_ms: 3,
          chart: null,
          svg: null,
        }),
      ),
    );
    renderApp(VIEW);
    const user = userEvent.setup();
    await screen.findByText('Tables: 2');
    expect(optionsOf('Aggregate')).toEqual(['Count', 'Sum', 'Average', 'Minimum', 'Maximum']);
    await user.selectOptions(screen.getByLabelText('Aggregate'), 'sum');
    expect(optionsOf('Measure')).toEqual(['(none)', 'installed_size_kb']);
    await user.selectOptions(screen.getByLabelText('Aggregate'), 'max');
    expect(optionsOf('Measure')).toEqual(['(none)', 'installed_size_kb', 'maintainer']);
    await user.selectOptions(screen.getByLabelText('Aggregate'), 'avg');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await screen.findByText('admin');
    expect(sent[0]).toEqual({
      table: 'packages',
      group_by: 'section',
      aggregate: 'avg',
      measure: 'installed_size_kb',
    });
    await user.selectOptions(screen.getByLabelText('Table'), 'notes');
    expect(optionsOf('Aggregate')).toEqual(['Count', 'Minimum', 'Maximum']);
  });

  it('when a write is typed in the SQL box, then the refusal is shown with its reason and nothing else', async () => {
    signInWithCookie();
    const sent = fakeSource(() =>
      errorResponse(422, 'DB_QUERY_REFUSED', 'Only a single read-only SELECT may run.', {
        fields: [{ path: 'sql', message: 'db-sources:refusal.not_select' }],
      }),
    );
    renderApp(VIEW);
    const user = userEvent.setup();
    const box = await screen.findByLabelText('SQL (read-only)');
    await user.type(box, 'DELETE FROM packages');
    await user.click(screen.getByRole('button', { name: 'Run SQL' }));
    const alert = await screen.findByTestId('db-sql-error');
    expect(alert).toHaveTextContent('Only SELECT queries may run: nothing may be written.');
    expect(sent).toEqual([{ sql: 'DELETE FROM packages' }]);
    expect(screen.queryByTestId('db-sql-result')).not.toBeInTheDocument();
  });
});
