import { expect, it } from 'vitest';
import { describeApi } from '../test-support/test-app';
import { prepareQuery } from './prepared';

describeApi('prepared queries', { admin: false }, (t) => {
  it('when a prepared query runs with other values, list lengths and filters, then it answers what the built query answers', async () => {
    const { db } = t.database;
    const build = (ids: readonly number[], name: string | null, limit: number) => {
      let q = db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids);
      if (name !== null) q = q.where('name', '=', name);
      return q.orderBy('id').limit(limit);
    };
    const prepared = prepareQuery(build);
    const cases: [number[], string | null, number][] = [
      [[1, 2, 3], null, 10],
      [[2, 3, 4], null, 2],
      [[1], 'Administrator', 5],
      [[1, 2, 3, 4], 'Trial', 5],
      [[1, 2, 3], 'No such role', 5],
      [[4, 3], null, 10],
    ];
    for (const [ids, name, limit] of cases) {
      const expected = await build(ids, name, limit).execute();
      expect(await prepared.all(db, ids, name, limit), JSON.stringify([ids, name])).toEqual(
        expected,
      );
    }
    expect(await prepared.first(db, [1], null, 1)).toEqual({ id: 1, name: 'Administrator' });
    // Inside a transaction it reads what the transaction wrote.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set({ name: 'Renamed' }).where('id', '=', 4).execute();
      expect(await prepared.first(trx, [4], null, 1)).toEqual({ id: 4, name: 'Renamed' });
      await trx.updateTable('roles').set({ name: 'Trial' }).where('id', '=', 4).execute();
    });
  });

  it('when a build uses a value other than as a query value, then the first run fails loudly', async () => {
    const { db } = t.database;
    const prepared = prepareQuery((name: string) =>
      db.selectFrom('roles').select('id').where('name', '=', `${name}`),
    );
    await expect(prepared.all(db, 'Administrator')).rejects.toThrow(/not passed to the query/);
  });
});
