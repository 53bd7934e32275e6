import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import { adminProfile, profileWith } from '@/test/fixtures';
import { apiUrl, errorResponse } from '@/test/handlers';
import { managedUser, seedDb } from '@/test/identity-fake';
import { server } from '@/test/msw-server';
import { currentAddress, openIdentity } from '@/test/open-identity';

async function fillNew(values: Record<string, string>) {
  const user = userEvent.setup();
  await screen.findByLabelText('First name');
  for (const [label, value] of Object.entries(values))
    await user.type(screen.getByLabelText(label), value);
  return user;
}

const good = {
  'First name': 'Rosalind',
  'Last name': 'Franklin',
  Username: 'rfranklin',
  Email: 'rosalind@example.test',
};

describe('user form', { timeout: 60_000 }, () => {
  it('when fields break the contract rules, then each shows its message beside it and nothing is sent', async () => {
    const { fake } = await openIdentity('/users/add-user');
    const user = await fillNew({ ...good, 'First name': 'R2D2', Username: 'r', Email: 'not mail' });
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Use letters, spaces and hyphens only.',
    );
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('Use 3 to 32 letters'),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid email address without spaces.'),
    );
    expect(screen.getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('when a user is created with a role in a department, then POST carries the assignment and the new page opens', async () => {
    const { router, fake } = await openIdentity('/users/add-user');
    const user = await fillNew(good);
    await user.click(screen.getByRole('button', { name: 'Add a role' }));
    expect(screen.getByLabelText('Role 1')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Department of role 1'), 'Sales');
    // Sales offers its own role and the one for every department.
    expect(
      Array.from(screen.getByLabelText<HTMLSelectElement>('Role 1').options).map((o) => o.text),
    ).toEqual(['Choose a role', 'Agent', 'Auditor']);
    await user.selectOptions(screen.getByLabelText('Role 1'), 'Agent');
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    await waitFor(() => expect(currentAddress(router)).toMatch(/^\/users\/view-user\/\d+$/));
    expect(
      await screen.findByText(
        'Rosalind Franklin was created. An invitation to set a password was sent to rosalind@example.test.',
      ),
    ).toBeInTheDocument();
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(
      `/api/users?verify_page_link=${encodeURIComponent(window.location.origin)}`,
    );
    expect(post?.body).toEqual({
      username: 'rfranklin',
      email: 'rosalind@example.test',
      first_name: 'Rosalind',
      last_name: 'Franklin',
      status: 'active',
      is_defaultadmin: false,
      assignments: [{ department_id: 1, role_id: 10 }],
      // The invitation mail is written in the administrator's console language.
      lng: 'en',
    });
  });

  it('when an assignment row is left half-filled, then the list says so and nothing is sent', async () => {
    const { fake } = await openIdentity('/users/add-user');
    const user = await fillNew(good);
    await user.click(screen.getByRole('button', { name: 'Add a role' }));
    await user.selectOptions(screen.getByLabelText('Department of role 1'), 'Support');
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    expect(
      screen.getByText('Choose a department and a role in every row, or remove the row.'),
    ).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('when the server refuses the e-mail or an assignment field, then each message shows beside its field', async () => {
    await openIdentity('/users/add-user');
    server.use(
      http.post(apiUrl(apiPaths.users), () => errorResponse(409, 'EMAIL_TAKEN', 'taken'), {
        once: true,
      }),
    );
    const user = await fillNew(good);
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        expect.stringContaining('An account with this email address already exists.'),
      ),
    );
    server.use(
      http.post(apiUrl(apiPaths.users), () =>
        errorResponse(400, 'VALIDATION_ERROR', 'bad', {
          fields: [{ path: 'assignments.0.role_id', message: 'validation:roleOutsideDepartment' }],
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    expect(
      await screen.findByText('This role cannot be given in this department.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('when a refusal concerns the roles, then the reason from the server shows beside them', async () => {
    await openIdentity('/users/edit-user/2');
    server.use(
      http.put(apiUrl('/users/update/2'), () =>
        errorResponse(403, 'PRIVILEGE_ESCALATION', "You do not hold Users.UPDATE in 'Sales'."),
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove role 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        "You cannot give rights or roles that you do not hold yourself. You do not hold Users.UPDATE in 'Sales'.",
      ),
    ).toBeInTheDocument();
  });

  it('when a user is edited, then only the changed fields are sent', async () => {
    const { fake } = await openIdentity('/users/edit-user/2');
    const user = userEvent.setup();
    const last = await screen.findByDisplayValue('Pauling');
    await user.clear(last);
    await user.type(last, 'Carl');
    await user.selectOptions(screen.getByLabelText('Status'), 'Disabled');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes to Linus Carl were saved.')).toBeInTheDocument();
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/users/update/2');
    expect(put?.body).toEqual({ last_name: 'Carl', status: 'disabled' });
  });

  it('when someone edits their own account, then their roles, status and admin flag are locked', async () => {
    const db = seedDb();
    db.users.push(
      managedUser(adminProfile.id, {
        first_name: 'Grace',
        last_name: 'Hopper',
        is_defaultadmin: true,
      }),
    );
    await openIdentity(`/users/edit-user/${adminProfile.id}`, { db });
    expect(await screen.findByDisplayValue('Hopper')).toBeEnabled();
    expect(screen.getByLabelText('Status')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Default administrator' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add a role' })).not.toBeInTheDocument();
    expect(
      screen.getByText('You cannot change your own roles. Ask another administrator.'),
    ).toBeInTheDocument();
  });

  it('when a permission-limited manager adds a user, then no default-admin switch is offered and only their departments', async () => {
    const manager = profileWith(['Users.LIST_VIEW', 'Users.ADD', 'Users.VIEW']);
    await openIdentity('/users/add-user', { profile: manager });
    await screen.findByLabelText('First name');
    expect(
      screen.queryByRole('checkbox', { name: 'Default administrator' }),
    ).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add a role' }));
    expect(
      Array.from(screen.getByLabelText<HTMLSelectElement>('Department of role 1').options).map(
        (o) => o.text,
      ),
    ).toEqual(['Choose a department', 'General']);
  });
});
