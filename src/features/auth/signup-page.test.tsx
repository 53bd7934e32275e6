import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import type { SignupBody } from '@contract/auth';
import { apiUrl, errorResponse } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';

const good = {
  Username: 'ada_l',
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Email: 'ada@example.test',
  Password: 'Analytical-1',
  'Confirm password': 'Analytical-1',
};

async function fill(values: Partial<typeof good>) {
  const user = userEvent.setup();
  await screen.findByLabelText('Username', {}, { timeout: 3000 });
  for (const [label, value] of Object.entries(values))
    if (value) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('signup page', () => {
  it('when fields break the contract rules, then each shows its message and nothing is sent', async () => {
    renderApp('/signup');
    await fill({
      ...good,
      Username: 'a',
      'First name': 'Ada1',
      Email: 'ada at example',
      'Confirm password': 'Other-pass-2',
    });
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('Use 3 to 32 letters'),
    );
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Use letters, spaces and hyphens only.',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address without spaces.',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(screen.getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
  });

  it('when the server says the e-mail is taken, then the message shows beside the e-mail', async () => {
    server.use(
      http.post(apiUrl(apiPaths.signup), () => errorResponse(409, 'EMAIL_TAKEN', 'taken')),
    );
    renderApp('/signup');
    await fill(good);
    expect(
      await screen.findByText('An account with this email address already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('when the server returns field errors, then each is shown beside its field', async () => {
    server.use(
      http.post(apiUrl(apiPaths.signup), () =>
        errorResponse(400, 'VALIDATION_ERROR', 'invalid', {
          fields: [{ path: 'last_name', message: 'validation:nameLike' }],
        }),
      ),
    );
    renderApp('/signup');
    await fill(good);
    expect(await screen.findByText('Use letters, spaces and hyphens only.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('when sign-up succeeds, then the origin is the verify link and the page says to check the mail', async () => {
    let link = '';
    let body: SignupBody | null = null;
    server.use(
      http.post(apiUrl(apiPaths.signup), async ({ request }) => {
        link = new URL(request.url).searchParams.get('verify_page_link') ?? '';
        body = (await request.json()) as SignupBody;
        return HttpResponse.json({ message: 'created' }, { status: 201 });
      }),
    );
    renderApp('/signup');
    await fill(good);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your mail' }),
    ).toBeInTheDocument();
    expect(link).toBe(window.location.origin);
    expect(body).toEqual({
      username: 'ada_l',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      password: 'Analytical-1',
    });
  });
});
