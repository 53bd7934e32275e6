import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminProfile } from '@/test/fixtures';
import { errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { http } from 'msw';
import { apiRoutes } from '@contract/api-paths';
import { apiUrl } from '@/test/handlers';
import { createServiceAgentFake, serviceAgentFixture } from './service-agent-test-kit';

function open(path: string) {
  signInWithCookie();
  const fake = createServiceAgentFake([serviceAgentFixture(1, { client_name: 'Harbour help' })]);
  server.use(handlers.me(adminProfile), ...fake.handlers, fake.departments);
  return { fake, ...renderApp(path) };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('chatbot form', { timeout: 60_000 }, () => {
  it('when colours, name and welcome message are typed, then the preview follows them live', async () => {
    open('/integration/chatbot/add-chatbot');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Add chatbot' });
    await user.type(field('Name'), 'Pier desk');
    const background = field('Background colour');
    await user.clear(background);
    await user.type(background, '#0a7d32');
    const welcome = field('Welcome message');
    await user.clear(welcome);
    await user.type(welcome, 'Ahoy! Ask about moorings.');
    const preview = screen.getByTestId('widget-preview');
    expect(within(preview).getByText('Pier desk')).toHaveStyle({
      background: '#0a7d32',
      color: '#ffffff',
    });
    expect(within(preview).getByText('Ahoy! Ask about moorings.')).toBeInTheDocument();
    expect(screen.queryByText(/hard to tell apart/)).not.toBeInTheDocument();
    const text = field('Text colour');
    await user.clear(text);
    await user.type(text, '#1a8d42');
    expect(screen.getByText(/hard to tell apart/)).toBeInTheDocument();
  });

  it('when a colour is not hex and a host is not a host name, then each field says why and nothing is sent', async () => {
    const { fake } = open('/integration/chatbot/add-chatbot');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Add chatbot' });
    await user.type(field('Name'), 'Pier desk');
    await user.click(screen.getByRole('checkbox', { name: 'General' }));
    await user.type(field('Allowed hosts'), 'shop.example.com\nhttps://bad.example/path');
    const colour = field('Text colour');
    await user.clear(colour);
    await user.type(colour, 'white');
    await user.click(screen.getByRole('button', { name: 'Create chatbot' }));
    expect(
      await screen.findByText('Use a colour in hex, such as #1f6feb or #fff.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/“https:\/\/bad.example\/path”: Enter a host name such as example.com/),
    ).toBeInTheDocument();
    expect(field('Allowed hosts')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('when a valid chatbot is created, then it is sent with its fields and its page shows the snippet', async () => {
    const { fake, router } = open('/integration/chatbot/add-chatbot');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Add chatbot' });
    await user.type(field('Name'), 'Pier desk');
    await user.click(screen.getByRole('checkbox', { name: 'Support' }));
    await user.type(field('Allowed hosts'), 'shop.example.com\n*.example.org, 127.0.0.2:4173');
    const quota = screen.getByRole('spinbutton', { name: 'Questions per day' });
    await user.clear(quota);
    await user.type(quota, '250');
    await user.click(screen.getByRole('button', { name: 'Create chatbot' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(
        /^\/integration\/chatbot\/view-chatbot\/key002/,
      ),
    );
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      client_name: 'Pier desk',
      fg_color: '#ffffff',
      bg_color: '#321fdb',
      target_areas: [2],
      allowed_hosts: ['shop.example.com', '*.example.org', '127.0.0.2:4173'],
      status: true,
      welcome_message: 'Hello! How can I help you today?',
      daily_message_quota: 250,
    });
    const snippet = await screen.findByTestId('embed-snippet');
    expect(snippet.textContent).toBe(
      `<script src="${window.location.origin}/widget.js" data-key="${fake.widgets[1].client_id}" data-fg="#ffffff" data-bg="#321fdb" async></script>`,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chatbot Pier desk');
  });

  it('when the server refuses a field, then its reason shows beside that field', async () => {
    open('/integration/chatbot/edit-chatbot/1');
    server.use(
      http.put(apiUrl(apiRoutes.serviceAgent), () =>
        errorResponse(400, 'VALIDATION_ERROR', 'No department has the id 9.', {
          fields: [{ path: 'target_areas', message: 'validation:unknownDepartment' }],
        }),
      ),
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Edit chatbot' });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Harbour help');
    expect(field('Allowed hosts')).toHaveValue('shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This department does not exist.')).toBeInTheDocument();
  });
});
