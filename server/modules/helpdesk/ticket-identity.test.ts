import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { visitorTicketSchema } from '../../../contract/helpdesk-api';
import { createHelpdesk } from '../../test-support/helpdesk';
import { addDepartment, addPerson } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { eventually, startWebhookReceiver } from '../../test-support/webhook-receiver';
import { createWidget, HOST_PAGE, visitorOf } from '../../test-support/widgets';

/**
 * A widget visitor who asks for a person: they are told a person will follow up in their
 * language, leave an address for the reply, and the helpdesk's signed webhook says which widget,
 * which page, which language and how to reach them.
 */
describeApi(
  'helpdesk ticket identity',
  { env: { HELPDESK_RETRY_MS: '40', URL_FETCH_ALLOW: '127.0.0.1' } },
  (t) => {
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    let secret: string;
    let helpdeskId: number;
    let department: number;

    const events = () =>
      receiver.posts
        .filter((p) => p.status === 200)
        .map((p) => ({ ...p, json: JSON.parse(p.body) as Record<string, any> })); // eslint-disable-line @typescript-eslint/no-explicit-any -- the receiver reads any JSON
    const visitorCall = (token: string, method: 'GET' | 'PUT', path: string, body?: unknown) =>
      t.api(method, `/api/helpdesk/visitor/${path}`, { token, body });

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      department = await addDepartment(t);
      const desk = await createHelpdesk(t, t.admin, {
        site_url: receiver.url,
        departments: [department],
      });
      secret = desk.signing_secret;
      helpdeskId = desk.id;
    });
    afterAll(() => receiver.close());

    it('when a visitor asks for a person in Spanish, then they are told so in Spanish and the signed webhook names the widget, page, language and, once given, their address', async () => {
      const widget = await createWidget(t, t.admin, {
        client_name: 'Tienda del puerto',
        target_areas: [department],
      });
      const visitor = await visitorOf(t, widget.client_id);
      const token = visitor.access_token;
      const page = await visitorCall(token, 'PUT', 'page', {
        page_url: `${HOST_PAGE}/pedidos/estado?order=4411&token=secret#top`,
        language: 'es',
      });
      expect(page.status).toBe(200);
      // The query and fragment may hold someone's tokens: only the page's path is kept.
      expect(page.body).toEqual({ page_url: `${HOST_PAGE}/pedidos/estado`, language: 'es' });
      expect((await visitorCall(token, 'GET', 'ticket')).body).toEqual({ ticket: null });

      const chat = await t.api('POST', '/api/service-agent/me/chat', {
        token,
        body: { query: '¿Puedo hablar con una persona de verdad, por favor?' },
      });
      expect(chat.status).toBe(200);
      expect(chat.body.answer).toMatch(/persona/i);
      expect(chat.body.answer).not.toMatch(/búsqueda avanzada|advanced search/i);
      expect(chat.body.references).toEqual([]);

      await eventually(() =>
        events().some((e) => e.json.ticket.conversation_id === visitor.session_id),
      );
      const created = events().find((e) => e.json.ticket.conversation_id === visitor.session_id);
      expect(created?.json).toMatchObject({
        event: 'ticket.created',
        ticket: { channel: 'widget', reason: 'asked_for_person', language: 'es' },
        source: {
          widget: { id: widget.id, client_id: widget.client_id, name: 'Tienda del puerto' },
          page_url: `${HOST_PAGE}/pedidos/estado`,
          host: HOST_PAGE,
        },
        contact: null,
        user: null,
      });

      const seen = visitorTicketSchema.parse(
        (await visitorCall(token, 'GET', 'ticket')).body.ticket,
      );
      expect(seen).toMatchObject({ reason: 'asked_for_person', contact_email: null });
      await eventually(
        async () =>
          (await visitorCall(token, 'GET', 'ticket')).body.ticket.delivery === 'delivered',
      );
      expect(
        Date.parse((await visitorCall(token, 'GET', 'ticket')).body.ticket.delivered_at),
      ).not.toBeNaN();

      // A wrong address is refused in words the widget translates, and changes nothing.
      const posts = receiver.posts.length;
      const wrong = await visitorCall(token, 'PUT', 'ticket/contact', { email: 'ana at home' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual([{ path: 'email', message: 'validation:email' }]);
      expect((await visitorCall(token, 'GET', 'ticket')).body.ticket.contact_email).toBeNull();

      const given = await visitorCall(token, 'PUT', 'ticket/contact', {
        email: 'ana.lopez@example.es',
      });
      expect(given.status).toBe(200);
      expect(given.body.contact_email).toBe('ana.lopez@example.es');
      await eventually(() => events().some((e) => e.json.event === 'ticket.updated'));
      expect(receiver.posts.length).toBe(posts + 1);
      const updated = events().find((e) => e.json.event === 'ticket.updated');
      expect(updated?.json).toMatchObject({
        ticket: { id: created?.json.ticket.id, language: 'es' },
        source: { widget: { name: 'Tienda del puerto' }, page_url: `${HOST_PAGE}/pedidos/estado` },
        contact: { email: 'ana.lopez@example.es' },
      });
      const timestamp = String(updated?.headers['x-atrium-timestamp']);
      expect(updated?.headers['x-atrium-signature']).toBe(
        'sha256=' +
          createHmac('sha256', secret).update(`${timestamp}.${updated?.body}`).digest('hex'),
      );

      // The same address again sends nothing new.
      await visitorCall(token, 'PUT', 'ticket/contact', { email: 'ana.lopez@example.es' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.posts.length).toBe(posts + 1);

      // The console's list of the helpdesk's tickets says where it came from and whom to reach.
      const list = await t.api('GET', `/api/helpdesk/${helpdeskId}/tickets?page=1&size=10`, {
        token: t.admin,
      });
      expect(list.status).toBe(200);
      expect(list.body.items[0]).toMatchObject({
        id: created?.json.ticket.id,
        language: 'es',
        contact_email: 'ana.lopez@example.es',
        source: { widget: { name: 'Tienda del puerto' }, page_url: `${HOST_PAGE}/pedidos/estado` },
        delivery: 'delivered',
        last_attempt: { status: 200, reason: null },
      });
    });

    it('when a widget tells a page on another site, then it is refused and nothing is kept', async () => {
      const widget = await createWidget(t, t.admin, { target_areas: [department] });
      const visitor = await visitorOf(t, widget.client_id);
      const res = await visitorCall(visitor.access_token, 'PUT', 'page', {
        page_url: 'https://elsewhere.example/checkout',
        language: 'fr',
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([{ path: 'page_url', message: 'validation:siteUrl' }]);
      const kept = await t.database.db
        .selectFrom('helpdesk_visitor_pages')
        .selectAll()
        .where('session_id', '=', visitor.session_id)
        .execute();
      expect(kept).toEqual([]);
    });

    it('when a visitor without a ticket leaves an address, then 404; a console user cannot use the visitor calls', async () => {
      const widget = await createWidget(t, t.admin, { target_areas: [department] });
      const visitor = await visitorOf(t, widget.client_id);
      const res = await visitorCall(visitor.access_token, 'PUT', 'ticket/contact', {
        email: 'someone@example.com',
      });
      expect(res.status).toBe(404);
      expect((await visitorCall(t.admin, 'GET', 'ticket')).status).toBe(403);
      const list = await t.api('GET', `/api/helpdesk/${helpdeskId}/tickets`, {
        token: visitor.access_token,
      });
      expect(list.status).toBe(403);
    });

    it('when a signed-in user asks for a person in German, then the answer and the ticket are German and the webhook names them as the contact', async () => {
      const person = await addPerson(t, {
        assignments: [{ department_id: department, role_id: 2 }],
      });
      const res = await t.api('POST', '/api/chat/stuff', {
        token: person.token,
        body: {
          query: 'Verbinden Sie mich bitte mit einem Mitarbeiter',
          department_id: department,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.answer).toMatch(/Mitarbeiter|Person/);
      await eventually(() =>
        events().some((e) => e.json.ticket.conversation_id === res.body.chat_id),
      );
      const sent = events().find((e) => e.json.ticket.conversation_id === res.body.chat_id);
      expect(sent?.json).toMatchObject({
        ticket: { channel: 'console', language: 'de' },
        source: { widget: null, page_url: null },
        contact: { email: person.email },
        user: { id: person.id },
      });
    });

    it('when a documentation question mentions humans or agents, then it is answered and no ticket opens', async () => {
      const person = await addPerson(t, {
        assignments: [{ department_id: department, role_id: 2 }],
      });
      const res = await t.api('POST', '/api/chat/stuff', {
        token: person.token,
        body: {
          query: 'How do I export a human-readable report of the agent field?',
          department_id: department,
        },
      });
      expect(res.status).toBe(200);
      const ticket = await t.api('GET', `/api/helpdesk/tickets/conversation/${res.body.chat_id}`, {
        token: person.token,
      });
      expect(ticket.body).toEqual({ ticket: null });
    });
  },
);
