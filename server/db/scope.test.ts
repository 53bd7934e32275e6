import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DepartmentScope } from '../../contract/access';
import { useTestApp, testDatabases } from '../test-support/test-app';
import { prepareQuery } from './prepared';
import {
  conversationWithin,
  inScope,
  junctionCovers,
  junctionMeets,
  junctionNoneOutside,
  junctionWithin,
  touchedWithin,
} from './scope';

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

  /** Owner 1 holds department 1, owner 2 departments 1 and 2, owner 3 none. */
  const ownerDepartments = async () => {
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
  };

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

  it('when a prepared query is scoped, then each run keeps the rows of its own scope', async () => {
    const { db } = t.database;
    await ownerDepartments();
    const departments = prepareQuery((scope: number[]) =>
      db
        .selectFrom(sql`scope_owner_departments`.as('j'))
        .select(sql<number>`j.department_id`.as('id'))
        .distinct()
        .where(inScope('j.department_id', scope))
        .orderBy('id'),
    );
    const run = async (scope: number[]) =>
      (await departments.all(db, scope)).map((r) => Number(r.id));
    expect(await run([1])).toEqual([1]);
    expect(await run([2])).toEqual([2]);
    expect(await run([2, 1])).toEqual([1, 2]);
    expect(await run([3])).toEqual([]);
    expect(await run([])).toEqual([]);
  });

  it("when none of an owner's departments may lie outside a scope, then one of none lies in any but the empty one", async () => {
    const { db } = t.database;
    await ownerDepartments();
    const owners = async (scope: DepartmentScope) =>
      (
        await sql<{
          id: number;
        }>`select o.id from (select 1 as id union select 2 union select 3) as o
          where ${junctionNoneOutside(
            { table: 'scope_owner_departments', owner: 'owner_id', ownerRef: 'o.id' },
            scope,
          )} order by o.id`.execute(db)
      ).rows.map((r) => Number(r.id));
    expect(await owners([1])).toEqual([1, 3]);
    expect(await owners([1, 2])).toEqual([1, 2, 3]);
    expect(await owners([2])).toEqual([3]);
    expect(await owners('all')).toEqual([1, 2, 3]);
    expect(await owners([])).toEqual([]);
  });

  it('when an owner spans departments, then it is in scope only with all of them', async () => {
    const { db } = t.database;
    await ownerDepartments();
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

  it('when an owner must serve a set of departments, then only one holding all of them does', async () => {
    const { db } = t.database;
    await ownerDepartments();
    const junction = { table: 'scope_owner_departments', owner: 'owner_id', ownerRef: 'o.id' };
    const owners = async (where: ReturnType<typeof junctionCovers>) =>
      (
        await sql<{ id: number }>`select o.id from (select 1 as id union select 2 union select 3)
          as o where ${where} order by o.id`.execute(db)
      ).rows.map((r) => Number(r.id));
    expect(await owners(junctionCovers(junction, [1]))).toEqual([1, 2]);
    expect(await owners(junctionCovers(junction, [1, 2]))).toEqual([2]);
    expect(await owners(junctionCovers(junction, [2, 2]))).toEqual([2]);
    expect(await owners(junctionCovers(junction, [1, 3]))).toEqual([]);
    expect(await owners(junctionCovers(junction, []))).toEqual([]);
    expect(await owners(junctionMeets(junction, [2]))).toEqual([2]);
    expect(await owners(junctionMeets(junction, [1, 9]))).toEqual([1, 2]);
    expect(await owners(junctionMeets(junction, 'all'))).toEqual([1, 2, 3]);
    expect(await owners(junctionMeets(junction, []))).toEqual([]);
  });

  it("when a conversation touched several departments, then it is a reader's only with all of them", async () => {
    const { db } = t.database;
    const { id: userId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    // A: a turn in 2, then one searching 1 and 2; B: two turns in 2 and a cancelled one in 1
    // (never reported); C: no turns.
    type Turn = [chosen: number | null, searched: string, cancelled?: 1];
    const conversations: [id: string, turns: Turn[]][] = [
      [
        'scope-a',
        [
          [2, '[2]'],
          [null, '[1,2]'],
        ],
      ],
      [
        'scope-b',
        [
          [2, '[2]'],
          [null, '[2]'],
          [1, '[1]', 1],
        ],
      ],
      ['scope-c', []],
    ];
    for (const [id, turns] of conversations) {
      await db
        .insertInto('conversations')
        .values({ id, user_id: userId, title: id, created_at: now, updated_at: now })
        .execute();
      for (const [i, [chosen, searched, cancelled]] of turns.entries()) {
        await db
          .insertInto('chat_turns')
          .values({
            conversation_id: id,
            user_id: userId,
            channel: 'console',
            department_id: chosen,
            department_ids: searched,
            mode: 'stuff',
            question: 'q',
            answer: 'a',
            engine: 'builtin',
            model: 'builtin',
            latency_ms: 1,
            no_answer: 0,
            cancelled: cancelled ?? 0,
            references_json: '[]',
            asked_at: now,
            answered_at: now,
          })
          .execute();
        // Its rollup row, as the reports keep one (rollups.ts): reported turns only.
        if (!cancelled)
          await db
            .insertInto('report_conversations')
            .values({
              conversation: id,
              day: `2025-01-0${i + 1}`,
              channel: 'console',
              widget_id: 0,
              department_id: chosen ?? 0,
              department_ids: searched,
              first_ms: 0,
              last_ms: 0,
              turns: 1,
              latency_sum: 1,
              positive: 0,
              neutral: 1,
              negative: 0,
            })
            .execute();
      }
    }
    for (const from of ['turns', 'rollup'] as const) {
      const seen = async (scope: DepartmentScope) =>
        (
          await sql<{ id: string }>`select c.id from conversations as c
            where c.id like 'scope-%' and ${conversationWithin(dialect, 'c.id', scope, from)}
            order by c.id`.execute(db)
        ).rows.map((r) => r.id);
      expect(await seen([2]), from).toEqual(['scope-b', 'scope-c']);
      expect(await seen([1]), from).toEqual(['scope-c']);
      expect(await seen([1, 2]), from).toEqual(['scope-a', 'scope-b', 'scope-c']);
      expect(await seen('all'), from).toEqual(['scope-a', 'scope-b', 'scope-c']);
      expect(await seen([]), from).toEqual([]);
    }
  });
});
