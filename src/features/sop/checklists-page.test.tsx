import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { checklistSummary, fakeSopApi } from './sop-test-kit';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => import('@/app/sop-pages'));

async function openChecklists() {
  signInWithCookie();
  const api = fakeSopApi({ checklists: [1, 2, 3].map(checklistSummary) });
  renderApp('/sop-repository?view=checklists');
  await screen.findByRole('heading', { level: 1, name: 'Checklists' });
  await screen.findAllByTestId('checklist-row');
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: 'Select Shipment 1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Shipment 3' }));
  await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
  const dialog = await screen.findByRole('dialog');
  const deletes = () => api.requests.filter((r) => r.method === 'DELETE');
  return { user, dialog, deletes };
}

describe('/sop-repository?view=checklists, bulk delete', { timeout: 60_000 }, () => {
  it('when two checklists are ticked and Delete selected is pressed, then nothing is deleted until the dialog is confirmed, and then one DELETE takes both ids', async () => {
    const { user, dialog, deletes } = await openChecklists();
    expect(dialog).toHaveTextContent('Delete 2 checklist(s) with their versions?');
    expect(deletes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete selected (2)' }));
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(1));
    expect(deletes().map((r) => r.body)).toEqual([{ document_ids: [1, 3] }]);
    expect(await screen.findByText('2 checklist(s) deleted.')).toBeInTheDocument();
  });

  it('when the confirmation is cancelled, then nothing is deleted and the rows stay ticked', async () => {
    const { user, dialog, deletes } = await openChecklists();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual([]);
    expect(screen.getAllByTestId('checklist-row')).toHaveLength(3);
    expect(screen.getByRole('checkbox', { name: 'Select Shipment 1' })).toBeChecked();
  });
});
