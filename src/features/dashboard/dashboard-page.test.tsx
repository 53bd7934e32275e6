import { configure, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@contract/api-paths';
import { adminProfile, profileWith } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

// The first dashboard of the file also loads the store and the layout: slow on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });

function openDashboardAs(profile: Parameters<typeof handlers.me>[0]) {
  signInWithCookie();
  server.use(handlers.me(profile));
  return renderApp('/dashboard');
}

const areas = async () => screen.findByRole('heading', { level: 2, name: 'Your areas' });

describe('dashboard', { timeout: 60_000 }, () => {
  it('when a person may only query documents, then the dashboard offers the knowledge assistant', async () => {
    openDashboardAs(profileWith(['Query.QUERY_DOCUMENT']));
    await areas();
    const card = within(screen.getByRole('main')).getByRole('link', {
      name: 'Knowledge assistant',
    });
    expect(card).toHaveAttribute('href', '/chat');
    expect(
      within(card.closest('li') as HTMLElement).getByText(/Ask questions about your documents/),
    ).toBeInTheDocument();
    // Their rights open no live figure: no room is kept for any.
    expect(screen.queryByTestId('live-figures')).not.toBeInTheDocument();
  });

  it('when a person may not query documents, then no card leads to the assistant', async () => {
    openDashboardAs(profileWith(['Reports.VIEW']));
    await areas();
    expect(screen.queryAllByRole('link', { name: 'Knowledge assistant' })).toEqual([]);
  });

  it('when the administrator’s live figures are on their way, then every tile and list already stands in its place', async () => {
    server.use(http.get(apiUrl(apiRoutes.liveDashboard), () => delay('infinite')));
    openDashboardAs(adminProfile);
    const section = await screen.findByTestId('live-figures');
    expect(section).toHaveAttribute('aria-busy', 'true');
    for (const label of [
      'Conversations today',
      'Conversations, last 7 days',
      'Answer time (95th percentile)',
      'Satisfaction, last 7 days',
      'Documents',
      'Most visited chat widgets, last 7 days',
    ])
      expect(within(section).getByText(label)).toBeInTheDocument();
    expect(within(section).queryByText(/ready/)).not.toBeInTheDocument();
  });

  it('when the live figures arrive, then they fill the places that waited for them', async () => {
    server.use(
      http.get(apiUrl(apiRoutes.liveDashboard), () =>
        HttpResponse.json({
          conversations: {
            today: 4,
            week: 21,
            daily: [1, 2, 3, 4, 5, 2, 4].map((count, i) => ({ date: `2025-03-0${i + 1}`, count })),
            answer_p95_ms: 840,
            satisfaction_score: 75,
            ratings: 8,
          },
          documents: { ready: 12, processing: 1, failed: 0, latest_failures: [] },
          widgets: [],
        }),
      ),
    );
    openDashboardAs(adminProfile);
    const section = await screen.findByTestId('live-figures');
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'false'));
    expect(within(section).getByText('21')).toBeInTheDocument();
    expect(within(section).getByText('840 ms')).toBeInTheDocument();
    expect(within(section).getByText('75%')).toBeInTheDocument();
    expect(within(section).getByText(/12 ready/)).toBeInTheDocument();
    expect(within(section).getByText('No visitors in the last 7 days.')).toBeInTheDocument();
  });
});
