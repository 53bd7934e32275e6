import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@contract/api-paths';
import { readSessionToken } from '@/lib/session/session-cookies';
import { apiUrl, errorResponse } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';
import { createVisitorFake, VISITOR_SESSION, WIDGET_KEY } from '@/test/visitor-fake';

const HOST = 'https://shop.example.com';
const query = `?key=${WIDGET_KEY}&host=${encodeURIComponent(HOST)}`;

describe('login by key', { timeout: 30_000 }, () => {
  it('when /login has a key, then POST /users/login carries API_KEY and the host, no body, and the visitor lands on /chat with the same query', async () => {
    const fake = createVisitorFake();
    server.use(...fake.handlers);
    const { router } = renderApp(`/login${query}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe(query);
    expect(fake.logins).toHaveLength(1);
    const [login] = fake.logins;
    expect(login.headers.get('api_key')).toBe(WIDGET_KEY);
    expect(login.headers.get('x-widget-host')).toBe(HOST);
    expect(login.headers.get('content-type')).toBeNull();
    expect(login.headers.get('authorization')).toBeNull();
    expect(login.body).toBe('');
    expect(readSessionToken('widget')).toBe('visitor-token');
    expect(Cookies.get('widgetToken')).toBeDefined();
    expect(Cookies.get('widgetTokenExpiry')).toBeDefined();
    expect(readSessionToken('user')).toBeNull();
    // The visitor chat opens with the widget's welcome; the session id is kept for a reload.
    expect(await screen.findByText('Ahoy! Ask me about the harbour.')).toBeInTheDocument();
    expect(sessionStorage.getItem(`atriumWidgetSession:${WIDGET_KEY}`)).toBe(VISITOR_SESSION);
  });

  it('when the widget is switched off, then the visitor reads why in the widget and may try again', async () => {
    const fake = createVisitorFake();
    let switchedOff = true;
    server.use(
      http.post(apiUrl(apiRoutes.login), () =>
        switchedOff
          ? errorResponse(403, 'WIDGET_DISABLED', 'This chat is switched off at the moment.')
          : undefined,
      ),
      ...fake.handlers,
    );
    const { router } = renderApp(`/login${query}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chat is switched off at the moment. Please try again later.',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(readSessionToken('widget')).toBeNull();
    switchedOff = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('when the key is unknown, then the widget says so in the visitor language', async () => {
    server.use(...createVisitorFake().handlers);
    renderApp(`/login?key=nope&host=${encodeURIComponent(HOST)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chat is not set up correctly. Please let the website owner know.',
    );
  });

  it('when /chat has a key but no widget session, then it goes to /login keeping key and host', async () => {
    const fake = createVisitorFake();
    server.use(...fake.handlers);
    const { router } = renderApp(`/chat${query}`);
    await waitFor(() => expect(fake.logins).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe(query);
  });
});
