import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileWith } from '@/test/fixtures';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { fakeSopApi, sopDocument } from './sop-test-kit';

// The SOP chunk loads once here, not inside the first test's time budget.
// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => import('@/app/sop-pages'));

async function openList(path = '/sop-repository') {
  signInWithCookie();
  const api = fakeSopApi({
    documents: [
      sopDocument(1),
      sopDocument(2, { client_name: 'Borealis', department_id: 2, department_name: 'Ocean' }),
    ],
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'SOP repository' });
  await screen.findAllByTestId('sop-row');
  return { api, app };
}

const lastListQuery = (api: ReturnType<typeof fakeSopApi>) =>
  api.requests.filter((r) => r.method === 'GET' && r.path === '/sop/documents').at(-1)?.query;

describe('/sop-repository, the SOP list', { timeout: 60_000 }, () => {
  it('when the client, department and document id filters are set, then GET /sop/documents sends them and the address keeps them', async () => {
    const { api, app } = await openList();
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Borealis' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Client'), 'Borealis');
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ client_name: 'Borealis' }));
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Ocean freight' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Department'), 'Ocean freight');
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ department_id: '2' }));
    await user.type(screen.getByLabelText('Document id'), '2');
    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({
        page: '1',
        size: '100',
        client_name: 'Borealis',
        department_id: '2',
        document_id: '2',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('sop-row')).toHaveLength(1));
    const address = new URLSearchParams(app.router.state.location.search);
    expect(Object.fromEntries(address)).toEqual({
      client_name: 'Borealis',
      department_id: '2',
      document_id: '2',
    });
  });

  it('when the list opens with filters in its address, then the controls show them and the first call sends them', async () => {
    const { api } = await openList('/sop-repository?client_name=Acme&product_type=Textiles');
    expect(lastListQuery(api)).toMatchObject({ client_name: 'Acme', product_type: 'Textiles' });
    await waitFor(() => expect(screen.getByLabelText('Client')).toHaveValue('Acme'));
    expect(screen.getByLabelText('Product type')).toHaveValue('Textiles');
  });

  it('when Archive is pressed with an empty comment, then it says a comment is required and sends nothing', async () => {
    const { api } = await openList();
    const user = userEvent.setup();
    const row = screen.getAllByTestId('sop-row')[0];
    await user.click(within(row).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    // The modal takes the focus once it has faded in; typing before that loses keys to it.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.type(within(dialog).getByLabelText('Why is it archived?'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('A comment is required to archive.')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Why is it archived?'), 'Superseded');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'DELETE')).toEqual([
        expect.objectContaining({ body: { document_ids: [1], comments: 'Superseded' } }),
      ]),
    );
  });

  it('when a person holds only Sop.LIST_VIEW, then a document and its references can be viewed but its files not changed', async () => {
    signInWithCookie();
    const reference = {
      id: 41,
      name: 'packing-guide.pdf',
      type: 'pdf',
      size_bytes: 2048,
      page_count: 1,
      version: 1,
      uploaded_at: '2026-03-01T08:00:00Z',
      uploaded_by: 'Grace',
    };
    fakeSopApi({
      documents: [sopDocument(1, { references: [reference] })],
      profile: profileWith(['Sop.LIST_VIEW']),
    });
    renderApp('/sop-repository');
    const row = await screen.findByTestId('sop-row');
    expect(within(row).getByRole('button', { name: 'View sop-1.pdf as pdf' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Files' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'References (1) of sop-1.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reference files of sop-1.pdf' });
    expect(within(dialog).getByRole('button', { name: 'packing-guide.pdf' })).toBeInTheDocument();
  });
});
