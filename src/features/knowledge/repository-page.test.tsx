import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import type { KnowledgeDocument } from '@contract/knowledge';
import type { UserProfile } from '@contract/profile';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import {
  documentFixture,
  documentsEditor,
  documentsHandler,
  documentsProfile,
  paged,
} from './knowledge-test-kit';
import { STATUS_POLL_MS } from './repository-page';

// The screen's chunk loads once here, not inside the first test's time budget.
beforeAll(() => import('./repository-page'));
afterEach(() => vi.restoreAllMocks());

async function openRepository(path = '/repository', profile: UserProfile = documentsEditor) {
  signInWithCookie();
  server.use(handlers.me(profile));
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Repository' });
  await screen.findAllByTestId('document-row');
  return { ...app, user: userEvent.setup() };
}

/**
 * Ticks a row's box until the count shows it. Right after the first load the rows are sometimes
 * mounted a second time (seen only after other tests ran in the same file), and a click on the
 * first, detached box is lost; a person would simply see the box unticked and click again.
 */
async function selectRow(user: ReturnType<typeof userEvent.setup>, name: string, count: number) {
  await waitFor(async () => {
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: `Select ${name}` });
    if (!box.checked) await user.click(box);
    expect(screen.getByText(`Selected: ${count}`)).toBeInTheDocument();
  });
}

const row = (name: string) =>
  screen.getAllByTestId('document-row').find((r) => within(r).queryByText(name) !== null)!;
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

/** A tiny in-memory repository behind the three document calls, as the server would keep it. */
function fakeRepository(documents: KnowledgeDocument[]) {
  const state = {
    documents: [...documents],
    softDeleteBodies: [] as unknown[],
    deleteBodies: [] as unknown[],
  };
  server.use(
    documentsHandler((q) =>
      paged(state.documents.filter((d) => d.soft_delete === (q.get('soft_delete') === 'true'))),
    ),
    http.put(apiUrl(apiPaths.softDelete), async ({ request }) => {
      const body = (await request.json()) as { doc_ids: number[] };
      state.softDeleteBodies.push(body);
      state.documents = state.documents.map((d) =>
        body.doc_ids.includes(d.id) ? { ...d, soft_delete: !d.soft_delete } : d,
      );
      return HttpResponse.json({ message: 'ok' });
    }),
    http.post(apiUrl(apiPaths.deleteDocuments), async ({ request }) => {
      const body = (await request.json()) as { ids: number[] };
      state.deleteBodies.push(body);
      const before = state.documents.length;
      state.documents = state.documents.filter((d) => !body.ids.includes(d.id));
      return HttpResponse.json({ deleted: before - state.documents.length });
    }),
  );
  return state;
}

describe('/repository', { timeout: 30_000 }, () => {
  it('when documents are listed, then each row shows name, type, size, department, who and when, and status with the failure reason', async () => {
    fakeRepository([
      documentFixture({ id: 1, name: 'handbook.pdf', size_bytes: 2_621_440 }),
      documentFixture({
        id: 2,
        name: 'https://intranet.test/faq',
        is_url: true,
        type: 'html',
        status: 'failed',
        error: 'The page answered 404.',
        department_name: 'Sales',
        uploaded_by: { id: 9, name: 'Grace Hopper' },
        uploaded_at: '2025-03-04 18:30:00',
      }),
    ]);
    await openRepository();
    const handbook = row('handbook.pdf');
    expect(handbook).toHaveTextContent('pdf');
    expect(handbook).toHaveTextContent('2.5 MB');
    expect(handbook).toHaveTextContent('General');
    expect(handbook).toHaveTextContent('Ada Lovelace');
    expect(within(handbook).getByTestId('document-status')).toHaveTextContent('Ready');
    const faq = row('https://intranet.test/faq');
    expect(within(faq).getByRole('link', { name: 'https://intranet.test/faq' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(faq).toHaveTextContent('Grace Hopper');
    expect(within(faq).getByTestId('document-status')).toHaveTextContent('Failed');
    expect(faq).toHaveTextContent('The page answered 404.');
    // Zone-less timestamps are UTC (SPEC §9); shown day/month/year on a 12-hour clock.
    expect(faq.textContent).toMatch(/04\/03\/2025, \d{2}:30 (AM|PM)/);
  });

  it('when the recycle bin opens, then each row says when and by whom it was deleted, or that nobody recorded it', async () => {
    fakeRepository([
      documentFixture({
        id: 1,
        name: 'binned.pdf',
        soft_delete: true,
        deleted_by: { id: 9, name: 'Grace Hopper' },
        deleted_at: '2025-03-05 09:15:00',
      }),
      documentFixture({ id: 2, name: 'old.pdf', soft_delete: true, deleted_by: null }),
    ]);
    await openRepository('/repository?view=bin');
    const binned = row('binned.pdf');
    expect(binned).toHaveTextContent('Grace Hopper');
    expect(binned.textContent).toMatch(/05\/03\/2025, \d{2}:15 (AM|PM)/);
    expect(row('old.pdf')).toHaveTextContent('Not recorded');
    expect(screen.getByRole('columnheader', { name: 'Deleted on' })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    expect(screen.getByRole('columnheader', { name: 'Deleted by' })).toBeInTheDocument();
  });

  it('when a summary exists, then it opens from the row', async () => {
    fakeRepository([documentFixture({ name: 'policy.docx', summary: 'Leave rules in short.' })]);
    const { user } = await openRepository();
    const summary = within(row('policy.docx')).getByText('Summary');
    expect(within(row('policy.docx')).getByText('Leave rules in short.')).not.toBeVisible();
    await user.click(summary);
    expect(within(row('policy.docx')).getByText('Leave rules in short.')).toBeVisible();
  });

  it('when the address carries filters, then the list asks for them; changing a filter writes it to the address', async () => {
    const seen: URLSearchParams[] = [];
    server.use(documentsHandler(() => paged([documentFixture({ name: 'a.csv' })]), seen));
    const { router, user } = await openRepository(
      '/repository?search=tariff&department=2&kind=web&view=bin&page=3&size=25',
      documentsProfile([
        { id: 1, name: 'General', actions: ['LIST_VIEW'] },
        { id: 2, name: 'Sales', actions: ['LIST_VIEW'] },
      ]),
    );
    await screen.findByText('a.csv');
    expect(Object.fromEntries(seen[0])).toEqual({
      page: '3',
      size: '25',
      search: 'tariff',
      department_id: '2',
      is_url: 'true',
      soft_delete: 'true',
    });
    expect(screen.getByRole('button', { name: 'Recycle bin' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.selectOptions(screen.getByLabelText('Source'), 'Files');
    await waitFor(() => expect(search(router).get('kind')).toBe('files'));
    expect(search(router).get('page')).toBeNull();
    await waitFor(() => expect(seen.at(-1)?.get('is_url')).toBe('false'));

    await user.selectOptions(screen.getByLabelText('Department'), 'All departments');
    await waitFor(() => expect(search(router).get('department')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Documents' }));
    await waitFor(() => expect(search(router).get('view')).toBeNull());
    await waitFor(() => expect(seen.at(-1)?.get('soft_delete')).toBeNull());

    const box = screen.getByRole('searchbox', { name: 'Search documents' });
    await user.clear(box);
    await user.type(box, 'leave{Enter}');
    await waitFor(() => expect(search(router).get('search')).toBe('leave'));
    await waitFor(() => expect(seen.at(-1)?.get('search')).toBe('leave'));
    expect(search(router).get('size')).toBe('25');
  });

  it('when a document is moved to the recycle bin, then it leaves the list, shows in the bin, and Restore brings it back', async () => {
    const repo = fakeRepository([
      documentFixture({ id: 1, name: 'keep.pdf' }),
      documentFixture({ id: 2, name: 'old.xlsx', type: 'xlsx' }),
    ]);
    const { user } = await openRepository();
    await selectRow(user, 'old.xlsx', 1);
    await user.click(screen.getByRole('button', { name: 'Move to recycle bin' }));
    await waitFor(() => expect(screen.queryByText('old.xlsx')).not.toBeInTheDocument());
    expect(screen.getByText('keep.pdf')).toBeInTheDocument();
    expect(repo.softDeleteBodies).toEqual([{ doc_ids: [2] }]);
    expect(await screen.findByText('Documents moved to the recycle bin: 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Recycle bin' }));
    expect(await screen.findByText('old.xlsx')).toBeInTheDocument();
    expect(screen.queryByText('keep.pdf')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select old.xlsx' }));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText('old.xlsx')).not.toBeInTheDocument());
    expect(await screen.findByText('The recycle bin is empty.')).toBeInTheDocument();
    expect(repo.softDeleteBodies).toEqual([{ doc_ids: [2] }, { doc_ids: [2] }]);

    await user.click(screen.getByRole('button', { name: 'Documents' }));
    expect(await screen.findByText('old.xlsx')).toBeInTheDocument();
  });

  it('when Delete for good is pressed, then a dialog asks first; cancel keeps the documents, confirm removes them', async () => {
    const repo = fakeRepository([
      documentFixture({ id: 1, name: 'a.pdf' }),
      documentFixture({ id: 2, name: 'b.pdf' }),
      documentFixture({ id: 3, name: 'c.pdf' }),
    ]);
    const { user } = await openRepository();
    await selectRow(user, 'a.pdf', 1);
    await selectRow(user, 'c.pdf', 2);
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Documents to delete: 2.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(repo.deleteBodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(screen.queryByText('a.pdf')).not.toBeInTheDocument());
    expect(screen.queryByText('c.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('b.pdf')).toBeInTheDocument();
    expect(repo.deleteBodies).toEqual([{ ids: [1, 3] }]);
    expect(await screen.findByText('Documents deleted for good: 2')).toBeInTheDocument();
  });

  it('when the person may only list documents, then no selection, delete, upload or re-sync is offered', async () => {
    fakeRepository([
      documentFixture({ name: 'a.pdf' }),
      documentFixture({ name: 'https://x.test', is_url: true, type: 'html' }),
    ]);
    await openRepository(
      '/repository',
      documentsProfile([{ id: 1, name: 'General', actions: ['LIST_VIEW'] }]),
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete for good' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to recycle bin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Re-sync/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('when a web entry is re-synced, then the re-sync call is made for it', async () => {
    fakeRepository([
      documentFixture({ id: 42, name: 'https://x.test/page', is_url: true, type: 'html' }),
      documentFixture({ id: 43, name: 'file.pdf' }),
    ]);
    const calls: string[] = [];
    server.use(
      http.post(apiUrl(apiPaths.resyncDocument(42)), ({ request }) => {
        calls.push(new URL(request.url).pathname);
        return HttpResponse.json({ message: 'queued' });
      }),
    );
    const { user } = await openRepository();
    expect(within(row('file.pdf')).queryByRole('button', { name: /Re-sync/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-sync https://x.test/page' }));
    await waitFor(() => expect(calls).toEqual([`/api${apiPaths.resyncDocument(42)}`]));
    expect(await screen.findByText('Fetching again: https://x.test/page')).toBeInTheDocument();
  });

  it('when Download is pressed on a file, then its original is fetched with the token and saved under its name', async () => {
    fakeRepository([
      documentFixture({ id: 8, name: 'budget.xlsx', type: 'xlsx' }),
      documentFixture({ id: 9, name: 'https://x.test/page', is_url: true, type: 'html' }),
    ]);
    const auth: (string | null)[] = [];
    server.use(
      http.get(apiUrl(apiPaths.downloadDocument(8)), ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return new HttpResponse(new Uint8Array([1, 2, 3]), {
          headers: { 'content-type': 'application/octet-stream' },
        });
      }),
    );
    const created = vi.fn((blob: Blob) => `blob:${blob.size}`);
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user } = await openRepository();
    expect(
      within(row('https://x.test/page')).queryByRole('button', { name: /Download/ }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download budget.xlsx' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:3', download: 'budget.xlsx' }]));
    expect(auth).toEqual(['Bearer test-token']);
  });

  it('when documents are still being ingested, then their status updates on screen without a reload', async () => {
    let reads = 0;
    server.use(
      documentsHandler(() => {
        reads += 1;
        const status = reads === 1 ? 'queued' : reads === 2 ? 'processing' : 'ready';
        return paged([documentFixture({ id: 5, name: 'scan.png', type: 'png', status })]);
      }),
    );
    await openRepository();
    const badge = () => within(row('scan.png')).getByTestId('document-status');
    expect(badge()).toHaveTextContent('Queued');
    expect(
      screen.getByText('Statuses update by themselves while documents are processed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('Processing'), {
      timeout: STATUS_POLL_MS * 5,
    });
    await waitFor(() => expect(badge()).toHaveTextContent('Ready'), {
      timeout: STATUS_POLL_MS * 5,
    });
    const settled = reads;
    await new Promise((r) => setTimeout(r, STATUS_POLL_MS * 1.5));
    expect(reads).toBe(settled);
  }, 30_000);

  it('when a scan is being read with OCR, then its row says which page it is at, and the phase goes once it is ready', async () => {
    let reads = 0;
    server.use(
      documentsHandler(() => {
        reads += 1;
        const scan =
          reads === 1
            ? {
                status: 'processing' as const,
                progress: { phase: 'ocr' as const, done: 3, total: 12 },
              }
            : { status: 'ready' as const, progress: null };
        return paged([
          documentFixture({ id: 8, name: 'inspection-scan.pdf', ...scan }),
          documentFixture({
            id: 9,
            name: 'notice.png',
            type: 'png',
            status: 'queued',
            progress: { phase: 'ocr', done: 0, total: 1 },
          }),
        ]);
      }),
    );
    await openRepository();
    const scanRow = within(row('inspection-scan.pdf'));
    expect(scanRow.getByTestId('document-status')).toHaveTextContent('Processing');
    expect(scanRow.getByTestId('document-progress')).toHaveTextContent(
      'Reading scanned pages (OCR): 3 of 12',
    );
    const bar = scanRow.getByRole('progressbar', {
      name: 'Scanned pages of inspection-scan.pdf read',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '12');
    expect(within(row('notice.png')).getByTestId('document-progress')).toHaveTextContent(
      'Reading the text in the image (OCR)',
    );

    await waitFor(() => expect(scanRow.getByTestId('document-status')).toHaveTextContent('Ready'), {
      timeout: STATUS_POLL_MS * 5,
    });
    expect(scanRow.queryByTestId('document-progress')).toBeNull();
    expect(screen.queryByText(/advanced training/i)).toBeNull();
  }, 30_000);
});
