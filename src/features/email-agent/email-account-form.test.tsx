import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  connectionTestInputSchema,
  connectionTestSchema,
  emailRoutes,
  type ConnectionTest,
} from '@contract/email-agents';
import { adminProfile } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createEmailFake } from './email-agent-test-kit';

const EDIT = '/integration/email-integration/update-email-agent/3';
const KEPT = 'A password is stored; leave empty to keep it.';
const AGAIN =
  'The server, port, security or user name changed: enter the password again. A stored password is only sent where it was entered for.';
const REQUIRED_AGAIN =
  'Enter the password again: the stored one is only sent to the server it was entered for.';

/** The account form against the fake API; Test connection answers `answer`. */
function start(answer: ConnectionTest) {
  const fake = createEmailFake();
  const tests: unknown[] = [];
  signInWithCookie();
  server.use(
    handlers.me(adminProfile),
    ...fake.handlers,
    http.post(apiUrl(emailRoutes.connectionTest), async ({ request }) => {
      tests.push(connectionTestInputSchema.parse(await request.json()));
      return HttpResponse.json(connectionTestSchema.parse(answer));
    }),
  );
  const app = renderApp(EDIT);
  return { fake, tests, app, user: userEvent.setup() };
}

const passed = { ok: true, code: null, error: null, signed_in: true, tls: true };

describe('e-mail account form', { timeout: 60_000 }, () => {
  it('when an edited account gets another IMAP server, then the password becomes required with a hint, and neither Save nor Test connection goes out until it is typed', async () => {
    const { fake, tests, app, user } = start({ imap: passed, smtp: passed });
    const host = await screen.findByLabelText(/^IMAP server/);
    const password = screen.getByLabelText(/^Password/);
    expect(screen.getByText(KEPT)).toBeInTheDocument();
    expect(password).not.toBeRequired();

    await user.clear(host);
    await user.type(host, 'imap.elsewhere.test');
    expect(await screen.findByText(AGAIN)).toBeInTheDocument();
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
    expect(password).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(REQUIRED_AGAIN)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(REQUIRED_AGAIN)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(tests).toEqual([]);
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    // Typed again, the test carries it (no stored account id) and so does the saved change.
    await user.type(password, 'typed-again');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('IMAP: connected over TLS and signed in.');
    expect(tests).toEqual([
      expect.objectContaining({ imap_host: 'imap.elsewhere.test', password: 'typed-again' }),
    ]);
    expect(tests[0]).not.toHaveProperty('account_id');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(
        '/integration/email-integration/view-email-agent/3',
      ),
    );
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      imap_host: 'imap.elsewhere.test',
      password: 'typed-again',
    });
  });

  it('when the SMTP server offers no login, then the test says the password was not checked and warns rather than reassures', async () => {
    const { user } = start({
      imap: passed,
      smtp: { ok: true, code: null, error: null, signed_in: false, tls: false },
    });
    await screen.findByLabelText(/^IMAP server/);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('IMAP: connected over TLS and signed in.');
    expect(status).toHaveTextContent(
      'SMTP: connected without encryption, but the server offers no login, so the password was not checked.',
    );
    expect(status).not.toHaveTextContent('SMTP: connected without encryption and signed in.');
    expect(status).toHaveClass('alert-warning');
  });

  it('when the stored servers are tested and fail, then the stored password is used and each side says why in the reader’s words', async () => {
    const { tests, user } = start({
      imap: { ok: false, code: 'unreachable', error: 'The connection failed.' },
      smtp: { ok: false, code: 'host_closed', error: 'Refused.' },
    });
    await screen.findByLabelText(/^IMAP server/);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'IMAP failed: The connection failed: no mail server answered there with this security setting.',
    );
    expect(status).toHaveTextContent(
      'SMTP failed: smtp.example.test is a private or local address, which mail accounts may reach only when the operator allows it (INTEGRATION_HOSTS_ALLOW).',
    );
    expect(tests).toEqual([expect.objectContaining({ account_id: 3 })]);
    expect(tests[0]).not.toHaveProperty('password');
  });
});
