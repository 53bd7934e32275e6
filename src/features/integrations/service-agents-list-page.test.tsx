import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminProfile, trialProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { currentAddress } from '@/test/open-identity';
import { createServiceAgentFake, serviceAgentFixture } from './service-agent-test-kit';

function openList(path: string, count: number, profile = adminProfile) {
  signInWithCookie();
  const fake = createServiceAgentFake(
    Array.from({ length: count }, (_, i) => serviceAgentFixture(i + 1)),
  );
  server.use(handlers.me(profile), ...fake.handlers, fake.departments);
  return { fake, ...renderApp(path) };
}

describe('chatbots list', { timeout: 60_000 }, () => {
  it('when the list opens, then page 1 of size 5 is asked for and five chatbots show', async () => {
    const { fake } = openList('/integration/chatbot', 7);
    expect(await screen.findByRole('link', { name: 'Widget 1' })).toBeInTheDocument();
    expect(screen.getAllByTestId('chatbot-row')).toHaveLength(5);
    expect(screen.getByText('Showing 1–5 of 7')).toBeInTheDocument();
    expect(fake.requests[0].path).toBe('/api/service-agent?page=1&size=5');
  });

  it('when a search is made, then it goes into the address and the list narrows', async () => {
    const { router, fake } = openList('/integration/chatbot', 7);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Widget 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search chatbots' }), 'Widget 6');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(currentAddress(router)).toBe('/integration/chatbot?search=Widget+6'),
    );
    expect(await screen.findByRole('link', { name: 'Widget 6' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('chatbot-row')).toHaveLength(1));
    expect(fake.requests.at(-1)?.path).toContain('search=Widget+6');
  });

  it('when a chatbot is switched off in its row, then PUT {status} alone is sent and the row says Off', async () => {
    const { fake } = openList('/integration/chatbot', 2);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('checkbox', { name: 'Widget 2 is active' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('The chatbot Widget 2 is switched off.')).toBeInTheDocument();
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put).toEqual({ method: 'PUT', path: '/api/service-agent/2', body: { status: false } });
    const row = screen.getAllByTestId('chatbot-row')[1];
    await waitFor(() => expect(within(row).getByRole('checkbox')).not.toBeChecked());
    expect(within(row).getByText('Off')).toBeInTheDocument();
    expect(fake.widgets[1].status).toBe(false);
  });

  it('when a chatbot is deleted after confirming, then it leaves the list', async () => {
    const { fake } = openList('/integration/chatbot', 2);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Widget 1' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('The chatbot Widget 1 was deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Widget 1' })).not.toBeInTheDocument(),
    );
    expect(fake.widgets.map((w) => w.id)).toEqual([2]);
  });

  it('when a Trial user opens the chatbot area, then their chatbots list with the add link', async () => {
    openList('/integration/chatbot', 1, trialProfile);
    expect(await screen.findByRole('link', { name: 'Widget 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chatbots');
    expect(screen.getByRole('link', { name: 'Add chatbot' })).toHaveAttribute(
      'href',
      '/integration/chatbot/add-chatbot',
    );
  });
});
