import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversationTicketSchema } from '../../../contract/helpdesk-api';
import { createHelpdesk } from '../../test-support/helpdesk';
import { addDepartment, addPerson, GENERAL, personWith } from '../../test-support/identity';
import { describeApi, TEST_ADMIN } from '../../test-support/test-app';
import { eventually, startWebhookReceiver } from '../../test-support/webhook-receiver';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * A ticket carries the asker's e-mail and the conversation's words to a webhook its helpdesk's
 * creator chose, so it goes only to a helpdesk serving every department the conversation
 * touched; otherwise it waits and says why.
 */
describeApi(
  'helpdesk tickets across departments',
  { env: { HELPDESK_RETRY_MS: '40', URL_FETCH_ALLOW: '127.0.0.1' } },
  (t) => {
    let sales = 0;
    let salesSite: Receiver;
    let wholeSite: Receiver;
    let salesStaff: Awaited<ReturnType<typeof personWith>>;

    beforeAll(async () => {
      sales = await addDepartment(t, 'Sales');
      salesSite = await startWebhookReceiver();
      wholeSite = await startWebhookReceiver();
      salesStaff = await personWith(
        t,
        sales,
        'Helpdesk.ADD',
        'Helpdesk.LIST_VIEW',
        'Helpdesk.VIEW',
        'Helpdesk.UPDATE',
      );
    });
    afterAll(async () => {
      await salesSite.close();
      await wholeSite.close();
    });

    const ask = async (token: string, body: Record<string, unknown>) => {
      const res = await t.api('POST', '/api/chat/stuff', { token, body });
      expect(res.status, res.raw).toBe(200);
      return (res.body as { chat_id: string }).chat_id;
    };
    const ticketOf = async (chatId: string, token = t.admin) => {
      const res = await t.api('GET', `/api/helpdesk/tickets/conversation/${chatId}`, { token });
      expect(res.status).toBe(200);
      return conversationTicketSchema.parse(res.body).ticket;
    };
    const postsOf = (site: Receiver, chatId: string) =>
      site.posts.map((p) => JSON.parse(p.body)).filter((p) => p.ticket.conversation_id === chatId);
    const outboxOf = (chatId: string) =>
      t.database.db
        .selectFrom('helpdesk_outbox as o')
        .innerJoin('helpdesk_tickets as k', 'k.id', 'o.ticket_id')
        .select('o.helpdesk_id')
        .where('k.conversation_id', '=', chatId)
        .execute();
    let multiSource = '';
    let acrossTurns = '';

    it("when an administrator's General and Sales question asks for a human, then the Sales staff's helpdesk gets nothing and the ticket waits, saying why", async () => {
      await createHelpdesk(t, salesStaff.token, {
        name: 'Sales desk',
        site_url: salesSite.url,
        departments: [sales],
      });
      // Every department the administrator may query: General and Sales.
      multiSource = await ask(t.admin, {
        query: 'Refunds and volume discounts: I want to talk to a human',
        multi_source: true,
      });
      expect(await ticketOf(multiSource)).toMatchObject({
        reason: 'asked_for_person',
        helpdesk_id: null,
        delivery: 'no_helpdesk',
        waiting: 'not_every_department',
        departments: [
          { id: GENERAL, name: 'General' },
          { id: sales, name: 'Sales' },
        ],
      });
      expect(await outboxOf(multiSource)).toEqual([]);

      // The same across turns: a General question, then a Sales one asking for a person.
      acrossTurns = await ask(t.admin, {
        query: 'How are refunds handled?',
        department_id: GENERAL,
      });
      await ask(t.admin, {
        query: 'I want to talk to a human about discounts',
        department_id: sales,
        chat_id: acrossTurns,
      });
      expect(await ticketOf(acrossTurns)).toMatchObject({
        helpdesk_id: null,
        waiting: 'not_every_department',
      });
      expect(await outboxOf(acrossTurns)).toEqual([]);

      // A Sales-only conversation is the Sales desk's.
      const member = await addPerson(t, { assignments: [{ department_id: sales, role_id: 2 }] });
      const salesOnly = await ask(member.token, {
        query: 'Can I talk to a human please?',
        department_id: sales,
      });
      await eventually(() => postsOf(salesSite, salesOnly).length === 1);
      expect(salesSite.posts.map((p) => p.body).join('\n')).not.toContain(TEST_ADMIN.email);
      expect(salesSite.posts.map((p) => p.body).join('\n')).not.toContain('Refunds');
    });

    it('when a helpdesk serving General and Sales is added, then it receives the waiting tickets, and the Sales desk still nothing of them', async () => {
      const whole = await createHelpdesk(t, t.admin, {
        name: 'Whole desk',
        site_url: wholeSite.url,
        departments: [GENERAL, sales],
      });
      await eventually(
        () => postsOf(wholeSite, multiSource).length + postsOf(wholeSite, acrossTurns).length === 2,
      );
      const [sent] = postsOf(wholeSite, acrossTurns);
      expect(sent.user.email).toBe(TEST_ADMIN.email);
      expect(sent.conversation.map((c: { question: string }) => c.question)).toEqual([
        'How are refunds handled?',
        'I want to talk to a human about discounts',
      ]);
      expect(await ticketOf(acrossTurns)).toMatchObject({ helpdesk_id: whole.id, waiting: null });
      expect(postsOf(salesSite, multiSource)).toEqual([]);
      expect(postsOf(salesSite, acrossTurns)).toEqual([]);
    });

    it('when staff of one department add their helpdesk while a ticket of theirs and another department waits, then it does not take it', async () => {
      const ops = await addDepartment(t, 'Operations');
      const opsSite = await startWebhookReceiver();
      try {
        const chatId = await ask(t.admin, {
          query: 'Where is the invoice?',
          department_id: GENERAL,
        });
        await ask(t.admin, {
          query: 'A real person, please, about the delivery',
          department_id: ops,
          chat_id: chatId,
        });
        expect(await ticketOf(chatId)).toMatchObject({
          helpdesk_id: null,
          waiting: 'not_every_department',
        });
        // No helpdesk for Operations at all yet: the whole desk serves General, not Operations.
        await t.database.db.updateTable('helpdesks').set({ status: 0 }).execute();
        expect((await ticketOf(chatId))?.waiting).toBe('no_helpdesk');
        await t.database.db.updateTable('helpdesks').set({ status: 1 }).execute();

        const opsStaff = await personWith(t, ops, 'Helpdesk.ADD', 'Helpdesk.LIST_VIEW');
        await createHelpdesk(t, opsStaff.token, {
          name: 'Ops desk',
          site_url: opsSite.url,
          departments: [ops],
        });
        expect(await outboxOf(chatId)).toEqual([]);
        expect(await ticketOf(chatId)).toMatchObject({
          helpdesk_id: null,
          waiting: 'not_every_department',
        });

        const both = await createHelpdesk(t, t.admin, {
          name: 'General and Operations desk',
          site_url: wholeSite.url,
          departments: [GENERAL, ops],
        });
        await eventually(() => postsOf(wholeSite, chatId).length === 1);
        expect(await outboxOf(chatId)).toEqual([{ helpdesk_id: both.id }]);
        expect(postsOf(opsSite, chatId)).toEqual([]);
      } finally {
        await opsSite.close();
      }
    });
  },
);
