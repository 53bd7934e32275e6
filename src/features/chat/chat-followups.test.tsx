import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatApiPaths, type FeedbackResponse, type VisualRoute } from '@contract/chat';
import { apiUrl } from '@/test/handlers';
import {
  ask,
  openChat,
  answerFixture,
  CHAT_ID,
  json,
  noChart,
  stubObjectUrls,
  stuffHandlers,
  type SeenChat,
} from './chat-test-kit';

const salesChart: VisualRoute = {
  wants_chart: true,
  table: { document_id: 12, document_name: 'sales.csv', sheet: 'csv' },
  columns: ['region', 'revenue'],
  chart_type: 'bar',
  reason: 'Revenue by region from sales.csv',
};

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';

function visualHandlers(route: VisualRoute, seen: unknown[] = []) {
  return [
    http.post(apiUrl(chatApiPaths.visualRouter), async ({ request }) => {
      seen.push(await request.json());
      return json(route);
    }),
    http.post(apiUrl(chatApiPaths.generateVisual), () =>
      HttpResponse.text(svg, { headers: { 'content-type': 'image/svg+xml' } }),
    ),
  ];
}

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});

describe('/chat, after an answer', { timeout: 30_000 }, () => {
  it('when recommendations are on, then follow-up questions are fetched for the chat and a chip sends its question', async () => {
    const recRequests: unknown[] = [];
    const seen: SeenChat[] = [];
    await openChat([
      ...stuffHandlers(() => json(answerFixture()), seen),
      http.post(apiUrl(chatApiPaths.recommendedQuestions), async ({ request }) => {
        recRequests.push(await request.json());
        return json({ questions: ['Is it open on Sundays?', 'Where is the office?'] });
      }),
    ]);
    const u = userEvent.setup();
    await u.click(screen.getByRole('checkbox', { name: 'Recommendations' }));
    await ask(u, 'When does it open?');
    const chips = await screen.findByRole('region', { name: 'Recommended questions' });
    expect(recRequests[0]).toEqual({ chat_id: CHAT_ID, model: 'gpt-4o' });
    await waitFor(() =>
      expect(within(chips).getByRole('button', { name: 'Is it open on Sundays?' })).toBeEnabled(),
    );
    await u.click(within(chips).getByRole('button', { name: 'Is it open on Sundays?' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1].body).toMatchObject({ query: 'Is it open on Sundays?', recommendations: true });
    expect(seen[1].body.chat_id).toBe(CHAT_ID);
    await waitFor(() => expect(recRequests).toHaveLength(2));
  });

  it('when feedback is given and then changed, then each is sent as form data and the current rating shows', async () => {
    const forms: Record<string, string>[] = [];
    await openChat([
      ...stuffHandlers(() => json(answerFixture())),
      http.post(apiUrl(chatApiPaths.feedback), async ({ request }) => {
        const form = await request.formData();
        const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
        forms.push(fields);
        return json<FeedbackResponse>({
          message_id: Number(fields.message_id),
          rating: fields.rating as 'up' | 'down',
          comment: fields.comment,
          updated_at: '2025-03-04T15:07:00Z',
        });
      }),
    ]);
    const u = userEvent.setup();
    await ask(u, 'When does it open?');
    await u.click(await screen.findByRole('button', { name: 'Helpful' }));
    await u.type(screen.getByLabelText('Comment (optional)'), 'Exactly right');
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText(/You rated this answer helpful\./)).toHaveTextContent(
      'Your comment: Exactly right',
    );
    expect(forms[0]).toEqual({ message_id: '501', rating: 'up', comment: 'Exactly right' });
    expect(screen.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');

    await u.click(screen.getByRole('button', { name: 'Not helpful' }));
    const comment = screen.getByLabelText('Comment (optional)');
    await u.clear(comment);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('You rated this answer not helpful.')).toBeInTheDocument();
    expect(forms[1]).toEqual({ message_id: '501', rating: 'down', comment: '' });
    expect(screen.getByRole('button', { name: 'Not helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('when the visual router wants a chart, then the image is shown from an object URL with a download link', async () => {
    const routed: unknown[] = [];
    await openChat([
      ...stuffHandlers(() => json(answerFixture({ answer: 'North leads with 420 [1].' }))),
      ...visualHandlers(salesChart, routed),
    ]);
    await ask(userEvent.setup(), 'Chart revenue by region');
    const chart = await screen.findByRole('img', {
      name: 'Chart of region, revenue from sales.csv (csv)',
    });
    expect(chart.getAttribute('src')).toMatch(/^blob:/);
    // The answer's id: the server keeps the chart with it for the reopened conversation.
    expect(routed[0]).toEqual({
      query: 'Chart revenue by region',
      text: 'North leads with 420 [1].',
      force: false,
      message_id: 501,
    });
    expect(urls.created.at(-1)?.type).toBe('image/svg+xml');
    const download = screen.getByRole('link', { name: 'Download chart' });
    expect(download).toHaveAttribute('href', chart.getAttribute('src'));
    expect(download).toHaveAttribute('download', 'chart-501.svg');
  });

  it('when Chart is asked for an answer without a table, then the router’s reason is shown', async () => {
    await openChat([...stuffHandlers(() => json(answerFixture()))]);
    const u = userEvent.setup();
    await ask(u, 'When does it open?');
    await u.click(await screen.findByRole('button', { name: 'Make a chart of this answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No chart for this answer: ${noChart.reason}`,
    );
  });

  it('when Chart is pressed, then the chart is forced and a missing table is said in the reader’s words', async () => {
    const forced: unknown[] = [];
    await openChat([
      ...stuffHandlers(() => json(answerFixture())),
      http.post(apiUrl(chatApiPaths.visualRouter), async ({ request }) => {
        const body = (await request.json()) as { force: boolean };
        if (body.force) forced.push(body);
        return json({ ...noChart, reason_code: body.force ? 'NO_MATCH' : 'NOT_ASKED' });
      }),
    ]);
    const u = userEvent.setup();
    await ask(u, 'When does it open?');
    await u.click(await screen.findByRole('button', { name: 'Make a chart of this answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No chart for this answer: no table in your departments holds what the question names',
    );
    expect(forced).toHaveLength(1);
  });

  it('when Stop is pressed while a chart is drawn, then the call is aborted and Message sending cancelled is shown', async () => {
    let aborted = false;
    await openChat([
      ...stuffHandlers(() => json(answerFixture())),
      http.post(
        apiUrl(chatApiPaths.visualRouter),
        ({ request }) =>
          new Promise<Response>((resolve) => {
            request.signal.addEventListener('abort', () => {
              aborted = true;
              resolve(json(noChart));
            });
          }),
      ),
    ]);
    const u = userEvent.setup();
    await ask(u, 'Chart it');
    await u.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Message sending cancelled')).toBeInTheDocument();
    await waitFor(() => expect(aborted).toBe(true));
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });
});
