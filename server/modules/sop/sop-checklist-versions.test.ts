import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { createSop, seaShipment } from '../../test-support/sop';
import { describeApi } from '../../test-support/test-app';

/** Every change a save makes is in the version's record: item, field, old, new. */
describeApi('SOP checklist versions', (t) => {
  it('when a save flips an item between done and not applicable, then both fields changing are recorded', async () => {
    const sop = await createSop(t, t.admin);
    const created = checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token: t.admin, body: seaShipment(sop.id) }))
        .body,
    );
    const id = created.items[0].id;
    const save = async (edit: object) => {
      const res = await t.api('POST', '/api/sop/save_checklist', {
        token: t.admin,
        body: { checklist_id: created.id, checklist_data: { items: [{ id, ...edit }] } },
      });
      expect(res.status).toBe(200);
      return checklistSchema.parse(res.body);
    };
    const changesOf = async (version: number) => {
      const res = await t.api('GET', `/api/sop/checklists/${created.id}/versions`, {
        token: t.admin,
      });
      return res.body.items.find((v: { version: number }) => v.version === version).changes;
    };

    await save({ done: true, owner: 'Ana', due_date: '2026-12-02' });
    expect(await changesOf(2)).toEqual([
      { item: id, field: 'done', old: 'false', new: 'true' },
      { item: id, field: 'owner', old: '', new: 'Ana' },
      { item: id, field: 'due_date', old: '', new: '2026-12-02' },
    ]);

    const na = await save({ not_applicable: true });
    expect(na.items[0]).toMatchObject({ done: false, not_applicable: true });
    expect(await changesOf(3)).toEqual([
      { item: id, field: 'not_applicable', old: 'false', new: 'true' },
      { item: id, field: 'done', old: 'true', new: 'false' },
    ]);

    const done = await save({ done: true, due_date: null });
    expect(done.items[0]).toMatchObject({ done: true, not_applicable: false, due_date: null });
    expect(await changesOf(4)).toEqual([
      { item: id, field: 'done', old: 'false', new: 'true' },
      { item: id, field: 'due_date', old: '2026-12-02', new: '' },
      { item: id, field: 'not_applicable', old: 'true', new: 'false' },
    ]);
    expect(done.version).toBe(4);
  });
});
