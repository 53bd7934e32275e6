import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversationTicketSchema } from '../../../contract/helpdesk-api';
import { createHelpdesk } from '../../test-support/helpdesk';
import { addDepartment, addPerson } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { eventually, startWebhookReceiver } from '../../test-support/webhook-receiver';
import { createWidget, visitorOf } from '../../test-support/widgets';

/**
 * Hand-over to people: conversations become tickets, and tickets reach the
 * helpdesk's webhook, signed, through an outbox that retries a helpdesk answering 503.
 */
describeApi(
  'helpdesk tickets',
  { env: { HELPDESK_RETRY_MS: '40', URL_FETCH_ALLOW: '127.0.0.1' } },
  (t) => {
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    let secret: string;
    let person: Awaited<ReturnType<typeof addPerson>>;
    const ask = async (query: string, chat_id?: string) => {
      const res = await t.api('POST', '/api/chat/stuff', {
        token: person.token,
        body: { query, department_id: 1, ...(chat_id ? { chat_id } : {}) },
      });
      expect(res.status).toBe(200);
      return res.body as { chat_id: string; message_id: number };
    };
    const rate = (message_id: number, rating: 'up' | 'down') =>
      t.api('POST', '/api/chat/feedback', {
        token: person.token,
        body: new URLSearchParams({ message_id: String(message_id), rating }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const ticketOf = async (chatId: string) => {
      const res = await t.api('GET', `/api/helpdesk/tickets/conversation/${chatId}`, {
        token: person.token,
      });
      expect(res.status).toBe(200);
      return conversationTicketSchema.parse(res.body).ticket;
    };
    const payloads = () =>
      receiver.posts.filter((p) => p.status === 200).map((p) => JSON.parse(p.body));

    beforeAll(async () => {
      // The helpdesk is down for its first two posts.
      receiver = await startWebhookReceiver(2);
      const desk = await createHelpdesk(t, t.admin, { site_url: receiver.url, departments: [1] });
      secret = desk.signing_secret;
      person = await addPerson(t, { assignments: [{ department_id: 1, role_id: 2 }] });
    });
    afterAll(() => receiver.close());

    it('when a user asks for a person, then a ticket reaches the webhook signed, after the helpdesk recovers', async () => {
      const { chat_id } = await ask('Can I talk to a human please?');
      expect((await ticketOf(chat_id))?.reason).toBe('asked_for_person');
      await eventually(() => receiver.accepted() >= 1);
      expect(receiver.posts.slice(0, 3).map((p) => p.status)).toEqual([503, 503, 200]);
      const delivered = receiver.posts[2];
      expect(delivered.path).toBe('/webhooks/atrium');
      const timestamp = String(delivered.headers['x-atrium-timestamp']);
      const expected =
        'sha256=' +
        createHmac('sha256', secret).update(`${timestamp}.${delivered.body}`).digest('hex');
      expect(delivered.headers['x-atrium-signature']).toBe(expected);
      // Every attempt carried the same delivery id and body: the receiver can deduplicate.
      expect(new Set(receiver.posts.slice(0, 3).map((p) => p.body)).size).toBe(1);
      expect(
        new Set(receiver.posts.slice(0, 3).map((p) => p.headers['x-atrium-delivery'])).size,
      ).toBe(1);
      const body = JSON.parse(delivered.body);
      expect(body).toMatchObject({
        event: 'ticket.created',
        ticket: { conversation_id: chat_id, channel: 'console', reason: 'asked_for_person' },
        user: { id: person.id, email: person.email },
        conversation: [expect.objectContaining({ question: 'Can I talk to a human please?' })],
      });
      await eventually(async () => (await ticketOf(chat_id))?.delivery === 'delivered');
      const row = await t.database.db
        .selectFrom('helpdesk_outbox')
        .select(['attempts', 'state'])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ attempts: 2, state: 'delivered' });
      // Asking again in the same conversation opens no second ticket.
      await ask('A person, please!', chat_id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(payloads().filter((p) => p.ticket.conversation_id === chat_id)).toHaveLength(1);
    });

    it('when a user rates one answer down, then no ticket; the second down, then a ticket', async () => {
      const first = await ask('How are travel expenses refunded?');
      const second = await ask('And who signs the form?', first.chat_id);
      expect((await rate(first.message_id, 'down')).status).toBe(200);
      expect(await ticketOf(first.chat_id)).toBeNull();
      expect((await rate(second.message_id, 'up')).status).toBe(200);
      expect(await ticketOf(first.chat_id)).toBeNull();
      expect((await rate(second.message_id, 'down')).status).toBe(200);
      expect((await ticketOf(first.chat_id))?.reason).toBe('rated_down_twice');
      await eventually(() => payloads().some((p) => p.ticket.conversation_id === first.chat_id));
    });

    it('when a widget visitor asks for a person, then the ticket is the widget conversation', async () => {
      const widget = await createWidget(t, t.admin);
      const visitor = await visitorOf(t, widget.client_id);
      const res = await t.api('POST', '/api/service-agent/me/chat', {
        token: visitor.access_token,
        body: { query: 'I want to speak to an agent' },
      });
      expect(res.status).toBe(200);
      await eventually(() =>
        payloads().some(
          (p) => p.ticket.conversation_id === visitor.session_id && p.ticket.channel === 'widget',
        ),
      );
      const ticket = payloads().find((p) => p.ticket.conversation_id === visitor.session_id);
      expect(ticket.user).toBeNull();
      // Those who may view the widget see the ticket on its conversation; others do not.
      const url = `/api/helpdesk/tickets/conversation/${visitor.session_id}`;
      const seen = await t.api('GET', url, { token: t.admin });
      expect(seen.body.ticket).toMatchObject({ channel: 'widget', reason: 'asked_for_person' });
      expect((await t.api('GET', url, { token: person.token })).status).toBe(404);
    });

    it('when a ticket opens where no helpdesk serves, then it waits, and the helpdesk added later receives it', async () => {
      const department = await addDepartment(t);
      const asker = await addPerson(t, {
        assignments: [{ department_id: department, role_id: 2 }],
      });
      const res = await t.api('POST', '/api/chat/stuff', {
        token: asker.token,
        body: { query: 'Can I talk to a human please?', department_id: department },
      });
      expect(res.status).toBe(200);
      const chatId = (res.body as { chat_id: string }).chat_id;
      const url = `/api/helpdesk/tickets/conversation/${chatId}`;
      expect((await t.api('GET', url, { token: asker.token })).body.ticket).toMatchObject({
        helpdesk_id: null,
        delivery: 'no_helpdesk',
      });
      const desk = await createHelpdesk(t, t.admin, {
        site_url: receiver.url,
        departments: [department],
      });
      await eventually(() => payloads().some((p) => p.ticket.conversation_id === chatId));
      await eventually(
        async () =>
          (await t.api('GET', url, { token: asker.token })).body.ticket.delivery === 'delivered',
      );
      const ticket = (await t.api('GET', url, { token: asker.token })).body.ticket;
      expect(ticket.helpdesk_id).toBe(desk.id);
      const sent = payloads().find((p) => p.ticket.conversation_id === chatId);
      expect(sent).toMatchObject({
        user: { id: asker.id },
        ticket: { reason: 'asked_for_person' },
      });
    });

    it('when a helpdesk webhook points at a private address not allowed, then it is not posted and stays queued', async () => {
      const dept = await addDepartment(t);
      await createHelpdesk(t, t.admin, {
        site_url: receiver.url.replace('127.0.0.1', '127.0.0.2'),
        departments: [dept],
      });
      const staff = await addPerson(t, { assignments: [{ department_id: dept, role_id: 2 }] });
      const res = await t.api('POST', '/api/chat/stuff', {
        token: staff.token,
        body: { query: 'I need a real person', department_id: dept },
      });
      expect(res.status).toBe(200);
      const row = () =>
        t.database.db
          .selectFrom('helpdesk_outbox as o')
          .innerJoin('helpdesk_tickets as k', 'k.id', 'o.ticket_id')
          .select(['o.state', 'o.last_error', 'o.attempts'])
          .where('k.conversation_id', '=', res.body.chat_id)
          .executeTakeFirstOrThrow();
      await eventually(async () => (await row()).attempts > 0);
      const stored = await row();
      expect(stored.state).toBe('pending');
      expect(stored.last_error).toContain('loopback');
    });

    it("when someone asks about another person's conversation, then 404", async () => {
      const { chat_id } = await ask('Let me speak with a representative');
      const other = await addPerson(t);
      const res = await t.api('GET', `/api/helpdesk/tickets/conversation/${chat_id}`, {
        token: other.token,
      });
      expect(res.status).toBe(404);
    });
  },
);
