import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import type { LoginBody } from '@contract/auth';
import { helpdeskApiPaths } from '@contract/helpdesk-api';
import { externalNavigation } from '@/lib/helpdesk';
import { readSessionToken } from '@/lib/session/session-cookies';
import { adminProfile, helpdeskProfile } from '@/test/fixtures';
import { apiUrl, errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';

const answer = {
  access_token: 'fresh-token',
  token_type: 'bearer' as const,
  expires_at: new Date(Date.now() + 3600_000).toISOString(),
};

async function signIn(email = 'ada@example.test', password = 'Secret-123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email', {}, { timeout: 3000 }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

afterEach(() => vi.restoreAllMocks());

describe('login page', () => {
  it('when the credentials are wrong, then the translated server error is shown', async () => {
    server.use(
      http.post(apiUrl(apiPaths.login), () =>
        errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
      ),
    );
    const { router } = renderApp('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect email or password error. Please verify.',
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('when the account is locked, then the wait time is part of the message', async () => {
    server.use(
      http.post(apiUrl(apiPaths.login), () =>
        errorResponse(429, 'ACCOUNT_LOCKED', 'Locked', { retry_after: 840 }),
      ),
    );
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. The account is locked for a while error. Please verify. Please wait 14 min and try again.',
    );
  });

  it('when wrong passwords are being slowed down, then a short wait is said in seconds', async () => {
    server.use(
      http.post(apiUrl(apiPaths.login), () =>
        errorResponse(429, 'RATE_LIMITED', 'Too many wrong passwords', { retry_after: 4 }),
      ),
    );
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 4 s and try again.');
  });

  it('when the e-mail is not verified, then resending the verification mail is offered', async () => {
    let resentTo = '';
    server.use(
      http.post(apiUrl(apiPaths.login), () =>
        errorResponse(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'),
      ),
      http.post(apiUrl(apiPaths.resendVerification), ({ request }) => {
        resentTo = new URL(request.url).searchParams.get('email') ?? '';
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/login');
    const user = await signIn('new@example.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(/not verified/);
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/new verification email/);
    expect(resentTo).toBe('new@example.test');
  });

  it('when the fields are empty, then the contract messages are shown beside them', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 3000 }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This field is required.',
    );
  });

  it('when sign-in succeeds, then the token is kept in the cookie and the dashboard opens', async () => {
    let sent: LoginBody | null = null;
    server.use(
      http.post(apiUrl(apiPaths.login), async ({ request }) => {
        sent = (await request.json()) as LoginBody;
        return HttpResponse.json(answer);
      }),
      handlers.me(adminProfile),
    );
    const { router } = renderApp('/login');
    await signIn('grace@example.test', 'Secret-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent).toEqual({ email: 'grace@example.test', password: 'Secret-123' });
    expect(readSessionToken('user')).toBe('fresh-token');
  });

  it('when a helpdesk user (role_id 3) signs in, then /helpdesk hands them over with a single-use token, not the session', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    let minted = 0;
    server.use(
      handlers.login(answer),
      handlers.me(helpdeskProfile),
      http.post(apiUrl(helpdeskApiPaths.handoff), () => {
        minted += 1;
        return HttpResponse.json({
          helpdesk_id: 1,
          url: 'https://helpdesk.example.test/auth/callback?token=one-time',
          expires_at: new Date(Date.now() + 60_000).toISOString(),
        });
      }),
    );
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://helpdesk.example.test/auth/callback?token=one-time',
      ),
    );
    expect(router.state.location.pathname).toBe('/helpdesk');
    expect(minted).toBe(1);
    expect(JSON.stringify(assign.mock.calls)).not.toContain('fresh-token');
  });

  it('when a helpdesk user signs in and no helpdesk is set up, then a page says so', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    server.use(
      handlers.login(answer),
      handlers.me(helpdeskProfile),
      http.post(apiUrl(helpdeskApiPaths.handoff), () =>
        errorResponse(404, 'HELPDESK_NOT_CONFIGURED', 'No helpdesk'),
      ),
    );
    renderApp('/login');
    await signIn();
    expect(
      await screen.findByTestId('helpdesk-unavailable', {}, { timeout: 3000 }),
    ).toHaveTextContent('No helpdesk serves your departments yet.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('when the page shows, then it links to sign-up and to the forgotten-password form', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign up' }, { timeout: 3000 })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
