import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { conversationTicketSchema, type Ticket } from '@contract/helpdesk-api';
import {
  answerFixture,
  ask,
  CHAT_ID,
  json,
  openChat,
  streamedAnswer,
  stubObjectUrls,
  stuffHandlers,
} from '@/features/chat/chat-test-kit';
import { contractHandler } from '@/test/contract-handler';

const waitingTicket: Ticket = {
  id: 7,
  conversation_id: CHAT_ID,
  channel: 'console',
  reason: 'asked_for_person',
  helpdesk_id: null,
  delivery: 'no_helpdesk',
  waiting: 'not_every_department',
  departments: [
    { id: 1, name: 'General' },
    { id: 2, name: 'Sales' },
  ],
  created_at: '2025-03-04T15:05:02Z',
  language: 'en',
  contact_email: 'ana@example.com',
  source: { widget: null, page_url: null, host: null },
  delivered_at: null,
  attempts: 0,
  last_attempt: null,
  next_attempt_at: null,
};

describe('/chat, a ticket for the helpdesk', { timeout: 30_000 }, () => {
  it('when the ticket waits because no helpdesk serves every department the conversation touched, then the chat says so, naming them', async () => {
    stubObjectUrls();
    await openChat([
      ...stuffHandlers(() => json(answerFixture())),
      contractHandler(
        'get',
        'helpdeskConversationTicket',
        { answer: conversationTicketSchema },
        () => ({ ticket: waitingTicket }),
      ),
    ]);
    await ask(userEvent.setup(), 'I want to talk to a human');
    const notice = await screen.findByTestId('conversation-ticket', {}, { timeout: 15_000 });
    expect(notice).toHaveTextContent('handed to the helpdesk as ticket #7');
    expect(screen.getByTestId('conversation-ticket-delivery')).toHaveTextContent(
      'It waits: this conversation touched General and Sales, and it goes only to a helpdesk serving all of them. None does yet.',
    );
  });

  it('when the helpdesk receives a queued ticket, then the notice stops saying it will receive it and says when it did', async () => {
    stubObjectUrls();
    let received = false;
    const queued: Ticket = {
      ...waitingTicket,
      helpdesk_id: 1,
      delivery: 'queued',
      waiting: null,
      departments: [{ id: 1, name: 'General' }],
    };
    const delivered: Ticket = {
      ...queued,
      delivery: 'delivered',
      delivered_at: '2025-03-04T15:05:09Z',
      last_attempt: { at: '2025-03-04T15:05:09Z', status: 200, reason: null },
    };
    await openChat([
      ...stuffHandlers(() => json(answerFixture())),
      contractHandler(
        'get',
        'helpdeskConversationTicket',
        { answer: conversationTicketSchema },
        () => ({ ticket: received ? delivered : queued }),
      ),
    ]);
    await ask(userEvent.setup(), 'I want to talk to a human');
    const delivery = await screen.findByTestId(
      'conversation-ticket-delivery',
      {},
      { timeout: 15_000 },
    );
    expect(delivery).toHaveTextContent('The helpdesk will receive it shortly.');
    // The helpdesk takes it now; nothing else happens in the chat.
    received = true;
    await waitFor(
      () => expect(delivery).toHaveTextContent(/^The helpdesk received it on 04\/03\/2025/),
      { timeout: 10_000 },
    );
  });

  it('when a new chat’s first answer is still coming, then its ticket is not asked for until the answer is complete', async () => {
    stubObjectUrls();
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const asked: string[] = [];
    await openChat([
      ...stuffHandlers(() => streamedAnswer(answerFixture(), ['The harbour ', 'office'], held)),
      contractHandler(
        'get',
        'helpdeskConversationTicket',
        { answer: conversationTicketSchema },
        ({ url }) => {
          asked.push(url.pathname);
          return { ticket: null };
        },
      ),
    ]);
    await ask(userEvent.setup(), 'When does the harbour office open?');
    // The conversation's id has come with the first words; the server has not stored it yet.
    // (All: while the answer's renderer loads, React may keep a hidden copy beside the fallback.)
    await screen.findAllByText(/The harbour/);
    expect(asked).toEqual([]);
    release();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked[0]).toContain(CHAT_ID);
  });
});
