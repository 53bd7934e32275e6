import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminProfile, emailOnlyProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

// Lazy page and session check chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });

describe('/integration', () => {
  it('when the default administrator opens it, then every area links to its list', async () => {
    signInWithCookie();
    server.use(handlers.me(adminProfile));
    renderApp('/integration');
    const expected: [string, string][] = [
      ['Chatbots', '/integration/chatbot'],
      ['Email agents', '/integration/email-integration'],
      ['Helpdesk integration', '/integration/helpdesk'],
      ['Database integration', '/integration/database-integration'],
      ['API integration', '/integration/api-integration'],
    ];
    for (const [name, path] of expected)
      expect(await screen.findByRole('link', { name })).toHaveAttribute('href', path);
  });

  it('when a person with e-mail rights only opens it, then e-mail links and helpdesk is only named', async () => {
    signInWithCookie();
    server.use(handlers.me(emailOnlyProfile));
    renderApp('/integration');
    expect(await screen.findByRole('link', { name: 'Email agents' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Helpdesk integration' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Helpdesk integration' })).not.toBeInTheDocument();
  });

  it('when it opens, then every card says what its area is for, and a closed one which right opens it', async () => {
    signInWithCookie();
    server.use(handlers.me(emailOnlyProfile));
    renderApp('/integration');
    await screen.findByRole('link', { name: 'Email agents' });
    const cards = screen.getAllByTestId('integration-card');
    expect(cards.map((c) => c.dataset.area)).toEqual([
      'serviceAgents',
      'emailAgents',
      'helpdeskIntegration',
      'databases',
      'apiIntegration',
    ]);
    const text = (area: string) => cards.find((c) => c.dataset.area === area)!.textContent;
    expect(text('emailAgents')).toContain('Email agents connect a mailbox');
    expect(text('emailAgents')).not.toContain('Opens with the right');
    expect(text('apiIntegration')).toContain('Create API keys');
    expect(text('helpdeskIntegration')).toContain(
      'Opens with the right Helpdesk · List; ask an administrator.',
    );
    expect(text('databases')).toContain('Documents · List or Documents · View');
    expect(screen.getByRole('link', { name: 'API integration' })).toBeInTheDocument();
  });
});
