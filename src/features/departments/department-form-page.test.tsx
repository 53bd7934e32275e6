import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentAddress, openIdentity } from '@/test/open-identity';

describe('department form', { timeout: 60_000 }, () => {
  it('when the name breaks the name rule, then the message shows beside it and nothing is sent', async () => {
    const { fake } = await openIdentity('/department/add-department');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'R&D 2');
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining('Use letters, spaces and hyphens only.'),
    );
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('when the server says the name is taken, then that shows beside the name', async () => {
    await openIdentity('/department/add-department');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'sales');
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        expect.stringContaining('This name is already in use.'),
      ),
    );
  });

  it('when a new department is saved with a hyphenated description, then the list opens with it and a toast confirms', async () => {
    const { router, fake } = await openIdentity('/department/add-department');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Field Service');
    await user.type(screen.getByLabelText('Description'), 'Follow-up on the road; nights/weekends');
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    await waitFor(() => expect(currentAddress(router)).toBe('/department'));
    expect(
      await screen.findByText('The department Field Service was created.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Field Service' })).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Field Service',
      description: 'Follow-up on the road; nights/weekends',
    });
  });

  it('when view-department opens with ?id=, then the fields are read-only and Edit leads to update-department', async () => {
    const { router } = await openIdentity('/department/view-department?id=1');
    expect(await screen.findByDisplayValue('Sales')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Show its users (1)' })).toHaveAttribute(
      'href',
      '/users?department=Sales',
    );
    expect(
      screen.getByText(
        'Cannot be deleted while in use (users: 1, roles: 1). Move or remove those first.',
      ),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(currentAddress(router)).toBe('/department/update-department?id=1'));
    await screen.findByRole('heading', { level: 1, name: 'Update department' });
    expect(await screen.findByDisplayValue('Sales')).not.toHaveAttribute('readonly');
  });

  it('when update-department saves a new name, then PUT carries it and the list shows it', async () => {
    const { fake } = await openIdentity('/department/update-department?id=2');
    const user = userEvent.setup();
    const name = await screen.findByDisplayValue('Support');
    await user.clear(name);
    await user.type(name, 'Customer Care');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('link', { name: 'Customer Care' })).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')?.path).toBe('/api/departments/2');
  });

  it('when the id in the address names no department, then the screen says so', async () => {
    await openIdentity('/department/update-department?id=999');
    expect(await screen.findByText('This department does not exist.')).toBeInTheDocument();
  });
});
