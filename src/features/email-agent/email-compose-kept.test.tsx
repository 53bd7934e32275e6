import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createEmailFake } from './email-agent-test-kit';

const BASE = '/integration/email-integration';
const COMPOSE = `${BASE}/open-email-compose?account=3`;

function start(path: string, fake = createEmailFake()) {
  signInWithCookie();
  server.use(handlers.me(adminProfile), ...fake.handlers);
  const app = renderApp(path);
  return { fake, app, user: userEvent.setup() };
}

const saves = (fake: ReturnType<typeof createEmailFake>) =>
  fake.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/compose/draft'));

describe('a compose that keeps itself', { timeout: 60_000 }, () => {
  it('when compose is closed half-written and opened again, then the text is back, and sending it drops the draft', async () => {
    const { fake, app, user } = start(COMPOSE);
    await screen.findByRole('heading', { name: 'New message from desk@example.test' });
    await user.type(screen.getByLabelText(/^To/), 'skipper@example.test, capt');
    await user.type(screen.getByLabelText(/^Subject/), 'Berth');
    await user.type(screen.getByLabelText(/^Message/), 'Berth 7 is');
    // Left at once, before the pause that saves: leaving saves it.
    await user.click(screen.getByRole('link', { name: 'Close' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`${BASE}/view-email-inbox/3`),
    );
    await screen.findByText('No messages here yet.');
    await waitFor(() => expect(fake.kept).toMatchObject({ subject: 'Berth', body: 'Berth 7 is' }));
    expect(saves(fake).at(-1)?.body).toEqual({
      to: 'skipper@example.test, capt',
      cc: '',
      subject: 'Berth',
      body: 'Berth 7 is',
    });

    await app.router.navigate(COMPOSE);
    expect(await screen.findByLabelText(/^Message/)).toHaveValue('Berth 7 is');
    expect(screen.getByLabelText(/^To/)).toHaveValue('skipper@example.test, capt');
    expect(screen.getByTestId('kept-draft-status')).toHaveTextContent(
      /Your unsent draft from .* is back\./,
    );
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, 'skipper@example.test');
    await user.type(screen.getByLabelText(/^Message/), ' yours.');
    await screen.findByText(/^Draft saved at /);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`${BASE}/view-email-sent/3`),
    );
    expect(fake.kept).toBeNull();
    const before = saves(fake).length;
    await new Promise((r) => setTimeout(r, 1000));
    // Nothing was saved after the send.
    expect(saves(fake)).toHaveLength(before);
  });

  it('when Discard draft is pressed, then the kept draft is gone and the inbox opens', async () => {
    const fake = createEmailFake();
    fake.kept = {
      to: '',
      cc: '',
      subject: 'Idea',
      body: 'Maybe',
      updated_at: '2026-03-04T15:30:00Z',
    };
    const { app, user } = start(COMPOSE, fake);
    expect(await screen.findByLabelText(/^Subject/)).toHaveValue('Idea');
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await screen.findByText('The draft was discarded.');
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`${BASE}/view-email-inbox/3`),
    );
    expect(fake.kept).toBeNull();
  });

  it('when the account has a signature, then compose shows it will go under the text', async () => {
    const fake = createEmailFake();
    fake.account = { ...fake.account, signature: 'Marina Keller\nHarbour desk' };
    start(COMPOSE, fake);
    const note = await screen.findByTestId('signature-note');
    expect(note).toHaveTextContent('Added under your text when sent:');
    expect(note.querySelector('pre')?.textContent).toBe('-- \nMarina Keller\nHarbour desk');
  });

  it('when the history names fields, then they read in words, and one without words is humanised', async () => {
    const fake = createEmailFake();
    fake.history = [
      {
        id: 2,
        action: 'sent',
        actor: { id: 1, name: 'Default Administrator' },
        changes: {
          to: [null, ['a@example.test']],
          body_sha256: [null, 'ab'],
          message_id: [null, '<x>'],
        },
        draft_id: null,
        created_at: '2026-03-04T15:30:00Z',
      },
      {
        id: 1,
        action: 'updated',
        actor: { id: 1, name: 'Default Administrator' },
        changes: { department_id: [1, 2], imap_host: ['a', 'b'], reply_window: [1, 2] },
        draft_id: null,
        created_at: '2026-03-04T15:00:00Z',
      },
    ];
    start(`${BASE}/view-email-agent/3`, fake);
    const history = await screen.findByTestId('email-history');
    await waitFor(() =>
      expect(history).toHaveTextContent('recipients, text fingerprint (SHA-256), message ID'),
    );
    expect(history).toHaveTextContent('department, IMAP server, reply window');
    expect(history.textContent).not.toMatch(/\w_\w/);
  });
});
