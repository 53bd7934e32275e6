import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { idsOf } from '@contract/permissions';
import { profileWith } from '@/test/fixtures';
import type { IdentityFake } from '@/test/identity-fake';
import { openIdentity } from '@/test/open-identity';

/** Agent was created with Users.LIST_VIEW and Documents.LIST_VIEW, then changed to its seed set. */
function agentHistory(fake: IdentityFake) {
  const agent = fake.db.roles.find((r) => r.name === 'Agent')!;
  const first = { ...agent, permission_set: idsOf('Users.LIST_VIEW', 'Documents.LIST_VIEW') };
  fake.writeRoleHistory(first, 'create', null);
  fake.writeRoleHistory(agent, 'update', first);
}

function rightsOf(version: number) {
  const list = screen.getByRole('list', { name: `Rights of version ${version}` });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => `${li.getAttribute('data-change')}:${li.textContent}`);
}

describe('role details and history', { timeout: 60_000 }, () => {
  it('when the history shows, then each entry says who and when, lists the rights sorted and marks additions and removals', async () => {
    await openIdentity('/roles/view-role/10', { prepare: agentHistory });
    await screen.findByRole('heading', { level: 1, name: 'Role: Agent' });
    await screen.findByRole('list', { name: 'Rights of version 1001' });
    // Newest first; the update added Users.VIEW and removed Documents.LIST_VIEW.
    expect(rightsOf(1001)).toEqual([
      'added:+ added: Users · View',
      'kept:Users · List',
      'removed:− removed: Documents · List',
    ]);
    expect(rightsOf(1000)).toEqual([
      'added:+ added: Users · List',
      'added:+ added: Documents · List',
    ]);
    const history = screen.getByRole('list', { name: 'History' });
    expect(history).toHaveTextContent(/Changed.*by Grace Hopper/);
    expect(history).toHaveTextContent(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM) by Grace Hopper/);
    expect(history).toHaveTextContent('Added: 1, removed: 1. Rights in this version: 2.');
  });

  it('when an older version is restored after confirming, then the API is asked, a toast confirms and the set comes back', async () => {
    const { fake } = await openIdentity('/roles/view-role/10', { prepare: agentHistory });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Rights of version 1000' });
    // The current version has no restore button; the older one has.
    expect(screen.queryByRole('button', { name: 'Restore version 1001' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore version 1000' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Its rights become (2): Users · List, Documents · List.');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Version 1000 was restored.')).toBeInTheDocument();
    expect(
      fake.requests.some(
        (r) => r.method === 'POST' && r.path === '/api/roles/10/history/restore/1000',
      ),
    ).toBe(true);
    await screen.findByRole('list', { name: 'Rights of version 1002' });
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent(
      'restored from version 1000',
    );
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Rights granted in Documents' })).toHaveTextContent(
        'List',
      ),
    );
    expect(screen.getByRole('list', { name: 'Rights granted in Users' })).toHaveTextContent('List');
  });

  it('when a role is viewed, then its rights read module by module with nothing to scroll or tick', async () => {
    await openIdentity('/roles/view-role/10');
    const users = await screen.findByRole('list', { name: 'Rights granted in Users' });
    expect(users).toHaveTextContent('View');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('table', { name: /Permissions of the role/ }),
    ).not.toBeInTheDocument();
    // A module without rights says so instead of an empty row.
    const reports = screen.getByText('Reports', { selector: 'dt' }).nextElementSibling;
    expect(reports).toHaveTextContent('No rights');
  });

  it('when the restore dialog is cancelled, then nothing is restored', async () => {
    const { fake } = await openIdentity('/roles/view-role/10', { prepare: agentHistory });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore version 1000' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('when the viewer lacks Roles.UPDATE, then the history shows without restore buttons or Edit', async () => {
    const viewer = profileWith(['Roles.LIST_VIEW', 'Roles.VIEW']);
    await openIdentity('/roles/view-role/10', { profile: viewer, prepare: agentHistory });
    await screen.findByRole('list', { name: 'Rights of version 1000' });
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
