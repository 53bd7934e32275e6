import { beforeAll, expect, it } from 'vitest';
import { patterns } from '../../../contract/validation';
import { trialSandboxes } from '../../db/migrations/0009-trial-sandboxes';
import { uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { createVerifiedUser, describeApi, newPerson, trialUser } from '../../test-support/test-app';

/**
 * Security finding: self sign-up gave the Trial role in General, whose Query right read every
 * General document through the chat and GET /download/{id}. A Trial user sees only their own.
 */
describeApi('Trial users live in their own sandbox', (t) => {
  let generalDoc: number;
  const csv = (fact: string) => `topic,fact\nlogistics,"${fact}"\n`;

  const ask = (token: string, query: string, department_id?: number) =>
    t.api('POST', '/api/chat/stuff', { token, body: { query, department_id } });
  const listed = async (token: string) =>
    (await t.api('GET', '/api/upload/uploaded/documents', { token })).body.items?.map(
      (d: { id: number }) => d.id,
    ) ?? [];

  beforeAll(async () => {
    const res = await uploadFiles(t, t.admin, [
      {
        name: 'general-secrets.csv',
        content: csv('The vault combination of the Oslo depot is 4711-PLOVER.'),
        type: 'text/csv',
      },
    ]);
    generalDoc = res.body.items[0].document_id;
    expect((await waitForDocument(t, t.admin, generalDoc)).status).toBe('ready');
  });

  it('when a Trial user asks, lists or downloads, then nothing of General reaches them', async () => {
    const trial = await trialUser(t, 'sandboxed');
    expect(trial.department).not.toBe(1);
    const answer = await ask(trial.token, 'What is the vault combination of the Oslo depot?');
    expect(JSON.stringify(answer.body)).not.toContain('PLOVER');
    const inGeneral = await ask(trial.token, 'What is the vault combination?', 1);
    expect(JSON.stringify(inGeneral.body)).not.toContain('PLOVER');
    expect(await listed(trial.token)).not.toContain(generalDoc);
    const download = await t.api('GET', `/api/download/${generalDoc}`, { token: trial.token });
    expect([403, 404]).toContain(download.status);
    expect(download.raw).not.toContain('PLOVER');
  });

  it('when a Trial user uploads to their sandbox, then they find it and another Trial user does not', async () => {
    const ann = await trialUser(t, 'ann');
    const ben = await trialUser(t, 'ben');
    const res = await uploadFiles(
      t,
      ann.token,
      [
        {
          name: 'ann-notes.csv',
          content: csv('Ann ships every parcel with KESTREL tape.'),
          type: 'text/csv',
        },
      ],
      { department_id: String(ann.department) },
    );
    expect(res.status).toBe(200);
    const doc = res.body.items[0].document_id as number;
    expect((await waitForDocument(t, ann.token, doc)).status).toBe('ready');
    expect(await listed(ann.token)).toContain(doc);
    const found = await ask(ann.token, 'Which tape does Ann ship every parcel with?');
    expect(JSON.stringify(found.body)).toContain('KESTREL');

    expect(await listed(ben.token)).not.toContain(doc);
    const benAsks = await ask(ben.token, 'Which tape does Ann ship every parcel with?');
    expect(JSON.stringify(benAsks.body)).not.toContain('KESTREL');
    const benDownload = await t.api('GET', `/api/download/${doc}`, { token: ben.token });
    expect([403, 404]).toContain(benDownload.status);
    const benUpload = await uploadFiles(
      t,
      ben.token,
      [{ name: 'ben.csv', content: csv('x'), type: 'text/csv' }],
      { department_id: String(ann.department) },
    );
    expect(benUpload.status).toBe(403);
  });

  it('when a database from before has Trial users in General, then the migration moves each to a sandbox of their own', async () => {
    const old = await createVerifiedUser(t, newPerson('legacy'));
    const { db } = t.database;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', old.email)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('user_roles')
      .set({ department_id: 1 })
      .where('user_id', '=', user.id)
      .execute();
    await trialSandboxes().up(db);
    const rows = await db
      .selectFrom('user_roles')
      .innerJoin('departments', 'departments.id', 'user_roles.department_id')
      .select(['departments.name', 'user_roles.role_id'])
      .where('user_roles.user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role_id: 4 });
    expect(rows[0].name).toMatch(/^Trial Test Person( [B-Z]+)?$/);
    expect(rows[0].name).toMatch(patterns.nameLike);
  });
});
