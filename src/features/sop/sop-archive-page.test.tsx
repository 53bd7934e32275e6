import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileWith } from '@/test/fixtures';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { fakeSopApi, sopDocument } from './sop-test-kit';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => import('@/app/sop-pages'));

const REFERENCE = {
  name: 'packing-guide.pdf',
  type: 'pdf',
  size_bytes: 2048,
  page_count: 1,
  version: 1,
  uploaded_at: '2026-03-01T08:00:00Z',
  uploaded_by: 'Grace',
};
const archived = (id: number) =>
  sopDocument(id, {
    archived: true,
    archive_comment: `Superseded ${id}`,
    archived_at: '2026-03-04T15:05:00',
    archived_by: 'Grace',
    references: [{ ...REFERENCE, id: 40 + id }],
  });

describe('/sop-repository/archive/{id}', { timeout: 60_000 }, () => {
  it('when the archive opens with an id, then only that document is asked for, with a way back to the whole archive', async () => {
    signInWithCookie();
    const api = fakeSopApi({ archived: [archived(3), archived(4)] });
    const app = renderApp('/sop-repository/archive/4');
    await screen.findByText('Showing archived document 4 only.');
    await waitFor(() => expect(screen.getAllByTestId('archived-row')).toHaveLength(1));
    const row = screen.getByTestId('archived-row');
    expect(row).toHaveTextContent('Superseded 4');
    // SPEC §9: a zone-less timestamp is UTC, shown day/month/year on a 12-hour clock.
    expect(row).toHaveTextContent(/Grace · 04\/03\/2026, \d\d:05 (AM|PM)/);
    const calls = api.requests.filter((r) => r.path === '/sop/archived/documents');
    expect(calls.at(-1)?.query).toMatchObject({ document_id: '4' });

    await userEvent.setup().click(screen.getByRole('link', { name: 'Show the whole archive' }));
    await waitFor(() => expect(screen.getAllByTestId('archived-row')).toHaveLength(2));
    expect(app.router.state.location.pathname).toBe('/sop-repository/archive');
  });

  it('when a person with only Sop.LIST_VIEW opens the archive, then each document can be viewed with its references but not unarchived or deleted', async () => {
    signInWithCookie();
    fakeSopApi({ archived: [archived(3)], profile: profileWith(['Sop.LIST_VIEW']) });
    renderApp('/sop-repository/archive');
    const row = await screen.findByTestId('archived-row');
    expect(within(row).getByRole('button', { name: 'View sop-3.pdf as pdf' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Unarchive' })).not.toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'References (1) of sop-3.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'packing-guide.pdf' })).toBeInTheDocument();
  });
});
