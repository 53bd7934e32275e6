import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configure } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  agentInputSchema,
  agentPageSchema,
  agentSchema,
  agentUpdateSchema,
  helpdeskInputSchema,
  helpdeskPageSchema,
  helpdeskSchema,
  type Agent,
  type Helpdesk,
} from '@contract/helpdesk-api';
import { contractHandler } from '@/test/contract-handler';
import { adminProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createServiceAgentFake } from './service-agent-test-kit';

configure({ asyncUtilTimeout: 15_000 });
const STAMP = '2025-05-06T08:00:00Z';
const SECRET = `hds_1.${'a'.repeat(43)}`;

function helpdeskFake() {
  const helpdesks: Helpdesk[] = [];
  const agents: Agent[] = [];
  const sent: { method: string; body: unknown }[] = [];
  server.use(
    handlers.me(adminProfile),
    createServiceAgentFake().departments,
    contractHandler('get', 'helpdesks', { answer: helpdeskPageSchema }, () => ({
      items: helpdesks,
      total: helpdesks.length,
      page: 1,
      size: 100,
    })),
    contractHandler(
      'post',
      'helpdesks',
      { answer: helpdeskSchema, body: helpdeskInputSchema, status: 201 },
      ({ body }) => {
        sent.push({ method: 'POST', body });
        const created: Helpdesk = {
          ...body,
          id: helpdesks.length + 1,
          department_names: body.departments.map((d) => (d === 1 ? 'General' : 'Support')),
          pending_deliveries: 0,
          created_by: null,
          updated_by: null,
          created_at: STAMP,
          updated_at: STAMP,
        };
        helpdesks.push(created);
        return { ...created, signing_secret: SECRET };
      },
    ),
    contractHandler('get', 'helpdeskAgents', { answer: agentPageSchema }, () => ({
      items: agents,
      total: agents.length,
      page: 1,
      size: 100,
    })),
    contractHandler(
      'post',
      'helpdeskAgents',
      { answer: agentSchema, body: agentInputSchema, status: 201 },
      ({ body }) => {
        sent.push({ method: 'POST agent', body });
        const agent: Agent = {
          id: agents.length + 1,
          user_id: 9,
          name: 'Grace Hopper',
          email: body.email ?? '',
          department_id: body.department_id,
          department_name: 'Support',
          status: body.status,
          capacity: body.capacity,
          created_at: STAMP,
          updated_at: STAMP,
        };
        agents.push(agent);
        return agent;
      },
    ),
    contractHandler(
      'put',
      'helpdeskAgent',
      { answer: agentSchema, body: agentUpdateSchema },
      ({ body, params }) => {
        sent.push({ method: 'PUT agent', body });
        const agent = agents.find((a) => a.id === Number(params.id)) as Agent;
        Object.assign(agent, body);
        return agent;
      },
    ),
  );
  return { helpdesks, sent };
}

describe('helpdesk screens', { timeout: 60_000 }, () => {
  it('when the form is sent without a name or department and with a bad address, then each field says why and nothing is sent', async () => {
    signInWithCookie();
    const fake = helpdeskFake();
    renderApp('/integration/helpdesk/add-helpdesk');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Add helpdesk' });
    await user.type(screen.getByRole('textbox', { name: 'Helpdesk site address' }), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Add helpdesk' }));
    expect((await screen.findAllByText('This field is required.')).length).toBe(2);
    expect(
      screen.getByText('Enter an address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(fake.sent).toEqual([]);
  });

  it('when a helpdesk is added, then its secret is shown once, copies with its Copy button, and the list has it', async () => {
    signInWithCookie();
    const fake = helpdeskFake();
    const { router } = renderApp('/integration/helpdesk/add-helpdesk');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Add helpdesk' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Service desk');
    await user.type(
      screen.getByRole('textbox', { name: 'Helpdesk site address' }),
      'https://desk.example.com/',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Support' }));
    await user.click(screen.getByRole('button', { name: 'Add helpdesk' }));
    expect(await screen.findByTestId('helpdesk-secret')).toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: 'Copy the signing secret' }));
    expect(await screen.findByText('The secret is on the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(fake.sent[0].body).toEqual({
      name: 'Service desk',
      site_url: 'https://desk.example.com',
      callback_path: '/auth/callback',
      webhook_path: '/webhooks/atrium',
      status: true,
      departments: [2],
    });
    await user.click(screen.getByRole('link', { name: 'I have copied it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/integration/helpdesk'));
    const row = await screen.findByTestId('helpdesk-row');
    expect(within(row).getByText('Service desk')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('when an agent is added by e-mail and then removed, then both are sent as such', async () => {
    signInWithCookie();
    const fake = helpdeskFake();
    renderApp('/integration/helpdesk/edit-helpdesk');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Helpdesk agents' });
    await user.type(
      screen.getByRole('textbox', { name: 'E-mail of the user' }),
      'grace@example.test',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Support');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const row = await screen.findByTestId('agent-row');
    expect(fake.sent[0].body).toEqual({
      email: 'grace@example.test',
      department_id: 2,
      status: 'available',
      capacity: 5,
    });
    await user.selectOptions(
      within(row).getByRole('combobox', { name: 'Status of Grace Hopper' }),
      'removed',
    );
    await waitFor(() =>
      expect(fake.sent[1]).toEqual({ method: 'PUT agent', body: { status: 'removed' } }),
    );
  });
});
