import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configure } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  agentPageSchema,
  helpdeskSchema,
  ticketPageSchema,
  ticketSchema,
  type Helpdesk,
  type Ticket,
} from '@contract/helpdesk-api';
import { formatDateTime } from '@/lib/dates';
import { contractHandler } from '@/test/contract-handler';
import { adminProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createServiceAgentFake } from './service-agent-test-kit';

configure({ asyncUtilTimeout: 15_000 });
const STAMP = '2025-05-06T08:00:00Z';
const FAILED_AT = '2025-05-06T09:14:00Z';

const helpdesk: Helpdesk = {
  id: 1,
  name: 'Service desk',
  site_url: 'https://desk.example.com',
  callback_path: '/auth/callback',
  webhook_path: '/webhooks/atrium',
  status: true,
  departments: [1],
  department_names: ['General'],
  pending_deliveries: 1,
  created_by: null,
  updated_by: null,
  created_at: STAMP,
  updated_at: STAMP,
};

const failing: Ticket = {
  id: 12,
  conversation_id: 'visit-1',
  channel: 'widget',
  reason: 'asked_for_person',
  helpdesk_id: 1,
  delivery: 'queued',
  waiting: null,
  departments: [{ id: 1, name: 'General' }],
  created_at: STAMP,
  language: 'es',
  contact_email: 'ana@example.es',
  source: {
    widget: { id: 3, client_id: 'k'.repeat(32), name: 'Pier desk' },
    page_url: 'https://shop.example/orders',
    host: 'https://shop.example',
  },
  delivered_at: null,
  attempts: 3,
  last_attempt: { at: FAILED_AT, status: 503, reason: 'http_status' },
  next_attempt_at: '2025-05-06T09:30:00Z',
};

function ticketsFake() {
  let ticket = failing;
  const retried: string[] = [];
  server.use(
    handlers.me(adminProfile),
    createServiceAgentFake().departments,
    contractHandler('get', 'helpdesk', { answer: helpdeskSchema }, () => helpdesk),
    contractHandler('get', 'helpdeskTickets', { answer: ticketPageSchema }, () => ({
      items: [ticket],
      total: 1,
      page: 1,
      size: 10,
    })),
    contractHandler('post', 'helpdeskTicketRetry', { answer: ticketSchema }, ({ params }) => {
      retried.push(params.id);
      ticket = {
        ...ticket,
        delivery: 'delivered',
        delivered_at: '2025-05-06T09:20:00Z',
        attempts: 0,
        last_attempt: { at: '2025-05-06T09:20:00Z', status: 200, reason: null },
        next_attempt_at: null,
      };
      return ticket;
    }),
    contractHandler('get', 'helpdeskAgents', { answer: agentPageSchema }, () => ({
      items: [],
      total: 0,
      page: 1,
      size: 10,
    })),
  );
  return { retried };
}

describe('helpdesk tickets', { timeout: 60_000 }, () => {
  it('when a ticket failed to reach the helpdesk, then its page says from where, whom to reach, when and why, and Retry sends it', async () => {
    signInWithCookie();
    const fake = ticketsFake();
    renderApp('/integration/helpdesk/update-helpdesk/1');
    const item = await screen.findByTestId('helpdesk-ticket');
    expect(item).toHaveTextContent('#12');
    expect(item).toHaveTextContent('Chatbot Pier desk · https://shop.example/orders');
    expect(item).toHaveTextContent('Language: Spanish');
    expect(item).toHaveTextContent('ana@example.es');
    const delivery = within(item).getByTestId('helpdesk-ticket-delivery');
    expect(delivery).toHaveTextContent(
      `The last attempt, on ${formatDateTime(FAILED_AT, { locale: 'en' })}, failed: the helpdesk answered 503.`,
    );
    await userEvent.setup().click(
      within(item).getByRole('button', {
        name: 'Retry now: send ticket #12 to the helpdesk again',
      }),
    );
    await waitFor(() => expect(fake.retried).toEqual(['12']));
    expect(await screen.findByText('Ticket #12 is being sent again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByTestId('helpdesk-ticket')).getByTestId('helpdesk-ticket-delivery'),
      ).toHaveTextContent(/^The helpdesk received it on /),
    );
  });

  it('when the agents page opens, then its search box says it searches agents', async () => {
    signInWithCookie();
    ticketsFake();
    renderApp('/integration/helpdesk/edit-helpdesk');
    expect(
      await screen.findByRole('searchbox', { name: 'Search agents by name or e-mail' }),
    ).toHaveAttribute('placeholder', 'Search agents by name or e-mail');
  });
});
