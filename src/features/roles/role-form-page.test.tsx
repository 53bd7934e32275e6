import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { idsOf } from '@contract/permissions';
import { profileWith } from '@/test/fixtures';
import { currentAddress, openIdentity } from '@/test/open-identity';

describe('role form', { timeout: 60_000 }, () => {
  it('when a role is built with the matrix and saved, then POST carries the sorted set and its page opens', async () => {
    const { router, fake } = await openIdentity('/roles/add-role');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Field agent');
    await user.selectOptions(screen.getByLabelText('Department'), 'Support');
    await user.click(screen.getByRole('checkbox', { name: 'All rights of Documents' }));
    await user.click(screen.getByRole('checkbox', { name: 'Users: List' }));
    await user.click(screen.getByRole('checkbox', { name: 'Documents: Delete' }));
    expect(screen.getByText('5 of 40 rights granted')).toBeInTheDocument();
    // Only the rights a module has are offered: no 'Documents: Query documents'.
    expect(screen.queryByRole('checkbox', { name: 'Documents: Query documents' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(currentAddress(router)).toMatch(/^\/roles\/view-role\/\d+$/));
    expect(await screen.findByText('The role Field agent was created.')).toBeInTheDocument();
    const body = fake.requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Field agent',
      description: '',
      department_id: 2,
      permission_set: idsOf(
        'Users.LIST_VIEW',
        'Documents.ADD',
        'Documents.UPDATE',
        'Documents.VIEW',
        'Documents.LIST_VIEW',
      ),
    });
  });

  it('when the name is too short, then the message shows beside it and nothing is sent', async () => {
    const { fake } = await openIdentity('/roles/add-role');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'X');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This value is too short.');
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('when the server says the name is taken, then that shows beside the name', async () => {
    await openIdentity('/roles/add-role');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'agent');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        'This name is already in use. Please choose another one.',
      ),
    );
  });

  it('when an existing role is opened for update, then its set is ticked and a removal is saved with PUT', async () => {
    const { fake } = await openIdentity('/roles/update-role/10');
    const user = userEvent.setup();
    const cell = await screen.findByRole('checkbox', { name: 'Users: View' });
    expect(cell).toBeChecked();
    expect(screen.getByText('2 of 40 rights granted')).toBeInTheDocument();
    await user.click(cell);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The role Agent was saved.')).toBeInTheDocument();
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/roles/10');
    expect((put?.body as { permission_set: number[] }).permission_set).toEqual(
      idsOf('Users.LIST_VIEW'),
    );
  });

  it('when a permission-limited manager builds a role, then only their own rights can be ticked and a department is required', async () => {
    const manager = profileWith(['Roles.LIST_VIEW', 'Roles.ADD', 'Users.LIST_VIEW', 'Users.VIEW']);
    const { fake } = await openIdentity('/roles/add-role', { profile: manager });
    const user = userEvent.setup();
    expect(await screen.findByRole('checkbox', { name: 'Users: View' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Users: Delete' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'General' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'All departments' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Helper');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(screen.getByLabelText('Department')).toHaveAccessibleDescription(
      expect.stringContaining('Choose the department the role belongs to.'),
    );
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
