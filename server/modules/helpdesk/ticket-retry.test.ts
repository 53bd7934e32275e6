import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticketSchema, type Ticket } from '../../../contract/helpdesk-api';
import { createHelpdesk } from '../../test-support/helpdesk';
import { addDepartment, addPerson, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { eventually, startWebhookReceiver } from '../../test-support/webhook-receiver';

/**
 * A ticket the helpdesk did not take: the console reads when it was last tried, what the
 * helpdesk answered and why it failed (as a code), and someone who may change the helpdesk has
 * it sent again now. The back-off is ten minutes here, so only Retry can deliver it in time.
 */
describeApi(
  'helpdesk ticket delivery failures and retry',
  { env: { HELPDESK_RETRY_MS: '600000', URL_FETCH_ALLOW: '127.0.0.1' } },
  (t) => {
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(() => receiver.close());

    /** A department, a helpdesk at `site_url` serving it, and a person asking there for someone. */
    async function ticketAt(site_url: string, status = true) {
      const department = await addDepartment(t);
      const desk = await createHelpdesk(t, t.admin, {
        site_url,
        departments: [department],
        status,
      });
      const asker = await addPerson(t, {
        assignments: [{ department_id: department, role_id: 2 }],
      });
      const res = await t.api('POST', '/api/chat/stuff', {
        token: asker.token,
        body: { query: 'Can I speak with an agent, please?', department_id: department },
      });
      expect(res.status).toBe(200);
      const url = `/api/helpdesk/tickets/conversation/${res.body.chat_id as string}`;
      const ticket = async () =>
        ticketSchema.parse((await t.api('GET', url, { token: asker.token })).body.ticket);
      return { department, desk, ticket };
    }

    const tried = async (read: () => Promise<Ticket>) => {
      await eventually(async () => (await read()).last_attempt !== null);
      return read();
    };

    it('when the helpdesk answers 503, then the ticket says when, 503 and why, and Retry delivers it once the helpdesk is back', async () => {
      receiver.failWith(503);
      const { department, desk, ticket } = await ticketAt(receiver.url);
      const failed = await tried(ticket);
      expect(failed).toMatchObject({
        delivery: 'queued',
        attempts: 1,
        last_attempt: { status: 503, reason: 'http_status' },
      });
      expect(Date.parse(failed.last_attempt?.at ?? '')).not.toBeNaN();
      // The next attempt is ten minutes away (±20 %).
      expect(Date.parse(failed.next_attempt_at ?? '') - Date.now()).toBeGreaterThan(7 * 60_000);
      const list = await t.api('GET', `/api/helpdesk/${desk.id}/tickets`, { token: t.admin });
      expect(list.body.items).toEqual([expect.objectContaining({ id: failed.id, attempts: 1 })]);

      // Who may read the helpdesk may not retry; who may change it elsewhere does not see it.
      const reader = await personWith(t, department, 'Helpdesk.VIEW');
      const retry = (token: string) =>
        t.api('POST', `/api/helpdesk/tickets/${failed.id}/retry`, { token });
      expect((await retry(reader.token)).status).toBe(403);
      const elsewhere = await personWith(t, await addDepartment(t), 'Helpdesk.UPDATE');
      expect((await retry(elsewhere.token)).status).toBe(404);
      expect((await ticket()).attempts).toBe(1);

      receiver.failWith(null);
      const posts = receiver.posts.length;
      const editor = await personWith(t, department, 'Helpdesk.UPDATE');
      const retried = await retry(editor.token);
      expect(retried.status).toBe(200);
      expect(retried.body.id).toBe(failed.id);
      await eventually(async () => (await ticket()).delivery === 'delivered');
      expect(receiver.posts.length).toBe(posts + 1);
      expect(await ticket()).toMatchObject({
        attempts: 0,
        last_attempt: { status: 200, reason: null },
        next_attempt_at: null,
      });
      const again = await retry(editor.token);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('TICKET_DELIVERED');
    });

    it('when the helpdesk cannot be reached, is not allowed, or is switched off, then the reason says which', async () => {
      // Port 9 (discard) on loopback: nobody listens, the connection is refused.
      const closed = await ticketAt('http://127.0.0.1:9');
      expect((await tried(closed.ticket)).last_attempt).toMatchObject({
        status: null,
        reason: 'unreachable',
      });
      const privateAddress = await ticketAt(receiver.url.replace('127.0.0.1', '127.0.0.2'));
      expect((await tried(privateAddress.ticket)).last_attempt?.reason).toBe('address_refused');
      // Switched off while its ticket waits for another attempt: Retry finds it off.
      receiver.failWith(503);
      const off = await ticketAt(receiver.url);
      await tried(off.ticket);
      const put = await t.api('PUT', `/api/helpdesk/${off.desk.id}`, {
        token: t.admin,
        body: { status: false },
      });
      expect(put.status).toBe(200);
      receiver.failWith(null);
      const id = (await off.ticket()).id;
      expect(
        (await t.api('POST', `/api/helpdesk/tickets/${id}/retry`, { token: t.admin })).status,
      ).toBe(200);
      await eventually(async () => (await off.ticket()).last_attempt?.reason === 'switched_off');
      expect((await off.ticket()).delivery).toBe('queued');
    });

    it('when a ticket waits for a helpdesk, then Retry says there is nothing to send yet', async () => {
      const department = await addDepartment(t);
      const asker = await addPerson(t, {
        assignments: [{ department_id: department, role_id: 2 }],
      });
      const res = await t.api('POST', '/api/chat/stuff', {
        token: asker.token,
        body: { query: 'I need a real person', department_id: department },
      });
      const url = `/api/helpdesk/tickets/conversation/${res.body.chat_id as string}`;
      const ticket = ticketSchema.parse(
        (await t.api('GET', url, { token: asker.token })).body.ticket,
      );
      expect(ticket).toMatchObject({ delivery: 'no_helpdesk', last_attempt: null });
      const waiting = await t.api('POST', `/api/helpdesk/tickets/${ticket.id}/retry`, {
        token: t.admin,
      });
      expect(waiting.status).toBe(409);
      expect(waiting.body.code).toBe('TICKET_WAITING');
    });

    it('when a ticket does not exist, then Retry answers 404', async () => {
      const res = await t.api('POST', '/api/helpdesk/tickets/999999/retry', { token: t.admin });
      expect(res.status).toBe(404);
    });
  },
);
