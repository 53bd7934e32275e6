import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileWith } from '@/test/fixtures';
import { currentAddress, openIdentity } from '@/test/open-identity';

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((h) => h.querySelector('a')?.textContent ?? h.textContent);

describe('roles list', { timeout: 60_000 }, () => {
  it('when the roles open, then each shows its department, count of rights and actions', async () => {
    await openIdentity('/roles');
    await screen.findByRole('link', { name: 'Agent' });
    const auditor = screen.getByRole('link', { name: 'Auditor' }).closest('tr')!;
    expect(auditor).toHaveTextContent('All departments');
    expect(auditor).toHaveTextContent('1 of 40');
    expect(screen.getByRole('link', { name: 'Add role' })).toHaveAttribute(
      'href',
      '/roles/add-role',
    );
    expect(screen.getByRole('link', { name: 'Edit Agent' })).toHaveAttribute(
      'href',
      '/roles/update-role/10',
    );
  });

  it('when the department filter is chosen, then it goes into the address and the request', async () => {
    const { router, fake } = await openIdentity('/roles');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Agent' });
    await user.selectOptions(screen.getByLabelText('Department'), 'Support');
    await waitFor(() => expect(currentAddress(router)).toBe('/roles?department_id=2'));
    expect(await screen.findByText('No roles match this search or filter.')).toBeInTheDocument();
    expect(fake.requests.at(-1)?.path).toContain('department_id=2');
  });

  it('when a granted right is chosen, then the roles granting it are read from the type/action call', async () => {
    const { router, fake } = await openIdentity('/roles');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Agent' });
    await user.selectOptions(screen.getByLabelText('Grants the right'), 'Reports · View');
    await waitFor(() => expect(currentAddress(router)).toBe('/roles?type=Reports&action=VIEW'));
    await waitFor(() => expect(names()).toEqual(['Auditor']));
    expect(fake.requests.at(-1)?.path).toMatch(/^\/api\/roles\/types\/Reports\/action\/VIEW\?/);
  });

  it('when the address already holds the filter, then a reload shows the filtered list', async () => {
    await openIdentity('/roles?type=Users&action=VIEW');
    await waitFor(() => expect(names()).toEqual(['Agent']));
    expect(screen.getByLabelText('Grants the right')).toHaveValue('Users.VIEW');
  });

  it('when a role still held by users is deleted, then the refusal says so clearly', async () => {
    await openIdentity('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Agent' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Users still holding it: 1.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = (await screen.findByText('The role Agent was not deleted.')).closest(
      '[role="alert"]',
    );
    expect(alert).toHaveTextContent('Users still hold it (1). Give them another role first.');
  });

  it('when the person may only list roles, then no add, edit or delete is offered', async () => {
    await openIdentity('/roles', { profile: profileWith(['Roles.LIST_VIEW']) });
    await screen.findByText('Agent');
    expect(screen.queryByRole('link', { name: 'Add role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Agent' })).not.toBeInTheDocument();
  });
});
