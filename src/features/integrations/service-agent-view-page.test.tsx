import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createServiceAgentFake, serviceAgentFixture } from './service-agent-test-kit';

describe('chatbot view', { timeout: 60_000 }, () => {
  it('when a chatbot is opened, then its settings, snippet and visitor conversations show, visitor text as text', async () => {
    signInWithCookie();
    const widget = serviceAgentFixture(3, {
      client_name: 'Harbour help',
      allowed_hosts: ['a.test', 'b.test'],
    });
    const fake = createServiceAgentFake([widget]);
    fake.conversations[widget.client_id] = [
      {
        session_id: '6f1c2f7e-5a4b-4c3d-9e8f-0a1b2c3d4e5f',
        host: 'https://a.test',
        visitor_address: '203.0.113.9',
        started_at: '2025-05-06T09:00:00Z',
        last_active_at: '2025-05-06T09:01:00Z',
        turns: [
          {
            message_id: 41,
            question: '<img src=x onerror=alert(1)> When does the office open?',
            answer: 'It opens at 07:15 [1].',
            references: [
              {
                n: 1,
                document_id: 5,
                document_name: 'handbook.pdf',
                document_title: null,
                is_url: false,
                page: 2,
                sheet: null,
                row_start: null,
                row_end: null,
                heading: null,
                snippet: 'opens at 07:15',
                score: 1,
              },
            ],
            no_answer: false,
            engine: 'builtin',
            model: 'atrium-extractive',
            latency_ms: 12,
            rating: 'up',
            asked_at: '2025-05-06T09:00:30Z',
            answered_at: '2025-05-06T09:00:30Z',
          },
        ],
      },
    ];
    server.use(handlers.me(adminProfile), ...fake.handlers);
    renderApp(`/integration/chatbot/view-chatbot/${widget.client_id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chatbot Harbour help' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('embed-snippet')).toHaveTextContent(`data-key="${widget.client_id}"`);
    expect(screen.getByText(/only on pages of these hosts: a.test, b.test/)).toBeInTheDocument();
    const conversation = await screen.findByTestId('visitor-conversation');
    await userEvent
      .setup()
      .click(within(conversation).getByText(/https:\/\/a.test · questions: 1/));
    const turn = within(conversation).getByTestId('visitor-turn');
    expect(turn).toHaveTextContent('<img src=x onerror=alert(1)> When does the office open?');
    expect(turn.querySelector('img')).toBeNull();
    expect(turn).toHaveTextContent('References: [1] handbook.pdf');
    expect(within(turn).getByText('Helpful')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/integration/chatbot/edit-chatbot/${widget.client_id}`,
    );
  });
});
