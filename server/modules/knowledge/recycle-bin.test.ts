import { expect, it } from 'vitest';
import { documentsPageSchema, type KnowledgeDocument } from '../../../contract/knowledge';
import { insertDocument } from '../../test-support/document-rows';
import { GENERAL, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

const BIN = '/api/upload/uploaded/documents?soft_delete=true';

describeApi('recycle bin', (t) => {
  const bin = async (token: string, query = ''): Promise<KnowledgeDocument[]> => {
    const res = await t.api('GET', `${BIN}${query}`, { token });
    expect(res.status).toBe(200);
    return documentsPageSchema.parse(res.body).items;
  };
  const flip = (token: string, ids: number[]) =>
    t.api('PUT', '/api/upload/update_soft_delete', { token, body: { doc_ids: ids } });

  it('when a person moves a document to the recycle bin, then the bin names them and the time, and restoring clears both', async () => {
    const clerk = await personWith(t, GENERAL, 'Documents.LIST_VIEW', 'Documents.DELETE');
    const id = await insertDocument(t.database, {
      name: 'tariffs.csv',
      type: 'csv',
      department_id: GENERAL,
    });
    const before = Date.now();
    const moved = await flip(clerk.token, [id]);
    expect(moved.status).toBe(200);

    const row = (await bin(t.admin)).find((d) => d.id === id);
    expect(row?.deleted_by).toEqual({ id: clerk.id, name: `Test ${clerk.username.slice(5)}` });
    const at = Date.parse(row?.deleted_at ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    const restored = await flip(t.admin, [id]);
    expect(restored.body.items[0]).toMatchObject({
      id,
      soft_delete: false,
      deleted_by: null,
      deleted_at: null,
    });
  });

  it('when a document was in the bin before deletions were recorded, then it says nobody and no time', async () => {
    const id = await insertDocument(t.database, {
      name: 'old-binned.csv',
      type: 'csv',
      department_id: GENERAL,
      soft_delete: 1,
    });
    const row = (await bin(t.admin)).find((d) => d.id === id);
    expect(row).toMatchObject({ soft_delete: true, deleted_by: null, deleted_at: null });
  });

  it('when the bin is sorted by deletion, then the latest deletion comes first descending and unrecorded ones last', async () => {
    const names = ['first.csv', 'second.csv', 'third.csv'];
    const ids: number[] = [];
    for (const name of names)
      ids.push(await insertDocument(t.database, { name, type: 'csv', department_id: GENERAL }));
    const unrecorded = await insertDocument(t.database, {
      name: 'unrecorded.csv',
      type: 'csv',
      department_id: GENERAL,
      soft_delete: 1,
    });
    for (const id of ids) {
      expect((await flip(t.admin, [id])).status).toBe(200);
      // Distinct times, so the order is the deletions' and not the ids'.
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const order = (items: KnowledgeDocument[]) =>
      items.map((d) => d.id).filter((id) => [...ids, unrecorded].includes(id));
    expect(order(await bin(t.admin, '&sort=-deleted'))).toEqual([
      ids[2],
      ids[1],
      ids[0],
      unrecorded,
    ]);
    expect(order(await bin(t.admin, '&sort=deleted'))).toEqual([
      unrecorded,
      ids[0],
      ids[1],
      ids[2],
    ]);
  });

  it('when someone without Documents.DELETE tries to bin a document, then nothing about it changes', async () => {
    const reader = await personWith(t, GENERAL, 'Documents.LIST_VIEW');
    const id = await insertDocument(t.database, {
      name: 'kept.csv',
      type: 'csv',
      department_id: GENERAL,
    });
    expect((await flip(reader.token, [id])).status).toBe(403);
    const row = await t.database.db
      .selectFrom('documents')
      .select(['soft_delete', 'deleted_at', 'deleted_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ soft_delete: 0, deleted_at: null, deleted_by: null });
  });
});
