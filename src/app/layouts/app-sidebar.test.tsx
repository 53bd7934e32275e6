import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import type { EmailAccount } from '@contract/email-agents';
import type { Paged } from '@contract/paging';
import type { UserProfile } from '@contract/profile';
import { externalNavigation } from '@/lib/helpdesk';
import { adminProfile, emailOnlyProfile, profileWith, trialProfile } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

async function openDashboardAs(profile: UserProfile) {
  signInWithCookie();
  server.use(handlers.me(profile));
  renderApp('/dashboard');
  // The first test of the file also loads the store and the layout's modules: on a loaded
  // 2-core machine that took over 3 s.
  return screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
}

/** The visible texts of the menu's links, buttons and group togglers, in order. */
function items(nav: HTMLElement): string[] {
  return [...nav.querySelectorAll('a, button')].map((e) => e.textContent?.trim() ?? '');
}

function emailPage(items: EmailAccount[]): Paged<EmailAccount> {
  return { items, total: items.length, page: 1, size: 100 };
}

afterEach(() => vi.restoreAllMocks());

describe('sidebar', () => {
  it('when the administrator signs in, then every area shows and the Email group does not', async () => {
    const nav = await openDashboardAs(adminProfile);
    expect(items(nav)).toEqual([
      'Dashboard',
      'Knowledge assistant',
      'Profile',
      'User Management',
      'Users',
      'Department',
      'Roles',
      'Content',
      'Upload',
      'Repository',
      'SOP Repository',
      'Integrations',
      'Helpdesk',
      'Reports',
      'Analytics',
      'Sentiment',
    ]);
    expect(within(nav).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/integration',
    );
  });

  it('when a Trial user signs in, then Integrations is called Chatbot and leads to the chatbot area', async () => {
    const nav = await openDashboardAs(trialProfile);
    expect(items(nav)).toEqual(['Dashboard', 'Knowledge assistant', 'Profile', 'Chatbot']);
    expect(within(nav).getByRole('link', { name: 'Chatbot' })).toHaveAttribute(
      'href',
      '/integration/chatbot',
    );
  });

  it('when a user may only query documents, then the menu leads to the knowledge assistant', async () => {
    const nav = await openDashboardAs(profileWith(['Query.QUERY_DOCUMENT']));
    expect(items(nav)).toEqual(['Dashboard', 'Knowledge assistant', 'Profile']);
    expect(within(nav).getByRole('link', { name: 'Knowledge assistant' })).toHaveAttribute(
      'href',
      '/chat',
    );
  });

  it('when a user has Reports.VIEW only, then Reports shows with Analytics and Sentiment', async () => {
    const nav = await openDashboardAs(profileWith(['Reports.VIEW']));
    expect(items(nav)).toEqual(['Profile', 'Reports', 'Analytics', 'Sentiment']);
  });

  it('when the profile is email-only, then the menu is Dashboard, Profile and the Email accounts', async () => {
    server.use(
      http.get(apiUrl(apiPaths.emailAgents), ({ request }) => {
        const q = new URL(request.url).searchParams;
        expect([q.get('page'), q.get('size')]).toEqual(['1', '100']);
        return HttpResponse.json(
          emailPage([{ id: 1, email: 'sales@example.test', title: 'Sales', status: true }]),
        );
      }),
    );
    const nav = await openDashboardAs(emailOnlyProfile);
    const inbox = await within(nav).findByRole('link', { name: 'sales@example.test' });
    expect(items(nav)).toEqual(['Dashboard', 'Profile', 'Email', 'sales@example.test']);
    expect(inbox).toHaveAttribute(
      'href',
      '/integration/email-integration/view-email-inbox/sales%40example.test',
    );
    expect(inbox).toHaveAttribute('target', '_blank');
  });

  it('when the e-mail accounts are loading, then the group says Loading...', async () => {
    server.use(
      http.get(apiUrl(apiPaths.emailAgents), async () => {
        await delay('infinite');
        return HttpResponse.json(emailPage([]));
      }),
    );
    const nav = await openDashboardAs(emailOnlyProfile);
    expect(await within(nav).findByText('Loading...')).toBeInTheDocument();
  });

  it('when there are no e-mail accounts, then the group says No emails found', async () => {
    server.use(http.get(apiUrl(apiPaths.emailAgents), () => HttpResponse.json(emailPage([]))));
    const nav = await openDashboardAs(emailOnlyProfile);
    expect(await within(nav).findByText('No emails found')).toBeInTheDocument();
    await waitFor(() => expect(within(nav).queryByText('Loading...')).toBeNull());
  });

  it('when Helpdesk is pressed, then /helpdesk opens in a new tab, and the session token travels nowhere', async () => {
    const open = vi.spyOn(externalNavigation, 'openInNewTab').mockImplementation(() => undefined);
    const nav = await openDashboardAs(adminProfile);
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Helpdesk' }));
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/helpdesk`);
    expect(JSON.stringify(open.mock.calls)).not.toContain('test-token');
  });

  it('when Helpdesk is pressed without a token, then the SPEC alert is shown', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const nav = await openDashboardAs(adminProfile);
    // The dashboard reads its live figures once painted (none here): the session ends after that.
    await waitFor(() => expect(screen.queryByTestId('live-figures')).not.toBeInTheDocument());
    Cookies.remove('token', { path: '/' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Helpdesk' }));
    expect(alert).toHaveBeenCalledWith(
      'Access token not available. Please try again after logging in.',
    );
  });
});
