import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  visitorContactSchema,
  visitorPageSchema,
  visitorTicketAnswerSchema,
  visitorTicketSchema,
  type VisitorPage,
  type VisitorTicket,
} from '@contract/helpdesk-api';
import { saveSessionToken } from '@/lib/session/session-cookies';
import { contractHandler } from '@/test/contract-handler';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';
import { createVisitorFake, WIDGET_KEY } from '@/test/visitor-fake';

const PAGE = 'https://shop.example/orders/status';

/** A visitor whose question hands the conversation over: the ticket exists once it is asked. */
function openHandedOver(delivered_at: string | null = null) {
  saveSessionToken('widget', 'visitor-token', new Date(Date.now() + 3600_000));
  const fake = createVisitorFake();
  const pages: VisitorPage[] = [];
  const contacts: string[] = [];
  let ticket: VisitorTicket | null = null;
  fake.answer = (question, messageId) => {
    ticket = {
      id: 41,
      reason: 'asked_for_person',
      delivery: delivered_at ? 'delivered' : 'queued',
      delivered_at,
      contact_email: null,
      created_at: '2025-05-06T09:00:00Z',
    };
    return {
      chat_id: 'visit',
      message_id: messageId,
      answer: `A person will follow up (${question}).`,
      engine: 'builtin',
      model: 'atrium-extractive',
      no_answer: false,
      references: [],
      images: [],
      eval: null,
      standalone_question: null,
      sub_questions: null,
      user_timestamp: '2025-05-06T09:00:00Z',
      ai_timestamp: '2025-05-06T09:00:01Z',
      provider_error: null,
    };
  };
  server.use(
    ...fake.handlers,
    contractHandler(
      'put',
      'helpdeskVisitorPage',
      { answer: visitorPageSchema, body: visitorPageSchema },
      ({ body }) => {
        pages.push(body);
        return body;
      },
    ),
    contractHandler('get', 'helpdeskVisitorTicket', { answer: visitorTicketAnswerSchema }, () => ({
      ticket,
    })),
    contractHandler(
      'put',
      'helpdeskVisitorContact',
      { answer: visitorTicketSchema, body: visitorContactSchema },
      ({ body }) => {
        contacts.push(body.email);
        ticket = { ...(ticket as VisitorTicket), contact_email: body.email };
        return ticket;
      },
    ),
  );
  renderApp(`/chat?key=${WIDGET_KEY}&page=${encodeURIComponent(PAGE)}`);
  return { pages, contacts };
}

async function ask(question: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Your question'), question);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return user;
}

describe('visitor hand-over', { timeout: 30_000 }, () => {
  it('when the widget opens, then it tells the page it is on and the language it speaks', async () => {
    const { pages } = openHandedOver();
    await waitFor(() => expect(pages).toEqual([{ page_url: PAGE, language: 'en' }]));
    expect(screen.queryByTestId('visitor-handover')).not.toBeInTheDocument();
  });

  it('when a visitor asks for a person, then they read that a person will follow up and leave an address; a wrong one is refused and not sent', async () => {
    const { contacts } = openHandedOver();
    const user = await ask('Can I talk to a human?');
    const notice = await screen.findByTestId('visitor-handover');
    expect(notice).toHaveTextContent('A person from our team will follow up on this conversation.');
    expect(notice).toHaveTextContent('Your request is on its way to the team.');
    const field = screen.getByLabelText('Your e-mail address');
    await user.type(field, 'ana at home');
    await user.click(screen.getByRole('button', { name: 'Send my address' }));
    expect(await screen.findByText('Enter a valid email address without spaces.')).toBeVisible();
    expect(contacts).toEqual([]);

    await user.clear(field);
    await user.type(field, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send my address' }));
    expect(
      await screen.findByText(/Thank you\. The team will reply to ana@example\.com\./),
    ).toBeVisible();
    expect(contacts).toEqual(['ana@example.com']);
    expect(screen.queryByLabelText('Your e-mail address')).not.toBeInTheDocument();
  });

  it('when the team has the request, then the visitor reads when it arrived', async () => {
    const arrived = new Date();
    arrived.setHours(14, 32, 0, 0);
    openHandedOver(arrived.toISOString());
    await ask('I need a real person');
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(
      arrived,
    );
    expect(await screen.findByTestId('visitor-handover-delivery')).toHaveTextContent(
      `The team received your request at ${time}.`,
    );
  });
});
