import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import { adminProfile, trialProfile } from '@/test/fixtures';
import { apiUrl, errorResponse, handlers } from '@/test/handlers';
import { createServiceAgentFake } from '@/features/integrations/service-agent-test-kit';
import { createIdentityFake } from '@/test/identity-fake';
import { server } from '@/test/msw-server';
import { createVisitorFake } from '@/test/visitor-fake';
import { renderApp, signInWithCookie } from '@/test/render-app';

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 3000 });

describe('route guards', () => {
  it('when nobody is signed in and a guarded route opens, then they go to /login keeping the key', async () => {
    server.use(...createVisitorFake().handlers);
    const { router } = renderApp('/users?key=abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('key')).toBe('abc123');
    // With a key, /login signs in by key; this key is unknown.
    expect(await heading()).toHaveTextContent('Chat');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chat is not set up correctly.',
    );
  });

  it('when nobody is signed in and a guarded route opens without a key, then they go to the sign-in form', async () => {
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await heading()).toHaveTextContent('Sign in');
  });

  it('when a Trial user opens /users, then they land on /forbidden', async () => {
    signInWithCookie();
    server.use(handlers.me(trialProfile));
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
    expect(await heading()).toHaveTextContent('Access denied');
  });

  it('when a Trial user opens the chatbot area, then their chatbot list opens', async () => {
    signInWithCookie();
    server.use(handlers.me(trialProfile), ...createServiceAgentFake().handlers);
    const { router } = renderApp('/integration/chatbot');
    expect(await heading()).toHaveTextContent('Chatbots');
    expect(router.state.location.pathname).toBe('/integration/chatbot');
    expect(await screen.findByText('No chatbots yet.')).toBeInTheDocument();
  });

  it('when the administrator opens a nested guarded route, then it opens', async () => {
    signInWithCookie();
    server.use(handlers.me(adminProfile), ...createIdentityFake().handlers);
    const { router } = renderApp('/users/edit-user/2');
    expect(await heading()).toHaveTextContent('Edit user');
    expect(router.state.location.pathname).toBe('/users/edit-user/2');
  });

  it('when an administrator loses rights on the server, then the next navigation applies it without signing in again', async () => {
    signInWithCookie();
    server.use(handlers.me(adminProfile), ...createIdentityFake().handlers);
    const { router } = renderApp('/dashboard');
    expect(await heading()).toHaveTextContent('Welcome');
    server.use(handlers.me(trialProfile));
    await router.navigate('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access denied' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('when a refreshed session check fails with a server error, then the known profile still decides', async () => {
    signInWithCookie();
    server.use(handlers.me(adminProfile), ...createIdentityFake().handlers);
    const { router } = renderApp('/dashboard');
    expect(await heading()).toHaveTextContent('Welcome');
    server.use(http.get(apiUrl(apiPaths.me), () => errorResponse(500, 'INTERNAL_ERROR', 'down')));
    await router.navigate('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('when the session check answers 401, then the cookie is dropped and /login shows', async () => {
    signInWithCookie();
    server.use(handlers.meStatus(401, 'SESSION_EXPIRED'));
    const { router, store } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.profile).toBeNull();
    expect(document.cookie).not.toMatch(/(^|; )token=/);
  });

  it('when the session check fails with a server error, then the 500 page shows', async () => {
    signInWithCookie();
    server.use(handlers.meStatus(500, 'INTERNAL_ERROR'));
    renderApp('/dashboard');
    expect(await heading()).toHaveTextContent('Something went wrong');
  });

  it('when /login opens without a session, then it renders without loading the store', async () => {
    const { stores } = renderApp('/login');
    expect(await heading()).toHaveTextContent('Sign in');
    expect(stores.peek()).toBeNull();
  });

  it('when an unknown path opens, then it redirects to /404', async () => {
    const { router } = renderApp('/no/such/screen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await heading()).toHaveTextContent('Page not found');
  });

  it('when a signed-in user opens /login, then they go to the dashboard', async () => {
    signInWithCookie();
    server.use(handlers.me(adminProfile));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await heading()).toHaveTextContent('Welcome, Grace');
  });

  it('when a signed-in user opens /reset-password, then they are sent on via /login', async () => {
    signInWithCookie();
    server.use(handlers.me(adminProfile));
    const { router } = renderApp('/reset-password?token=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('when / opens, then it redirects to the dashboard', async () => {
    signInWithCookie();
    server.use(handlers.me(trialProfile));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await heading()).toHaveTextContent('Welcome, Tria');
  });
});
