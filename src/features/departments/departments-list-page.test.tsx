import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { department, seedDb } from '@/test/identity-fake';
import { currentAddress, openIdentity } from '@/test/open-identity';

function manyDepartments(n: number) {
  const db = seedDb();
  db.departments = Array.from({ length: n }, (_, i) =>
    department(i + 1, `Department ${String.fromCharCode(65 + (i % 26))}${i + 1}`),
  );
  return db;
}

describe('departments list', { timeout: 60_000 }, () => {
  it('when the address names page 2 of size 10, then that page is asked for and shown', async () => {
    const { fake } = await openIdentity('/department?page=2&size=10', { db: manyDepartments(25) });
    expect(await screen.findByRole('link', { name: 'Department K11' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Department A1' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 11–20 of 25')).toBeInTheDocument();
    expect(fake.requests.some((r) => r.path.includes('type=paginated&page=2&size=10'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('when the next page is chosen and then back is pressed, then the address and rows follow', async () => {
    const { router } = await openIdentity('/department?size=10', { db: manyDepartments(25) });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Department A1' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentAddress(router)).toBe('/department?size=10&page=2'));
    expect(await screen.findByRole('link', { name: 'Department K11' })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Department A1' })).toBeInTheDocument();
  });

  it('when a search is made on page 3, then it goes into the address and the list starts at page 1', async () => {
    const { router, fake } = await openIdentity('/department?page=3&size=10', {
      db: manyDepartments(25),
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Department U21' });
    await user.type(screen.getByRole('searchbox', { name: 'Search departments' }), 'K11');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentAddress(router)).toBe('/department?size=10&search=K11'));
    expect(await screen.findByRole('link', { name: 'Department K11' })).toBeInTheDocument();
    expect(fake.requests.at(-1)?.path).toContain('search=K11');
  });

  it('when a department in use is shown, then Delete is disabled with the reason beside it and opens no dialog', async () => {
    await openIdentity('/department');
    const user = userEvent.setup();
    const blocked = await screen.findByRole('button', { name: 'Delete Sales' });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    expect(blocked).toHaveAccessibleDescription(
      'Cannot be deleted while in use (users: 1, roles: 1). Move or remove those first.',
    );
    expect(
      screen.getByText(
        'Cannot be deleted while in use (users: 1, roles: 1). Move or remove those first.',
      ),
    ).toBeVisible();
    blocked.focus();
    await user.keyboard('{Enter}');
    await user.click(blocked);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Support' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('when the list was out of date and the server refuses the delete, then the refusal names what holds it', async () => {
    const { fake } = await openIdentity('/department');
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Delete Support' });
    // Someone assigned users and roles in Support after the list was read.
    Object.assign(fake.db.departments[1], { user_count: 1, role_count: 1 });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByText('The department Support was not deleted.');
    await waitFor(() =>
      expect(alert.closest('[role="alert"]')).toHaveTextContent(
        'Cannot be deleted while in use (users: 1, roles: 1). Move or remove those first.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Support' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Support' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('when an empty department is deleted after confirming, then it leaves the list and a toast says so', async () => {
    const { fake } = await openIdentity('/department');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Support' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('The department Support was deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Support' })).not.toBeInTheDocument(),
    );
    expect(fake.db.departments.map((d) => d.name)).toEqual(['Sales']);
  });

  it('when the delete dialog is cancelled, then nothing is deleted', async () => {
    const { fake } = await openIdentity('/department');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Support' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
