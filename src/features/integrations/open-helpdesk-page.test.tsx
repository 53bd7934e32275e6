import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handoffSchema, helpdeskServingSchema } from '@contract/helpdesk-api';
import type { UserProfile } from '@contract/profile';
import { contractHandler } from '@/test/contract-handler';
import { adminProfile, profileWith } from '@/test/fixtures';
import { errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { externalNavigation } from '@/lib/helpdesk';

configure({ asyncUtilTimeout: 15_000 });

/** Opens /helpdesk as `profile`, the server saying whether one serves them; returns the hand-offs. */
function openHelpdesk(profile: UserProfile, serving: boolean, handoff?: () => Response) {
  const handoffs: unknown[] = [];
  signInWithCookie();
  server.use(
    handlers.me(profile),
    contractHandler('get', 'helpdeskServing', { answer: helpdeskServingSchema }, () => ({
      serving,
    })),
    contractHandler('post', 'helpdeskHandoff', { answer: handoffSchema }, ({ request }) => {
      handoffs.push(request.url);
      return (
        handoff?.() ?? {
          helpdesk_id: 1,
          url: 'https://desk.example/auth/callback?token=single-use',
          expires_at: '2025-05-06T08:01:00Z',
        }
      );
    }),
  );
  renderApp('/helpdesk');
  return handoffs;
}

afterEach(() => vi.restoreAllMocks());

describe('/helpdesk', { timeout: 60_000 }, () => {
  it('when no helpdesk is set up and the administrator opens Helpdesk, then it says what to set up and links there, asking for no token', async () => {
    const handoffs = openHelpdesk(adminProfile, false);
    const notice = await screen.findByTestId('helpdesk-unavailable');
    expect(notice).toHaveTextContent('No helpdesk serves your departments yet.');
    expect(notice).toHaveTextContent(
      'Connect your helpdesk site under Integrations › Helpdesk integration',
    );
    expect(notice).not.toHaveTextContent(/ask your administrator/i);
    const link = within(notice).getByRole('link', {
      name: 'Open Integrations › Helpdesk integration',
    });
    expect(link).toHaveAttribute('href', '/integration/helpdesk');
    expect(handoffs).toEqual([]);
  });

  it('when someone whose right is held in one department has no helpdesk there, then they are asked to turn to their administrator, and no token is asked for', async () => {
    const handoffs = openHelpdesk(profileWith(['Helpdesk.LIST_VIEW']), false);
    const notice = await screen.findByTestId('helpdesk-unavailable');
    expect(notice).toHaveTextContent('Please ask your administrator to connect one.');
    expect(handoffs).toEqual([]);
  });

  it('when the helpdesk stops serving between the question and the hand-off, then they are asked to turn to their administrator', async () => {
    const handoffs = openHelpdesk(profileWith(['Helpdesk.LIST_VIEW']), true, () =>
      errorResponse(404, 'HELPDESK_NOT_CONFIGURED', 'No helpdesk'),
    );
    const notice = await screen.findByTestId('helpdesk-unavailable');
    expect(notice).toHaveTextContent('Please ask your administrator to connect one.');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
    expect(handoffs).toHaveLength(1);
  });

  it('when a helpdesk serves the person, then the page moves on to its site with a single-use token', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    openHelpdesk(adminProfile, true);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://desk.example/auth/callback?token=single-use'),
    );
    expect(screen.queryByTestId('helpdesk-unavailable')).not.toBeInTheDocument();
  });
});
