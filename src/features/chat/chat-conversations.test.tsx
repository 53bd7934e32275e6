import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import { chatApiPaths, type Conversation, type ConversationPage } from '@contract/chat';
import { apiUrl } from '@/test/handlers';
import { selectChat } from './chat-state';
import {
  openChat,
  answerFixture,
  CHAT_ID,
  conversationDetailFixture,
  conversationFixture,
  json,
  stubObjectUrls,
  stuffHandlers,
  type SeenChat,
} from './chat-test-kit';

const OTHER_ID = '6a1c3e44-2b7d-4f0e-8a3c-5d9e7f1b2c33';

const ONE = apiUrl(`${chatApiPaths.conversations}/:id`);

/** A conversation list the handlers below change as the server would. */
function conversationStore() {
  let list: Conversation[] = [
    conversationFixture(),
    conversationFixture({ chat_id: OTHER_ID, title: 'Parking rules', message_count: 4 }),
  ];
  const calls: { method: string; id: string; body?: unknown }[] = [];
  const handlersOf = [
    http.get(apiUrl(chatApiPaths.conversations), () =>
      json<ConversationPage>({ items: list, total: list.length, page: 1, size: 100 }),
    ),
    http.get(ONE, ({ params }) => {
      calls.push({ method: 'GET', id: String(params.id) });
      return json(conversationDetailFixture({ chat_id: String(params.id) }));
    }),
    http.put(ONE, async ({ params, request }) => {
      const body = (await request.json()) as { title: string };
      calls.push({ method: 'PUT', id: String(params.id), body });
      list = list.map((c) => (c.chat_id === params.id ? { ...c, title: body.title } : c));
      return json(list.find((c) => c.chat_id === params.id)!);
    }),
    http.delete(ONE, ({ params }) => {
      calls.push({ method: 'DELETE', id: String(params.id) });
      list = list.filter((c) => c.chat_id !== params.id);
      return json({ message: 'Deleted' });
    }),
  ];
  return { handlers: handlersOf, calls };
}

const conversations = () => screen.getByRole('navigation', { name: 'Conversations' });

beforeEach(() => {
  stubObjectUrls();
});

describe('/chat, conversations', { timeout: 30_000 }, () => {
  it('when a past conversation is opened, then each history entry shows as a question and an answer with its feedback, and a new question continues it', async () => {
    const store = conversationStore();
    const seen: SeenChat[] = [];
    await openChat([...store.handlers, ...stuffHandlers(() => json(answerFixture()), seen)]);
    const u = userEvent.setup();
    await u.click(
      await within(conversations()).findByRole('button', {
        name: 'Open conversation Harbour opening hours',
      }),
    );
    const messages = await screen.findAllByTestId('chat-message');
    expect(messages.map((m) => m.dataset.sender)).toEqual(['user', 'server']);
    expect(messages[0]).toHaveTextContent('When does the harbour office open?');
    expect(messages[0]).toHaveTextContent(/04\/03\/2025, \d{2}:05 (AM|PM)/);
    expect(messages[1]).toHaveTextContent('It opens at 07:15');
    expect(within(messages[1]).getByText('harbour-handbook.pdf')).toBeInTheDocument();
    expect(within(messages[1]).getByRole('button', { name: 'Helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(messages[1]).getByText(/Your comment: Spot on/)).toBeInTheDocument();
    expect(store.calls).toContainEqual({ method: 'GET', id: CHAT_ID });

    await u.type(screen.getByLabelText('Your question'), 'And on Sundays?');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].body.chat_id).toBe(CHAT_ID);
  });

  it('when a conversation is renamed, then the new title is sent with PUT and listed', async () => {
    const store = conversationStore();
    await openChat(store.handlers);
    const u = userEvent.setup();
    await u.click(
      await within(conversations()).findByRole('button', {
        name: 'Rename conversation Parking rules',
      }),
    );
    const title = within(conversations()).getByLabelText('Title');
    await u.clear(title);
    await u.type(title, 'Visitor parking');
    await u.click(within(conversations()).getByRole('button', { name: 'Save' }));
    expect(
      await within(conversations()).findByRole('button', {
        name: 'Open conversation Visitor parking',
      }),
    ).toBeInTheDocument();
    expect(store.calls).toContainEqual({
      method: 'PUT',
      id: OTHER_ID,
      body: { title: 'Visitor parking' },
    });
  });

  it('when the open conversation is deleted after confirming, then it leaves the list and a new chat starts', async () => {
    const store = conversationStore();
    const { store: redux } = await openChat(store.handlers);
    const u = userEvent.setup();
    await u.click(
      await within(conversations()).findByRole('button', {
        name: 'Open conversation Harbour opening hours',
      }),
    );
    await screen.findAllByTestId('chat-message');
    await u.click(
      within(conversations()).getByRole('button', {
        name: 'Delete conversation Harbour opening hours',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete "Harbour opening hours" and all its messages?');
    expect(store.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        within(conversations()).queryByRole('button', {
          name: 'Open conversation Harbour opening hours',
        }),
      ).not.toBeInTheDocument(),
    );
    expect(store.calls).toContainEqual({ method: 'DELETE', id: CHAT_ID });
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0);
    expect(selectChat(redux.getState()).uuid).toBeNull();
  });

  it('when the user logs out, then the chat state is cleared', async () => {
    const store = conversationStore();
    const { store: redux, router } = await openChat([
      ...store.handlers,
      ...stuffHandlers(() => json(answerFixture())),
      http.post(apiUrl(apiPaths.logout), () => HttpResponse.json({ message: 'ok' })),
    ]);
    const u = userEvent.setup();
    await u.click(screen.getByRole('checkbox', { name: 'Eval matrix' }));
    await u.type(screen.getByLabelText('Your question'), 'When does it open?');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('07:15', { selector: 'strong' }, { timeout: 15_000 });
    expect(selectChat(redux.getState()).messages).toHaveLength(2);

    await u.click(screen.getByRole('button', { name: 'User menu' }));
    await u.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const chat = selectChat(redux.getState());
    expect(chat.messages).toEqual([]);
    expect(chat.uuid).toBeNull();
    expect(chat.questions).toEqual([]);
    expect(chat.references).toEqual([]);
    expect(chat.toggles.evalMatrix).toBe(false);
  });
});
