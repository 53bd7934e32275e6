import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailDraftPageSchema } from '../../../contract/email-mailbox';
import {
  accountBody,
  createAccount,
  mailAppEnv,
  mailUser,
  readFolder,
  sendAs,
  waitForMail,
} from '../../test-support/email';
import { addDepartment } from '../../test-support/identity';
import { buildDocx } from '../../test-support/fixtures/docx-writer';
import { writePdf } from '../../test-support/knowledge-fixtures';
import { uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';
import { NO_ANSWER_TEXT } from './drafter';

let servers: MailServers;
let dir: string;
beforeAll(async () => {
  servers = await startMailServers();
  dir = mkdtempSync(join(tmpdir(), 'atrium-mail-docs-'));
  writePdf(join(dir, 'report.pdf'), 3, 'marmalade', 2);
}, 30_000);
afterAll(async () => {
  await servers?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Drafted replies, approval and sending, against real mail servers. */
// The timer-driven sync stays off: the tests sync when they mean to.
describeApi('drafted replies', { env: mailAppEnv() }, (t) => {
  let knowledge: number;
  beforeAll(async () => {
    knowledge = await addDepartment(t, 'Finance');
    const res = await uploadFiles(
      t,
      t.admin,
      [{ name: 'report.pdf', content: readFileSync(join(dir, 'report.pdf')) }],
      {
        department_id: String(knowledge),
      },
    );
    const id = res.body.items[0].document_id as number;
    expect((await waitForDocument(t, t.admin, id, 90_000)).status).toBe('ready');
  }, 120_000);

  const sync = (id: number) => t.api('POST', `/api/email-agent/${id}/sync`, { token: t.admin });
  const drafts = async (id: number, status = 'pending') =>
    mailDraftPageSchema.parse(
      (await t.api('GET', `/api/email-agent/${id}/drafts?status=${status}`, { token: t.admin }))
        .body,
    );

  it('when a customer asks what a document answers, then the draft cites it, and once approved the reply arrives with In-Reply-To', async () => {
    const box = mailUser(servers, 'finance');
    const customer = mailUser(servers, 'customer');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { knowledge_departments: [knowledge], title: 'Finance desk' }),
    );
    const asked = await sendAs(servers, customer, {
      to: box.address,
      subject: 'Marmalade budget',
      text: 'Was the quarterly marmalade budget approved by the board?',
    });
    expect((await sync(account.id)).body.stored).toBe(1);
    const [draft] = (await drafts(account.id)).items;
    expect(draft).toMatchObject({
      to: [customer.address],
      subject: 'Re: Marmalade budget',
      no_answer: false,
    });
    expect(draft.references[0]).toMatchObject({ document_name: 'report.pdf', page: 2 });
    expect(draft.body).toMatch(/marmalade/i);
    expect(draft.body).toContain('Sources:\n[1] ');
    // Nothing leaves before a person approves it.
    expect(await readFolder(servers, customer)).toHaveLength(0);

    const edited = await t.api('PUT', `/api/email-agent/${account.id}/drafts/${draft.id}`, {
      token: t.admin,
      body: { body: `${draft.body}\n\nChecked by a person.` },
    });
    expect(edited.status).toBe(200);
    const sent = await t.api('POST', `/api/email-agent/${account.id}/drafts/${draft.id}/send`, {
      token: t.admin,
    });
    expect(sent.status).toBe(200);
    const [reply] = await waitForMail(servers, customer, 1);
    expect(reply.inReplyTo).toBe(asked.messageId);
    expect(reply.references).toContain(asked.messageId);
    expect(reply.subject).toBe('Re: Marmalade budget');
    expect(reply.text).toContain('Checked by a person.');
    expect(reply.from?.value[0]).toMatchObject({ address: box.address, name: 'Finance desk' });
    // Filed in the account's Sent folder, and shown there.
    const filed = await readFolder(servers, box, 'Sent');
    expect(filed.map((m) => m.messageId)).toEqual([reply.messageId]);
    const sentPage = await t.api('GET', `/api/email-agent/${account.id}/messages?folder=sent`, {
      token: t.admin,
    });
    expect(sentPage.body.items.map((m: { message_id: string }) => m.message_id)).toEqual([
      reply.messageId,
    ]);
    expect(sentPage.body.items[0].thread_key).toBe(asked.messageId);
    // Sent once only.
    const twice = await t.api('POST', `/api/email-agent/${account.id}/drafts/${draft.id}/send`, {
      token: t.admin,
    });
    expect(twice.status).toBe(409);
    const history = await t.api('GET', `/api/email-agent/history/${account.id}`, {
      token: t.admin,
    });
    const actions = history.body.items.map((h: { action: string }) => h.action);
    expect(actions.slice(0, 3)).toEqual(['draft_sent', 'draft_edited', 'draft_created']);
    expect(history.body.items[0].actor).toMatchObject({ name: 'Default Administrator' });
    expect(history.body.items[1].changes.body[1]).toContain('Checked by a person.');
    expect(history.body.items[2].actor).toBeNull();
  }, 60_000);

  it('when a customer greets, asks two questions, signs off and quotes the earlier thread, then the draft answers both from the uploaded manual', async () => {
    const facilities = await addDepartment(t, 'Facilities');
    const manual = buildDocx([
      { heading: 'Aquaflow 300 user manual' },
      { heading: 'Water tank', level: 2 },
      { paragraph: 'The water tank of the Aquaflow 300 holds 1.8 litres.' },
      { paragraph: 'Fill it with fresh cold water before the first use.' },
      { heading: 'Descaling', level: 2 },
      { paragraph: 'The descaling programme runs for 25 minutes and must not be interrupted.' },
      { paragraph: 'Descale the machine every three months.' },
      { heading: 'Cleaning', level: 2 },
      {
        paragraph: 'Wipe the housing with a damp cloth. Never put the drip tray in the dishwasher.',
      },
    ]);
    const res = await uploadFiles(t, t.admin, [{ name: 'aquaflow-manual.docx', content: manual }], {
      department_id: String(facilities),
    });
    const documentId = res.body.items[0].document_id as number;
    expect((await waitForDocument(t, t.admin, documentId, 90_000)).status).toBe('ready');

    const box = mailUser(servers, 'facilities');
    const customer = mailUser(servers, 'office');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { knowledge_departments: [facilities], title: 'Aquaflow support' }),
    );
    // The sign-off, the signature and the quoted thread carry words no manual holds.
    await sendAs(servers, customer, {
      to: box.address,
      subject: 'Re: Your order 4711',
      text: [
        'Hi support team,',
        '',
        'I hope you are well. We set up the Aquaflow 300 in our office last week.',
        'How many litres does the water tank hold? And how long does the descaling',
        'programme run?',
        '',
        'Thanks a lot,',
        'Tom Baker',
        'Facilities Manager | Baker & Sons',
        '+44 20 7946 0018',
        '',
        'On Mon, 3 Mar 2025 at 10:12, Aquaflow support <support@example.test> wrote:',
        '> Thank you for your order 4711. Your invoice and the delivery note are attached.',
        '> Kind regards, the support team',
      ].join('\n'),
    });
    expect((await sync(account.id)).body.stored).toBe(1);
    const [draft] = (await drafts(account.id)).items;
    expect(draft.no_answer).toBe(false);
    expect(draft.references.length).toBeGreaterThan(0);
    expect(draft.references.every((r) => r.document_name === 'aquaflow-manual.docx')).toBe(true);
    const [tank, descaling] = draft.body.split('\n\n> ').slice(1);
    expect(tank).toMatch(/^How many litres does the water tank hold\?\n.*1\.8 litres.*\[\d\]/s);
    expect(descaling).toMatch(
      /^And how long does the descaling programme run\?\n.*25 minutes.*\[\d\]/s,
    );
    expect(draft.body).toContain('\nSources:\n[1] ');
    expect(draft.body).not.toContain('could not find');
  }, 120_000);

  it('when the knowledge base has nothing on a question, then the draft says so and cites nothing', async () => {
    const box = mailUser(servers, 'nothing');
    const customer = mailUser(servers, 'asker');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { knowledge_departments: [knowledge] }),
    );
    await sendAs(servers, customer, {
      to: box.address,
      subject: 'Parking',
      text: 'Where can I park my bicycle overnight?',
    });
    await sync(account.id);
    const [draft] = (await drafts(account.id)).items;
    expect(draft.no_answer).toBe(true);
    expect(draft.references).toEqual([]);
    expect(draft.body).toContain(NO_ANSWER_TEXT);
    const discarded = await t.api(
      'POST',
      `/api/email-agent/${account.id}/drafts/${draft.id}/discard`,
      {
        token: t.admin,
      },
    );
    expect(discarded.status).toBe(200);
    expect((await drafts(account.id)).total).toBe(0);
    expect((await drafts(account.id, 'discarded')).total).toBe(1);
  }, 60_000);

  it('when mail comes from the account itself, is an auto-reply or is bulk, then no reply is drafted', async () => {
    const box = mailUser(servers, 'loops');
    const other = mailUser(servers, 'robot');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { knowledge_departments: [knowledge] }),
    );
    await sendAs(servers, box, { to: box.address, subject: 'Note to self', text: 'marmalade' });
    await sendAs(servers, other, {
      to: box.address,
      subject: 'Out of office',
      text: 'I am away.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await sendAs(servers, other, {
      to: box.address,
      subject: 'Newsletter',
      text: 'Marmalade news',
      headers: { Precedence: 'bulk', 'List-Id': '<news.example.test>' },
    });
    expect((await sync(account.id)).body.stored).toBe(3);
    expect((await drafts(account.id)).total).toBe(0);
    const inbox = await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin });
    const reasons = Object.fromEntries(
      inbox.body.items.map((m: { subject: string; skipped: string }) => [m.subject, m.skipped]),
    );
    expect(reasons).toEqual({
      'Note to self': 'own_address',
      'Out of office': 'auto_reply',
      Newsletter: 'bulk',
    });
    const stats = await t.api('GET', `/api/email-agent/${account.id}/stats`, { token: t.admin });
    expect(stats.body).toMatchObject({ received: 3, drafted: 0, skipped: 3 });
  });

  it('when an account needs no approval, then the reply goes out at once', async () => {
    const box = mailUser(servers, 'auto');
    const customer = mailUser(servers, 'quick');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { knowledge_departments: [knowledge], require_approval: false }),
    );
    await sendAs(servers, customer, {
      to: box.address,
      subject: 'Budget',
      text: 'Is the marmalade budget approved?',
    });
    await sync(account.id);
    const [reply] = await waitForMail(servers, customer, 1);
    expect(reply.subject).toBe('Re: Budget');
    expect((await drafts(account.id, 'sent')).total).toBe(1);
  }, 60_000);

  it('when a person composes a message with an attachment, then it arrives and is filed in Sent', async () => {
    const box = mailUser(servers, 'compose');
    const friend = mailUser(servers, 'friend');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    const res = await t.api('POST', `/api/email-agent/${account.id}/compose`, {
      token: t.admin,
      body: {
        to: [friend.address],
        subject: 'Your invoice',
        body: 'Please find the invoice attached.',
        attachments: [
          {
            filename: 'invoice.txt',
            content_type: 'text/plain',
            content: Buffer.from('total 42').toString('base64'),
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [mail] = await waitForMail(servers, friend, 1);
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['invoice.txt', 'total 42'],
    ]);
    expect((await readFolder(servers, box, 'Sent')).map((m) => m.subject)).toEqual([
      'Your invoice',
    ]);
    // The console's own Sent copy keeps the attachment too, and it downloads.
    const sent = await t.api('GET', `/api/email-agent/${account.id}/messages?folder=sent`, {
      token: t.admin,
    });
    const copy = sent.body.items.find((m: { subject: string }) => m.subject === 'Your invoice');
    expect(copy.attachments).toMatchObject([{ filename: 'invoice.txt', size: 8 }]);
    const file = await t.api(
      'GET',
      `/api/email-agent/${account.id}/messages/${copy.id}/attachments/${copy.attachments[0].id}`,
      { token: t.admin },
    );
    expect(file.raw).toBe('total 42');
    const bad = await t.api('POST', `/api/email-agent/${account.id}/compose`, {
      token: t.admin,
      body: { to: ['not an address'], subject: 'x', body: 'y' },
    });
    expect(bad.status).toBe(400);
    expect(await readFolder(servers, friend)).toHaveLength(1);
  });
});
