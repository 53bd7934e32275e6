import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileWith } from '@/test/fixtures';
import type { IdentityFake } from '@/test/identity-fake';
import { currentAddress, openIdentity } from '@/test/open-identity';

/** Linus Pauling (id 2) was deleted by the administrator. */
function deleteLinus(fake: IdentityFake) {
  const linus = fake.db.users.find((u) => u.id === 2)!;
  fake.db.users = fake.db.users.filter((u) => u !== linus);
  fake.writeUserHistory(linus, 'delete', linus);
}

const profileCard = () =>
  within(
    screen.getByRole('heading', { level: 2, name: 'Profile' }).closest('.card') as HTMLElement,
  );

describe('deleted users', { timeout: 60_000 }, () => {
  it('when the Deleted status is chosen, then deleted users are listed with when and by whom, and Restore brings one back', async () => {
    const { router, fake } = await openIdentity('/users', { prepare: deleteLinus });
    const user = userEvent.setup();
    await screen.findByText('There are no users yet.');
    expect(screen.queryByRole('link', { name: 'Linus Pauling' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Deleted');
    await waitFor(() => expect(currentAddress(router)).toBe('/users?status=deleted'));
    const row = (await screen.findByRole('link', { name: 'Linus Pauling' })).closest('tr')!;
    expect(within(row).getByText(/ by Grace Hopper$/)).toBeInTheDocument();
    expect(within(row).getByText('Agent · Sales')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Restore Linus Pauling' }));
    expect(
      await screen.findByText(
        'Linus Pauling was restored. An invitation to choose a new password was sent to linus@example.test.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Linus Pauling' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('No user has been deleted.')).toBeInTheDocument();
    expect(fake.requests.some((r) => r.path.startsWith('/api/users/deleted/2/restore'))).toBe(true);
    expect(fake.db.users.some((u) => u.id === 2)).toBe(true);
  });

  it('when a deleted user’s page opens, then it says they were deleted and Restore shows them as they are again', async () => {
    await openIdentity('/users/view-user/2', { prepare: deleteLinus });
    await screen.findByRole('heading', { level: 1, name: 'User: Linus Pauling' });
    expect(await screen.findByText(/This user was deleted/)).toBeInTheDocument();
    expect(profileCard().getByText('Deleted', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByText(/does not exist/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(screen.queryByText(/This user was deleted/)).not.toBeInTheDocument(),
    );
    expect(await profileCard().findByText('Active', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('when the person may view users but not delete them, then a deleted user shows no Restore and says who can', async () => {
    await openIdentity('/users/view-user/2', {
      prepare: deleteLinus,
      profile: profileWith(['Users.LIST_VIEW', 'Users.VIEW', 'Users.UPDATE']),
    });
    expect(await screen.findByText(/This user was deleted/)).toBeInTheDocument();
    expect(
      screen.getByText(/Only someone who may delete users in their departments can restore them/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });
});
