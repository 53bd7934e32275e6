import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { departmentPageSchema } from '@contract/identity';
import { knowledgeDocumentSchema, type KnowledgeDocument } from '@contract/knowledge';
import { liveDashboardSchema } from '@contract/live-dashboard-schema';
import { pagedSchema } from '@contract/paging';
import { contractHandler } from '@/test/contract-handler';
import { adminProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { currentAddress } from '@/test/open-identity';
import { renderApp, signInWithCookie } from '@/test/render-app';

/** A repository document (the dashboard's links lead to the repository page). */
function documentFixture(
  d: Pick<KnowledgeDocument, 'id' | 'name' | 'status'> & { error?: string },
): KnowledgeDocument {
  return {
    is_url: false,
    type: 'pdf',
    size_bytes: 20480,
    department_id: 1,
    department_name: 'General',
    uploaded_by: { id: 7, name: 'Ada Lovelace' },
    uploaded_at: '2025-03-04T15:05:00Z',
    soft_delete: false,
    advanced_training: false,
    need_summary: false,
    summary: null,
    page_count: 1,
    chunk_count: 3,
    parent_id: null,
    last_fetched_at: null,
    ...d,
    error: d.error ?? null,
  };
}

// The dashboard, then the lazy repository page: slower than setup.ts's 5 s on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });

const DOCUMENTS = [
  documentFixture({ id: 1, name: 'Harbour guide.pdf', status: 'ready' }),
  documentFixture({ id: 2, name: 'Tide tables.pdf', status: 'failed', error: 'No text found' }),
  documentFixture({ id: 3, name: 'Lantern manual.pdf', status: 'processing' }),
  documentFixture({ id: 4, name: 'Old price list.pdf', status: 'failed', error: 'Encrypted' }),
];

/** The dashboard with two failed documents, behind a repository that searches and sorts. */
function openDashboard() {
  signInWithCookie();
  const seen: URLSearchParams[] = [];
  const failures = DOCUMENTS.filter((d) => d.status === 'failed').map((d) => ({
    id: d.id,
    name: d.name,
    error: d.error ?? '',
    updated_at: '2025-03-04T15:05:00Z',
  }));
  server.use(
    handlers.me(adminProfile),
    contractHandler('get', 'liveDashboard', { answer: liveDashboardSchema }, () => ({
      conversations: null,
      documents: { ready: 1, processing: 1, failed: 2, latest_failures: failures },
      widgets: null,
    })),
    contractHandler(
      'get',
      'documents',
      { answer: pagedSchema(knowledgeDocumentSchema) },
      ({ url }) => {
        const q = url.searchParams;
        seen.push(q);
        const search = (q.get('search') ?? '').toLowerCase();
        const found = DOCUMENTS.filter((d) => d.name.toLowerCase().includes(search));
        // As the server orders by status: failed < processing < queued < ready.
        if (q.get('sort') === 'status') found.sort((a, b) => a.status.localeCompare(b.status));
        return { items: found, total: found.length, page: 1, size: 100 };
      },
    ),
    contractHandler('get', 'departments', { answer: departmentPageSchema }, () => ({
      items: [],
      total: 0,
      page: 1,
      size: 100,
    })),
  );
  return { seen, user: userEvent.setup(), ...renderApp('/dashboard') };
}

const shownNames = () =>
  screen
    .getAllByTestId('document-row')
    .map((r) => DOCUMENTS.find((d) => r.textContent?.includes(d.name))?.name);

describe('live figures', { timeout: 60_000 }, () => {
  it('when the failed-document count is followed, then the repository lists the failed documents first', async () => {
    const { seen, user, router } = openDashboard();
    const count = await screen.findByRole('link', { name: '2 failed' });
    expect(count).toHaveAttribute('href', '/repository?sort=status');
    await user.click(count);
    await waitFor(() => expect(currentAddress(router)).toBe('/repository?sort=status'));
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(4));
    expect(seen.at(-1)?.get('sort')).toBe('status');
    expect(shownNames().slice(0, 2).sort()).toEqual(['Old price list.pdf', 'Tide tables.pdf']);
  });

  it('when a latest failed ingestion is followed, then the repository shows that document', async () => {
    const { seen, user, router } = openDashboard();
    const list = (await screen.findByText('Latest failed ingestions')).nextElementSibling;
    const links = within(list as HTMLElement).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Tide tables.pdf', '/repository?search=Tide%20tables.pdf'],
      ['Old price list.pdf', '/repository?search=Old%20price%20list.pdf'],
    ]);
    expect(screen.getByText(/No text found/)).toBeInTheDocument();
    await user.click(links[1]!);
    await waitFor(() => expect(currentAddress(router)).toContain('search=Old'));
    await waitFor(() => expect(shownNames()).toEqual(['Old price list.pdf']));
    expect(seen.at(-1)?.get('search')).toBe('Old price list.pdf');
  });

  it('when nothing failed, then the count is plain text, not a link', async () => {
    signInWithCookie();
    server.use(
      handlers.me(adminProfile),
      contractHandler('get', 'liveDashboard', { answer: liveDashboardSchema }, () => ({
        conversations: null,
        documents: { ready: 3, processing: 0, failed: 0, latest_failures: [] },
        widgets: null,
      })),
    );
    renderApp('/dashboard');
    expect(await screen.findByText(/0 failed/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '0 failed' })).not.toBeInTheDocument();
  });
});
