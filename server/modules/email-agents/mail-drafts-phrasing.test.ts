import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailDraftPageSchema } from '../../../contract/email-mailbox';
import { accountBody, createAccount, mailAppEnv, mailUser, sendAs } from '../../test-support/email';
import { addDepartment } from '../../test-support/identity';
import { buildDocx } from '../../test-support/fixtures/docx-writer';
import { uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => {
  await servers?.stop();
});

/**
 * Drafts for mails written as customers write them: a polite lead-in, two questions in one
 * sentence, a question in the subject line, what the customer says of their own setup, and a
 * signature, answered from a real uploaded manual through the real mail servers.
 */
describeApi('drafted replies to real phrasing', { env: mailAppEnv() }, (t) => {
  const sync = (id: number) => t.api('POST', `/api/email-agent/${id}/sync`, { token: t.admin });
  const pending = async (id: number) =>
    mailDraftPageSchema.parse(
      (await t.api('GET', `/api/email-agent/${id}/drafts?status=pending`, { token: t.admin })).body,
    ).items;

  async function deskWith(name: string, blocks: Parameters<typeof buildDocx>[0]) {
    const department = await addDepartment(t, `Desk ${name}`);
    const res = await uploadFiles(t, t.admin, [{ name, content: buildDocx(blocks) }], {
      department_id: String(department),
    });
    const id = res.body.items[0].document_id as number;
    expect((await waitForDocument(t, t.admin, id, 90_000)).status).toBe('ready');
    const box = mailUser(servers, 'desk');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { knowledge_departments: [department], title: 'Support' }),
    );
    return { box, account };
  }

  it('when a French customer writes "Je me permets de vous écrire au sujet de … :" and asks two things in one sentence, then the French draft answers each under its own question', async () => {
    const { box, account } = await deskWith('cafetiere-aquaflow.docx', [
      { heading: 'Manuel de la cafetière Aquaflow 300' },
      { heading: 'Réservoir', level: 2 },
      { paragraph: "Le réservoir d'eau de l'Aquaflow 300 contient 1,8 litre." },
      { heading: 'Détartrage', level: 2 },
      { paragraph: 'Le programme de détartrage dure 25 minutes et ne doit pas être interrompu.' },
      { heading: 'Nettoyage', level: 2 },
      { paragraph: 'Essuyez le boîtier avec un chiffon humide.' },
    ]);
    const customer = mailUser(servers, 'mairie');
    await sendAs(servers, customer, {
      to: box.address,
      subject: 'Cafetière du service',
      text: [
        'Bonjour,',
        '',
        'Je me permets de vous écrire au sujet de notre cafetière Aquaflow 300 : combien de litres contient le réservoir, et combien de temps dure le programme de détartrage ?',
        '',
        'Je vous remercie par avance.',
        '',
        'Cordialement,',
        'Camille Martin',
        'Service informatique – Mairie de Villeurbanne',
        'Tél. 04 78 00 00 00',
      ].join('\n'),
    });
    expect((await sync(account.id)).body.stored).toBe(1);
    const [draft] = await pending(account.id);
    expect(draft.no_answer).toBe(false);
    expect(draft.body).toMatch(/^Bonjour/);
    const [tank, descaling] = draft.body.split('\n\n> ').slice(1);
    expect(tank).toMatch(
      /^Notre cafetière Aquaflow 300: combien de litres contient le réservoir\?\n.*1,8 litre.*\[\d\]/s,
    );
    expect(descaling).toMatch(
      /^Combien de temps dure le programme de détartrage\?\n.*25 minutes.*\[\d\]/s,
    );
    expect(draft.body).toContain('\nSources :\n[1] cafetiere-aquaflow.docx');
  }, 120_000);

  it('when an English customer asks one thing in the subject line and another in the body with words about their own setup, then the draft answers both', async () => {
    const { box, account } = await deskWith('orion-gateway.docx', [
      { heading: 'Orion 5 gateway administration' },
      { heading: 'Factory reset', level: 2 },
      {
        paragraph:
          'To restore the factory settings of the Orion 5 gateway, hold the reset button for ten seconds.',
      },
      { heading: 'Logging', level: 2 },
      { paragraph: 'The Orion 5 gateway keeps its event log for 30 days by default.' },
    ]);
    const customer = mailUser(servers, 'northwind');
    await sendAs(servers, customer, {
      to: box.address,
      subject: 'How do I restore the factory settings of the Orion 5 gateway?',
      text: [
        'Hi team,',
        '',
        "Also, how long does the Orion 5 gateway keep its event log if we don't change anything?",
        '',
        'Thanks,',
        'Tom',
        '',
        '--',
        'Tom Becker | Senior Network Engineer',
        'Northwind Logistics',
        '+49 30 1234567',
      ].join('\n'),
    });
    expect((await sync(account.id)).body.stored).toBe(1);
    const [draft] = await pending(account.id);
    expect(draft.no_answer).toBe(false);
    const [reset, log] = draft.body.split('\n\n> ').slice(1);
    expect(reset).toMatch(/^How do I restore the factory settings.*\n.*ten seconds.*\[\d\]/s);
    expect(log).toMatch(/^Also, how long does the Orion 5 gateway keep its event log.*30 days/s);
  }, 120_000);
});
