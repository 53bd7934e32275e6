import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DepartmentScope } from '../../contract/access';
import { useTestApp, testDatabases } from '../test-support/test-app';
import { inScope, junctionWithin, touchedWithin } from './scope';

// Rows of a turn: the department it chose (or none) and the sources it searched.
const TURNS: [id: number, chosen: number | null, searched: string][] = [
  [1, 2, '[2]'],
  [2, null, '[1,2]'],
  [3, null, '[2]'],
  [4, null, '[]'],
  [5, 1, '[1,2]'],
];

describe.each(testDatabases)('department scope as SQL on %s', (dialect) => {
  const t = useTestApp(dialect, { admin: false });

  const turnsSeen = async (scope: DepartmentScope) => {
    const { db } = t.database;
    await sql`create table if not exists scope_turns (id integer primary key,
      department_id integer, department_ids text not null)`.execute(db);
    await sql`delete from scope_turns`.execute(db);
    for (const [id, chosen, searched] of TURNS)
      await sql`insert into scope_turns values (${id}, ${chosen}, ${searched})`.execute(db);
    const { rows } = await sql<{ id: number }>`select id from scope_turns as t
      where ${touchedWithin(dialect, 't', scope)} order by id`.execute(db);
    return rows.map((r) => Number(r.id));
  };

  it('when a reader holds some departments, then only turns touching none other are theirs', async () => {
    expect(await turnsSeen('all')).toEqual([1, 2, 3, 4, 5]);
    expect(await turnsSeen([2])).toEqual([1, 3]);
    expect(await turnsSeen([1])).toEqual([5]);
    expect(await turnsSeen([1, 2])).toEqual([1, 2, 3, 5]);
    expect(await turnsSeen([])).toEqual([]);
  });

  it('when rows belong to departments, then the scope keeps theirs, and an empty one none', async () => {
    const { db } = t.database;
    const ids = async (scope: DepartmentScope) =>
      (
        await sql<{ id: number }>`select id from departments as d
          where ${inScope('d.id', scope)} order by id`.execute(db)
      ).rows.map((r) => Number(r.id));
    expect(await ids('all')).toEqual([1]);
    expect(await ids([1, 7])).toEqual([1]);
    expect(await ids([7])).toEqual([]);
    expect(await ids([])).toEqual([]);
  });

  it('when an owner spans departments, then it is in scope only with all of them', async () => {
    const { db } = t.database;
    await sql`create table if not exists scope_owner_departments (owner_id integer not null,
      department_id integer not null)`.execute(db);
    await sql`delete from scope_owner_departments`.execute(db);
    for (const [owner, department] of [
      [1, 1],
      [2, 1],
      [2, 2],
    ])
      await sql`insert into scope_owner_departments values (${owner}, ${department})`.execute(db);
    const owners = async (scope: DepartmentScope) =>
      (
        await sql<{
          id: number;
        }>`select o.id from (select 1 as id union select 2 union select 3) as o
          where ${junctionWithin(
            { table: 'scope_owner_departments', owner: 'owner_id', ownerRef: 'o.id' },
            scope,
          )} order by o.id`.execute(db)
      ).rows.map((r) => Number(r.id));
    expect(await owners([1])).toEqual([1]);
    expect(await owners([1, 2])).toEqual([1, 2]);
    expect(await owners([2])).toEqual([]);
    expect(await owners('all')).toEqual([1, 2, 3]);
  });
});
