import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminProfile, profileWith } from '@/test/fixtures';
import { managedUser, seedDb } from '@/test/identity-fake';
import { currentAddress, openIdentity } from '@/test/open-identity';

function manyUsers(n: number) {
  const db = seedDb();
  const sales = { department_id: 1, department_name: 'Sales', role_id: 10, role_name: 'Agent' };
  db.users = Array.from({ length: n }, (_, i) =>
    managedUser(i + 10, {
      first_name: `Person${i + 1}`,
      last_name: 'Test',
      status: i % 5 === 0 ? 'disabled' : 'active',
      assignments: i % 2 === 0 ? [sales] : [],
    }),
  );
  return db;
}

describe('users list', { timeout: 60_000 }, () => {
  it('when the address names a page and size, then that page is asked for and reload keeps it', async () => {
    const { fake } = await openIdentity('/users?page=3&size=10', { db: manyUsers(23) });
    expect(await screen.findByRole('link', { name: 'Person21 Test' })).toBeInTheDocument();
    expect(screen.getByText('Showing 21–23 of 23')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path.startsWith('/api/users?'))?.path).toBe(
      '/api/users?page=3&size=10',
    );
  });

  it('when the page size changes, then it goes into the address and the list starts again at page 1', async () => {
    const { router } = await openIdentity('/users?page=2&size=10', { db: manyUsers(23) });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Person11 Test' });
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(currentAddress(router)).toBe('/users?size=25'));
    expect(await screen.findByRole('link', { name: 'Person1 Test' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–23 of 23')).toBeInTheDocument();
  });

  it('when a search and a department are chosen, then both go into the address and the request', async () => {
    const { router, fake } = await openIdentity('/users', { db: manyUsers(23) });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Person1 Test' });
    await user.selectOptions(screen.getByLabelText('Department'), 'Sales');
    await waitFor(() => expect(currentAddress(router)).toBe('/users?department=Sales'));
    await user.type(screen.getByRole('searchbox'), 'Person2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(currentAddress(router)).toBe('/users?department=Sales&search=Person2'),
    );
    await waitFor(() =>
      expect(fake.requests.at(-1)?.path).toBe(
        '/api/users?page=1&size=100&search=Person2&department_name=Sales',
      ),
    );
    expect(await screen.findByRole('link', { name: 'Person21 Test' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Person22 Test' })).not.toBeInTheDocument();
  });

  it('when a row shows, then it has the status badge and the roles with their department', async () => {
    await openIdentity('/users');
    const row = (await screen.findByRole('link', { name: 'Linus Pauling' })).closest('tr')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Agent · Sales')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Linus Pauling' })).toHaveAttribute(
      'href',
      '/users/edit-user/2',
    );
  });

  it('when the person may only list users, then no add, edit, delete or view is offered', async () => {
    await openIdentity('/users', { profile: profileWith(['Users.LIST_VIEW']) });
    await screen.findByText('Linus Pauling');
    expect(screen.queryByRole('link', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Linus Pauling' })).not.toBeInTheDocument();
  });

  it('when a user is deleted after confirming, then the call is made and a toast confirms', async () => {
    const { fake } = await openIdentity('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Linus Pauling' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Linus Pauling (linus@example.test)?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Linus Pauling was deleted and signed out everywhere.'),
    ).toBeInTheDocument();
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === '/api/users/delete/2'),
    ).toBe(true);
  });

  it('when the signed-in person is in the list, then they cannot delete themselves', async () => {
    const db = seedDb();
    db.users.push(managedUser(adminProfile.id, { first_name: 'Grace', last_name: 'Hopper' }));
    await openIdentity('/users', { db });
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(screen.queryByRole('button', { name: 'Delete Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Linus Pauling' })).toBeInTheDocument();
  });
});
