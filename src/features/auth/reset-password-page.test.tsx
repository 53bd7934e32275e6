import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  messageResponseSchema,
  resetPasswordBodySchema,
  tokenCheckResponseSchema,
} from '@contract/auth';
import { contractHandler } from '@/test/contract-handler';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';

/** The mailed link's token check and the password it then takes, as the server answers them. */
function mailedLink(firstPassword: boolean) {
  server.use(
    contractHandler('get', 'verifyReset', { answer: tokenCheckResponseSchema }, () => ({
      message: 'The link is valid.',
      email: 'new.person@example.test',
      first_password: firstPassword,
    })),
    contractHandler(
      'post',
      'verifyReset',
      { answer: messageResponseSchema, body: resetPasswordBodySchema },
      () => ({ message: 'done' }),
    ),
  );
}

async function choosePassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), 'Chosen-Pass-123');
  await user.type(screen.getByLabelText('Confirm password'), 'Chosen-Pass-123');
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('the page a mailed password link opens', () => {
  it('when an invited person opens their invitation link, then it asks them to choose a password and never speaks of a reset', async () => {
    mailedLink(true);
    renderApp('/reset-password?token=invite-token');
    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Choose a password for new.person@example.test to finish setting up your account.',
      ),
    ).toBeInTheDocument();
    await choosePassword();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password is set. You can sign in now.',
    );
    expect(document.body).not.toHaveTextContent(/reset/i);
  });

  it('when someone who has a password opens a reset link, then it speaks of a new password and a reset', async () => {
    mailedLink(false);
    renderApp('/reset-password?token=reset-token');
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    await choosePassword();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been reset. You can sign in with your new password.',
    );
  });
});
