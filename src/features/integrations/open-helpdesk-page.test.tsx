import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handoffSchema, helpdeskPageSchema, type Helpdesk } from '@contract/helpdesk-api';
import type { UserProfile } from '@contract/profile';
import { contractHandler } from '@/test/contract-handler';
import { adminProfile, profileWith } from '@/test/fixtures';
import { errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { externalNavigation } from '@/lib/helpdesk';

configure({ asyncUtilTimeout: 15_000 });

const harbourDesk: Helpdesk = {
  id: 1,
  name: 'Harbour service desk',
  site_url: 'https://desk.example',
  callback_path: '/auth/callback',
  webhook_path: '/webhooks/atrium',
  status: true,
  departments: [1],
  department_names: ['General'],
  pending_deliveries: 0,
  created_by: null,
  updated_by: null,
  created_at: '2025-05-06T08:00:00Z',
  updated_at: '2025-05-06T08:00:00Z',
};

/** Opens /helpdesk as `profile` with these helpdesks listed; returns the hand-offs asked for. */
function openHelpdesk(profile: UserProfile, listed: Helpdesk[], handoff?: () => Response) {
  const handoffs: unknown[] = [];
  signInWithCookie();
  server.use(
    handlers.me(profile),
    contractHandler('get', 'helpdesks', { answer: helpdeskPageSchema }, () => ({
      items: listed,
      total: listed.length,
      page: 1,
      size: 500,
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
    const handoffs = openHelpdesk(adminProfile, []);
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

  it('when the only helpdesk is switched off, then it is not opened and the administrator is told where to switch it on', async () => {
    const handoffs = openHelpdesk(adminProfile, [{ ...harbourDesk, status: false }]);
    const notice = await screen.findByTestId('helpdesk-unavailable');
    expect(notice).toHaveTextContent('can be switched on there too');
    expect(handoffs).toEqual([]);
  });

  it('when someone who may not set one up finds none, then they are asked to turn to their administrator', async () => {
    // Their right is held in one department: the list may leave a helpdesk out, the server decides.
    const handoffs = openHelpdesk(profileWith(['Helpdesk.LIST_VIEW']), [], () =>
      errorResponse(404, 'HELPDESK_NOT_CONFIGURED', 'No helpdesk'),
    );
    const notice = await screen.findByTestId('helpdesk-unavailable');
    expect(notice).toHaveTextContent('Please ask your administrator to connect one.');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
    expect(handoffs).toHaveLength(1);
  });

  it('when a helpdesk serves the person, then the page moves on to its site with a single-use token', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    openHelpdesk(adminProfile, [harbourDesk]);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://desk.example/auth/callback?token=single-use'),
    );
    expect(screen.queryByTestId('helpdesk-unavailable')).not.toBeInTheDocument();
  });
});
