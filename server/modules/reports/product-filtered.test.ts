import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { DepartmentScope } from '../../../contract/access';
import { isoDay } from '../../../contract/reports';
import { createChatRepo } from '../chat/conversations/repo';
import { addDepartment, addPerson } from '../../test-support/identity';
import { describeApi, type TestApp } from '../../test-support/test-app';
import { type FilterInput, resolveFilter } from './filters';
import { writeConversation } from './report-fixtures';
import { createSentimentLog } from './sentiment-log';
import { createProductRollup } from './product-rollup';
import { createSentimentRepo } from './sentiment-repo';
import { createTurnLog } from './turn-log';

const NAMES = ['Lantern', 'Harbour Box', 'Parcel'];
const day = (daysAgo: number, time: string) =>
  `${isoDay(new Date(Date.now() - daysAgo * 864e5))}T${time}.000Z`;
/** Minutes ago: not settled yet, so read from the log past the products' mark. */
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * The sentiment reports filtered by products read the products' turns and their sums
 * (product-filtered.ts); each figure must equal the one read from the whole log, which
 * report-filters.test.ts checks against known answers. Filters of one product and of several
 * (a turn naming two counts once), with a sentiment and a department, over turns that change.
 */
describeApi('reports filtered by products', (t) => {
  let other = 0;
  const chats: string[] = [];
  const turnIds: number[] = [];
  beforeAll(async () => {
    other = await addDepartment(t);
    const user = (await addPerson(t)).id;
    const write = async (...args: Parameters<typeof writeConversation>[2][]) => {
      for (const spec of args) {
        const written = await writeConversation(t, user, spec);
        chats.push(written.id);
        turnIds.push(...written.turnIds);
      }
    };
    const turn = (asked: string, question: string, answer = 'Noted.') => ({
      asked,
      latency: 500,
      question,
      answer,
    });
    await write(
      // One product, one place: summed as it is (until Manual is listed).
      {
        channel: 'console',
        department: 1,
        departments: [1],
        turns: [
          turn(day(3, '09:00:00'), 'I love the Lantern, excellent', 'The Harbour Box too.'),
          turn(day(3, '09:05:00'), 'Is the Lantern available in blue?'),
          turn(day(3, '09:07:00'), 'Where is the Lantern manual, please?'),
        ],
      },
      // Two products in one conversation, one turn naming both.
      {
        channel: 'console',
        department: 1,
        departments: [1],
        turns: [
          turn(day(2, '10:00:00'), 'The Lantern broke, awful', 'Sorry about the Lantern.'),
          turn(day(2, '10:02:00'), 'My Harbour Box is great, thanks'),
          turn(day(2, '10:04:00'), 'Lantern or Harbour Box for camping?', 'The Lantern.'),
        ],
      },
      // Across midnight: the conversation's Lantern turns differ in day.
      {
        channel: 'widget',
        department: null,
        departments: [1, other],
        turns: [
          turn(day(2, '23:55:00'), 'Where is the Lantern manual?'),
          turn(day(1, '00:05:00'), 'The Lantern manual is terrible'),
          turn(day(1, '00:07:00'), 'And my parcel?', 'Your Parcel left today.'),
        ],
      },
      // Five products named in one place: past CHOICE_PRODUCTS, summed from its parts.
      {
        channel: 'console',
        department: 1,
        departments: [1],
        turns: [
          turn(day(2, '15:00:00'), 'Lantern, Harbour Box, Parcel, Furniture or Textiles?'),
          turn(day(2, '15:02:00'), 'Thanks, the Lantern it is, great'),
        ],
      },
      // Another department, and a turn naming nothing listed.
      {
        channel: 'console',
        department: other,
        departments: [other],
        turns: [
          turn(day(1, '08:00:00'), 'Harbour Box refund please, it is bad'),
          turn(day(1, '08:01:00'), 'Opening hours?'),
        ],
      },
      // Settled turns and turns minutes old in one conversation.
      {
        channel: 'console',
        department: 1,
        departments: [1],
        turns: [
          turn(day(1, '07:00:00'), 'The Lantern is wonderful'),
          turn(minutesAgo(3), 'Lantern again: it broke, awful'),
          turn(minutesAgo(2), 'Harbour Box or Lantern?', 'Harbour Box.'),
        ],
      },
    );
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names: NAMES },
    });
    expect(put.status, put.raw).toBe(200);
    await t.app.backgroundTasks.idle();
  });

  const FILTERS = [
    { products: 'lantern' },
    { products: 'harbour box' },
    { products: 'lantern,harbour box' },
    { products: 'harbour box,lantern,parcel' },
    { products: 'lantern', sentiment: 'negative' },
    { products: 'lantern,harbour box', sentiment: 'positive' },
    { products: 'lantern', department_id: 1 },
    { products: 'lantern,harbour box', channel: 'assistant' as const },
    { products: 'Lantern, lantern,HARBOUR BOX' },
  ];

  /** Every filtered figure, as the reports read it and as the whole log gives it. */
  async function bothWays(
    app: TestApp,
    filters: FilterInput[] = FILTERS,
    names = NAMES,
    scope: DepartmentScope = 'all',
  ) {
    const repo = createSentimentRepo(app.database, createTurnLog());
    const log = createSentimentLog(app.database);
    const found = [];
    const expected = [];
    for (const query of filters) {
      const f = resolveFilter(
        { start_date: isoDay(new Date(Date.now() - 5 * 864e5)), ...query },
        scope,
      );
      // The turns' words are listed: of conversations held whole by the scope (filters.ts).
      const listed = { ...f, wholeConversations: true };
      const sortDays = (days: { day: string; sentiment: string; turns: number }[]) =>
        [...days].sort((a, b) => `${a.day}${a.sentiment}`.localeCompare(`${b.day}${b.sentiment}`));
      const figures = await repo.dashboardFigures(f, names);
      const turns = await repo.turns(f, 1, 50);
      found.push({
        query,
        days: sortDays(figures.days),
        mentions: figures.mentions,
        conversations: await repo.conversationSentiments(f),
        turns: { total: turns.total, ids: turns.items.map((i) => i.id) },
        secondPage: (await repo.turns(f, 2, 2)).items.map((i) => i.id),
      });
      const { rows: newest } = await sql<{ id: number }>`
        select n.id from (${log.newest(listed, 50)}) n
        order by n.asked_at desc, n.id desc`.execute(app.database.db);
      const all = newest.map((r) => Number(r.id));
      expected.push({
        query,
        days: sortDays(await log.perDay(f)),
        mentions: await log.mentions(f, names),
        conversations: await log.conversations(f),
        turns: { total: await log.count(listed), ids: all },
        secondPage: all.slice(2, 4),
      });
    }
    return { found, expected };
  }

  it('when reports are filtered by counted products, then every figure equals the whole log’s', async () => {
    const counted = await t.database.db
      .selectFrom('report_product_turns')
      .select('product')
      .distinct()
      .execute();
    // The listed products and SOP's product types the questions name.
    expect(counted.map((r) => r.product).sort()).toEqual([
      'furniture',
      'harbour box',
      'lantern',
      'parcel',
      'textiles',
    ]);
    // The turns minutes old are past the products' mark: read from the log.
    const [mark] = await t.database.db
      .selectFrom('report_product_state')
      .select('counted_through')
      .where('product', '=', 'lantern')
      .execute();
    expect(Number(mark?.counted_through)).toBeLessThan(Math.max(...turnIds));
    const { found, expected } = await bothWays(t);
    expect(found).toEqual(expected);
    // A reader of some departments: the widget conversation searched both.
    const unfiltered = [{}, { sentiment: 'negative' }, { channel: 'widget' as const }];
    for (const scope of ['all' as const, [1], [other], [1, other]]) {
      const scoped = await bothWays(t, [...FILTERS, ...unfiltered], NAMES, scope);
      expect(scoped.found, `scope ${String(scope)}`).toEqual(scoped.expected);
    }
    // The filter of two products counts the turn naming both once.
    const both = found[2];
    expect(both?.turns.total).toBe(14);
  });

  it('when turns change, a product is added and the recent turns settle, then every figure still equals the whole log’s', async () => {
    const repo = createSentimentRepo(t.database, createTurnLog());
    // A counted turn judged again, and a conversation deleted (its turns then count alone).
    await repo.saveSentiment(turnIds[0] ?? 0, { sentiment: 'negative', score: -1, source: 'llm' });
    await createChatRepo(t.database, createTurnLog()).deleteConversation(chats[1] ?? '');
    let { found, expected } = await bothWays(t);
    expect(found, 'step 1').toEqual(expected);

    // A product new to the list is counted from the first turn, into the rows already there.
    const names = [...NAMES, 'Manual'];
    const put = await t.api('PUT', '/api/reports/sentiments/products', {
      token: t.admin,
      body: { names },
    });
    expect(put.status, put.raw).toBe(200);
    await t.app.backgroundTasks.idle();
    const withManual = [
      ...FILTERS,
      { products: 'manual' },
      { products: 'lantern,manual' },
      { products: 'manual,lantern', sentiment: 'negative' },
    ];
    ({ found, expected } = await bothWays(t, withManual, names));
    expect(found, 'step 2').toEqual(expected);

    // Later, every turn has settled and is counted.
    const keys = ['harbour box', 'lantern', 'manual', 'parcel'];
    await createProductRollup(t.database).catchUp(keys, new Date(Date.now() + 20 * 60_000));
    const [last] = await t.database.db
      .selectFrom('chat_turns')
      .select((eb) => eb.fn.max('id').as('id'))
      .execute();
    const marks = await t.database.db
      .selectFrom('report_product_state')
      .select('counted_through')
      .where('product', 'in', keys)
      .execute();
    expect(marks.map((m) => Number(m.counted_through))).toEqual(marks.map(() => Number(last?.id)));
    ({ found, expected } = await bothWays(t, withManual, names));
    expect(found, 'step 3').toEqual(expected);
    ({ found, expected } = await bothWays(t, withManual, names, [1]));
    expect(found, 'step 3, one department').toEqual(expected);
  });
});
