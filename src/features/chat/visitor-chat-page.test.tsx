import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatAnswer } from '@contract/chat';
import { saveSessionToken } from '@/lib/session/session-cookies';
import { errorResponse } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';
import {
  createVisitorFake,
  reference,
  VISITOR_SESSION,
  WIDGET_KEY,
  type VisitorFake,
} from '@/test/visitor-fake';

function openAsVisitor(prepare?: (fake: VisitorFake) => void) {
  saveSessionToken('widget', 'visitor-token', new Date(Date.now() + 3600_000));
  const fake = createVisitorFake();
  prepare?.(fake);
  server.use(...fake.handlers);
  return { fake, ...renderApp(`/chat?key=${WIDGET_KEY}`) };
}

const answers = () =>
  screen.getAllByTestId('chat-message').filter((m) => m.dataset.sender === 'server');

async function ask(question: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Your question'), question);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return user;
}

describe('visitor chat', { timeout: 30_000 }, () => {
  it('when a visitor opens /chat, then only the chat shows: the widget name in its colours and the welcome first', async () => {
    openAsVisitor();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pier desk' });
    expect(heading.closest('.visitor-chat')).toHaveStyle({
      '--widget-bg': '#0a5c36',
      '--widget-fg': '#ffffff',
    });
    expect(await screen.findByTestId('visitor-welcome')).toHaveTextContent(
      'Ahoy! Ask me about the harbour.',
    );
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
  });

  it('when the page is reloaded, then the conversation of the kept session comes back after the welcome', async () => {
    sessionStorage.setItem(`atriumWidgetSession:${WIDGET_KEY}`, VISITOR_SESSION);
    const { fake } = openAsVisitor((f) => {
      f.history = [
        {
          message_id: 77,
          user: 'Where do I pay the mooring fee?',
          ai: 'Mooring fees are paid at the kiosk [1].',
          user_timestamp: '2025-05-06T09:00:00Z',
          ai_timestamp: '2025-05-06T09:00:01Z',
          engine: 'builtin',
          model: 'atrium-extractive',
          references: [reference(1, 'harbour-handbook.pdf', 'paid at the kiosk')],
          feedback: { rating: 'up', comment: '' },
        },
      ];
    });
    expect(await screen.findByText('Where do I pay the mooring fee?')).toBeInTheDocument();
    expect(await screen.findByText(/Mooring fees are paid at the kiosk/)).toBeInTheDocument();
    expect(fake.meQueries[0].get('history')).toBe('true');
    expect(fake.meQueries[0].get('session_id')).toBe(VISITOR_SESSION);
    const log = screen.getByRole('log');
    expect(log.querySelector('li')).toHaveAttribute('data-testid', 'visitor-welcome');
    expect(within(answers()[0]).getByRole('button', { name: 'Helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('when a question is asked, then the answer shows with its reference (no way to download it) and can be rated', async () => {
    const { fake } = openAsVisitor();
    const user = await ask('<b>When</b> does the office open?');
    const answer = await waitFor(() => {
      const [first] = answers();
      expect(first).toHaveTextContent('opens at 07:15');
      return first;
    });
    // The visitor's words are text, never HTML.
    expect(screen.getByText('<b>When</b> does the office open?')).toBeInTheDocument();
    expect(document.querySelector('.chat-message-user b')).toBeNull();
    const ref = within(answer).getByTestId('chat-reference');
    expect(ref).toHaveTextContent('harbour-handbook.pdf');
    expect(ref).toHaveTextContent('page 2');
    expect(within(ref).queryByRole('button')).not.toBeInTheDocument();
    expect(fake.questions).toEqual(['<b>When</b> does the office open?']);

    await user.click(within(answer).getByRole('button', { name: 'Not helpful' }));
    expect(await within(answer).findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(fake.ratings).toEqual([{ message_id: 501, rating: 'down' }]);
  });

  it('when an answer quotes text in angle brackets, then the visitor reads it as written and no element is made of it', async () => {
    openAsVisitor((f) => {
      const base = f.answer;
      f.answer = (question, messageId) => ({
        ...(base(question, messageId) as ChatAnswer),
        answer:
          'Packages sit in three <MIME>/packages/ directories; <script>alert(1)</script> [1].',
      });
    });
    await ask('Where do packages sit?');
    const answer = await waitFor(() => {
      const [first] = answers();
      // The Markdown renderer, not the plain text shown while it loads.
      expect(first.querySelector('.chat-markdown')).not.toBeNull();
      expect(first).toHaveTextContent('three <MIME>/packages/ directories');
      return first;
    });
    expect(answer).toHaveTextContent('<script>alert(1)</script>');
    expect(answer.querySelector('mime, script')).toBeNull();
  });

  it('when a visitor opens the chat, then the question box invites a question in visitor words', async () => {
    openAsVisitor();
    expect(await screen.findByLabelText('Your question')).toHaveAttribute(
      'placeholder',
      'Ask a question',
    );
  });

  it('when the daily quota is reached, then the visitor reads it in the chat', async () => {
    openAsVisitor((f) => {
      f.answer = () =>
        errorResponse(429, 'QUOTA_EXCEEDED', 'quota', { retry_after: 36000 }) as Response;
    });
    await ask('Is the kiosk open?');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chat has answered all the questions it may answer today. Please come back tomorrow.',
    );
    expect(screen.getByLabelText('Your question')).toBeEnabled();
  });

  it('when a visitor opens another screen, then they are sent to the chat', async () => {
    const { router } = openAsVisitor();
    await screen.findByRole('heading', { level: 1, name: 'Pier desk' });
    await router.navigate('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });
});
