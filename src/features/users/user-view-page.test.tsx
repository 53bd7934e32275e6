import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileWith } from '@/test/fixtures';
import type { IdentityFake } from '@/test/identity-fake';
import { openIdentity } from '@/test/open-identity';

/** Linus was created in Support as Auditor, then moved to Sales as Agent and renamed. */
function linusHistory(fake: IdentityFake) {
  const linus = fake.db.users.find((u) => u.id === 2)!;
  const first = {
    ...linus,
    last_name: 'Carl',
    assignments: [
      { department_id: 2, department_name: 'Support', role_id: 11, role_name: 'Auditor' },
    ],
  };
  fake.writeUserHistory(first, 'create', null);
  fake.writeUserHistory(linus, 'update', first);
}

const profileCard = () =>
  within(
    screen.getByRole('heading', { level: 2, name: 'Profile' }).closest('.card') as HTMLElement,
  );

function assignmentsOf(version: number) {
  const list = screen.getByRole('list', { name: `Roles in version ${version}` });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => `${li.getAttribute('data-change')}:${li.textContent}`);
}

describe('user details and history', { timeout: 60_000 }, () => {
  it('when the profile opens, then it shows the account and its history with each change marked', async () => {
    await openIdentity('/users/view-user/2', { prepare: linusHistory });
    await screen.findByRole('heading', { level: 1, name: 'User: Linus Pauling' });
    expect(profileCard().getByText('linus@example.test')).toBeInTheDocument();
    expect(profileCard().getByText('Agent · Sales')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Roles in version 1001' })).toBeInTheDocument();
    expect(assignmentsOf(1001)).toEqual([
      'added:+ added: Agent · Sales',
      'removed:− removed: Auditor · Support',
    ]);
    const history = screen.getByRole('list', { name: 'History' });
    expect(history).toHaveTextContent('Carl → Pauling');
    expect(history).toHaveTextContent(/Changed.*by Grace Hopper/);
  });

  it('when an older version is restored after confirming, then it is asked for and the profile follows', async () => {
    const { fake } = await openIdentity('/users/view-user/2', { prepare: linusHistory });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore version 1000' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }),
    );
    expect(await screen.findByText('Version 1000 was restored.')).toBeInTheDocument();
    expect(
      fake.requests.some(
        (r) => r.method === 'POST' && r.path.split('?')[0] === '/api/users/history/2/restore/1000',
      ),
    ).toBe(true);
    await screen.findByRole('heading', { level: 1, name: 'User: Linus Carl' });
    await waitFor(() => expect(profileCard().getByText('Auditor · Support')).toBeInTheDocument());
  });

  it('when the viewer may not update users, then no restore or edit is offered', async () => {
    await openIdentity('/users/view-user/2', {
      profile: profileWith(['Users.LIST_VIEW', 'Users.VIEW']),
      prepare: linusHistory,
    });
    await screen.findByRole('list', { name: 'Roles in version 1000' });
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
