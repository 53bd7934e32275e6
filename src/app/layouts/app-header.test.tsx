import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import { adminProfile } from '@/test/fixtures';
import { apiUrl, errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { createIdentityFake } from '@/test/identity-fake';
import { renderApp, signInWithCookie } from '@/test/render-app';

async function openAsAdmin(path = '/dashboard') {
  signInWithCookie();
  server.use(handlers.me(adminProfile));
  const app = renderApp(path);
  await screen.findByRole('button', { name: 'User menu' }, { timeout: 3000 });
  return app;
}

describe('header', () => {
  it('when the user logs out, then the session, cookies and stored keys are cleared and /login opens', async () => {
    server.use(handlers.message('post', apiPaths.logout));
    const { router, store } = await openAsAdmin();
    for (const k of ['agent', 'access_token', 'refresh_token', 'theme', 'isLoggedIn'])
      localStorage.setItem(k, 'x');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('tokenExpiry')).toBeUndefined();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(localStorage.getItem('theme')).toBeNull();
    expect(store.getState().session.profile).toBeNull();
  });

  it('when the user logs out from a page showing server data, then the page does not keep refetching without a token', async () => {
    server.use(handlers.message('post', apiPaths.logout), ...createIdentityFake().handlers);
    const { router, store } = await openAsAdmin('/users');
    await screen.findByRole('table', {}, { timeout: 3000 });
    let changes = 0;
    store.subscribe(() => (changes += 1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const settled = changes;
    await new Promise((r) => setTimeout(r, 300));
    // A refetch loop (reset cache -> refetch -> no token -> session ended -> reset cache …)
    // changes the store hundreds of times; once on /login it must be quiet.
    expect(changes - settled).toBeLessThan(5);
    expect(changes).toBeLessThan(60);
  });

  it('when the logout call fails, then the user goes back one page and stays signed in', async () => {
    server.use(
      http.post(apiUrl(apiPaths.logout), () => errorResponse(500, 'INTERNAL_ERROR', 'down')),
    );
    const { router, store } = await openAsAdmin();
    await router.navigate('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(store.getState().session.profile).not.toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server ran into a problem. Please try again later error. Please verify.',
    );
  });

  it('when the theme switch is pressed, then the page turns dark and the choice is stored', async () => {
    await openAsAdmin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Switch theme' }));
    await waitFor(() => expect(document.body).toHaveClass('dark'));
    expect(document.documentElement.getAttribute('data-coreui-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('when any call answers 401 on a page, then everything logout clears is cleared and /login opens without a reload', async () => {
    server.use(
      http.put(apiUrl(apiPaths.me), () => errorResponse(401, 'SESSION_EXPIRED', 'expired')),
    );
    const { router, store } = await openAsAdmin('/profile');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Switch theme' }));
    await waitFor(() => expect(document.body).toHaveClass('dark'));
    for (const key of ['agent', 'access_token', 'refresh_token', 'isLoggedIn'])
      localStorage.setItem(key, 'x');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.profile).toBeNull();
    for (const key of ['agent', 'access_token', 'refresh_token', 'theme', 'isLoggedIn'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(document.cookie).not.toMatch(/(^|; )token=/);
    await waitFor(() => expect(document.body).not.toHaveClass('dark'));
  });

  it('when the profile is saved, then the new names are shown and a toast confirms it', async () => {
    server.use(
      http.put(apiUrl(apiPaths.me), async ({ request }) => {
        const body = (await request.json()) as { first_name: string };
        return HttpResponse.json({ ...adminProfile, ...body, updated_at: '2025-02-01T00:00:00Z' });
      }),
    );
    const { store } = await openAsAdmin('/profile');
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Ada');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(store.getState().session.profile?.first_name).toBe('Ada');
  });
});
