import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_MODEL_ID, chatAnswerSchema, type ChatAnswer } from '../../../../contract/chat';
import { createSearchIndex } from '../../../services/search';
import { idsOf } from '../../../../contract/permissions';
import { addDepartment, addRole, personWith, type Person } from '../../../test-support/identity';
import { startTestApp, testDatabases, type TestApp } from '../../../test-support/test-app';
import { NO_ANSWER_TEXT } from './builtin-engine';
import { addDocument, setSoftDelete } from '../../../test-support/test-documents';

describe.each(testDatabases)('the assistant with the built-in engine on %s', (dialect) => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let deptA: number;
  let deptB: number;
  const doc: Record<string, number> = {};

  const ask = async (
    who: Person,
    body: Record<string, unknown>,
    path = '/api/chat/stuff',
  ): Promise<{ status: number; body: ChatAnswer & { code?: string } }> => {
    const res = await t.api('POST', path, {
      token: who.token,
      body: { department_id: deptA, ...body },
    });
    if (res.status === 200) chatAnswerSchema.parse(res.body);
    return res;
  };
  /** Asks as a client that accepts a stream of server-sent events. */
  const askForStream = (who: Person, body: { query: string; department_id: number }) =>
    t.api('POST', '/api/chat/stuff', {
      token: who.token,
      headers: { accept: 'text/event-stream' },
      body,
    });
  const cited = (answer: ChatAnswer) => answer.references.map((r) => r.document_id);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    deptA = await addDepartment(t);
    deptB = await addDepartment(t);
    alice = await personWith(t, deptA, 'Query.QUERY_DOCUMENT');
    bob = await personWith(t, deptB, 'Query.QUERY_DOCUMENT');
    const index = createSearchIndex(t.database);
    const add = async (
      key: string,
      departmentId: number,
      name: string,
      sections: Parameters<typeof addDocument>[2]['sections'],
      extra: { type?: string; softDelete?: boolean } = {},
    ) => {
      doc[key] = await addDocument(t.database, index, { departmentId, name, sections, ...extra });
    };
    await add('x200', deptA, 'x200-manual.pdf', [
      {
        text: 'The X200 printer is a compact office printer for small teams.',
        position: { page: 1 },
      },
      {
        text: 'The X200 printer weighs 8 kg. The X200 printer comes with a warranty period of 24 months.',
        position: { page: 3, heading: 'Warranty' },
      },
    ]);
    await add('x300', deptA, 'x300-manual.pdf', [
      {
        text: 'The X300 printer weighs 12 kg. The X300 printer comes with a warranty period of 36 months.',
        position: { page: 2 },
      },
    ]);
    await add('orion', deptA, 'orion-pricing.pdf', [
      {
        text: 'The premium plan is priced at 49 euros per month, billed yearly.',
        position: { page: 1 },
      },
    ]);
    await add(
      'sales',
      deptA,
      'sales.xlsx',
      [
        {
          text: 'Region North sold 120 units of the Lumen lamp. Region South sold 80 units of the Lumen lamp.',
          position: { sheet: 'Q1', row_start: 2, row_end: 3 },
        },
      ],
      { type: 'xlsx' },
    );
    await add(
      'diagram',
      deptA,
      'wiring.png',
      [{ text: 'Wiring diagram of the X200 printer power supply unit.' }],
      { type: 'png' },
    );
    await add('secret', deptB, 'vault.pdf', [
      { text: 'The vault combination for the Zephyr project is 7391.', position: { page: 1 } },
    ]);
    await add(
      'binned',
      deptA,
      'old-budget.pdf',
      [{ text: 'The Nimbus project budget is 5 million euros.', position: { page: 1 } }],
      { softDelete: true },
    );
    await add('kestrel', deptA, 'kestrel.pdf', [
      { text: 'The Kestrel project deadline is the 14th of March.', position: { page: 4 } },
    ]);
  });
  afterAll(async () => t?.close());

  it('when a unique fact is asked, then the answer quotes it and cites that document and page', async () => {
    const res = await ask(alice, { query: 'What is the warranty period of the X200 printer?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      engine: 'builtin',
      model: BUILTIN_MODEL_ID,
      no_answer: false,
    });
    expect(res.body.answer).toContain('24 months [1]');
    expect(res.body.references[0]).toMatchObject({
      n: 1,
      document_id: doc.x200,
      document_name: 'x200-manual.pdf',
      page: 3,
      heading: 'Warranty',
    });
    expect(res.body.references[0].snippet).toContain('24 months');
    expect(cited(res.body)).not.toContain(doc.x300);
  });

  it('when the fact sits in a sheet, then the reference names the sheet and rows', async () => {
    const res = await ask(alice, {
      query: 'How many units of the Lumen lamp did Region North sell?',
    });
    expect(res.body.answer).toContain('120 units');
    expect(res.body.references[0]).toMatchObject({
      document_id: doc.sales,
      sheet: 'Q1',
      row_start: 2,
      row_end: 3,
      page: null,
    });
  });

  it('when nothing relevant is indexed, then it says so instead of guessing', async () => {
    const res = await ask(alice, { query: 'What is the capital city of Mars?' });
    expect(res.body).toMatchObject({ no_answer: true, references: [], answer: NO_ANSWER_TEXT });
    // Reopened, the conversation still says which answer found nothing, for the console to
    // word it in its reader's language.
    const reopened = await t.api('GET', `/api/chat/conversations/${res.body.chat_id}`, {
      token: alice.token,
    });
    expect(reopened.body.history.at(-1)).toMatchObject({ no_answer: true });
  });

  it('when a fact lives in another department, then it is never cited, and naming that department is refused', async () => {
    const question = { query: 'What is the vault combination for the Zephyr project?' };
    const mine = await ask(alice, { ...question, multi_source: true });
    expect(mine.body.no_answer).toBe(true);
    expect(cited(mine.body)).not.toContain(doc.secret);
    const refused = await ask(alice, { ...question, department_id: deptB });
    expect(refused.status).toBe(403);
    const theirs = await ask(bob, { ...question, department_id: deptB });
    expect(theirs.body.answer).toContain('7391');
    expect(cited(theirs.body)).toEqual([doc.secret]);
  });

  it('when multi-source is on, then every department the user may query is searched', async () => {
    const carol = await personWith(t, deptB, 'Query.QUERY_DOCUMENT');
    // Carol also holds the right in department A through a second role.
    const role = await addRole(t, deptA, idsOf('Query.QUERY_DOCUMENT'));
    await t.database.db
      .insertInto('user_roles')
      .values({ user_id: carol.id, role_id: role, department_id: deptA })
      .execute();
    const question = { query: 'What is the vault combination for the Zephyr project?' };
    const single = await ask(carol, { ...question, department_id: deptA });
    expect(single.body.no_answer).toBe(true);
    const multi = await ask(carol, { ...question, department_id: deptA, multi_source: true });
    expect(cited(multi.body)).toEqual([doc.secret]);
  });

  it('when a user lacks Query.QUERY_DOCUMENT, then every chat route is refused', async () => {
    const reader = await personWith(t, deptA, 'Documents.LIST_VIEW');
    for (const path of ['/api/chat/stuff', '/api/chat/stuff-v2', '/api/chat/stuff-v3'])
      expect((await ask(reader, { query: 'X200 warranty' }, path)).status).toBe(403);
    expect((await t.api('GET', '/api/chat/models', { token: reader.token })).status).toBe(403);
    expect((await t.api('GET', '/api/chat/conversations', { token: reader.token })).status).toBe(
      403,
    );
  });

  it('when a document is soft-deleted, then it is never cited, and once restored it is again', async () => {
    const binned = await ask(alice, { query: 'What is the budget of the Nimbus project?' });
    expect(binned.body.no_answer).toBe(true);
    expect(cited(binned.body)).not.toContain(doc.binned);

    const question = { query: 'What is the deadline of the Kestrel project?' };
    expect(cited((await ask(alice, question)).body)).toEqual([doc.kestrel]);
    await setSoftDelete(t.database, doc.kestrel, true);
    const gone = await ask(alice, { ...question, advanced_search: true, multi_source: true });
    expect(gone.body.no_answer).toBe(true);
    expect(cited(gone.body)).not.toContain(doc.kestrel);
    await setSoftDelete(t.database, doc.kestrel, false);
    expect(cited((await ask(alice, question)).body)).toEqual([doc.kestrel]);
  });

  it('when advanced search is on, then other words for the same thing find the answer the plain search misses', async () => {
    const question = { query: 'How much does the premium subscription cost?' };
    const plain = await ask(alice, { ...question, eval_matrix: true });
    expect(plain.body.no_answer).toBe(true);
    const advanced = await ask(alice, { ...question, advanced_search: true, eval_matrix: true });
    expect(advanced.body.answer).toContain('49 euros');
    expect(cited(advanced.body)).toEqual([doc.orion]);
  });

  it('when v2 gets a follow-up, then it asks the standalone question; the single-pass endpoint does not', async () => {
    const first = await ask(
      alice,
      { query: 'What is the warranty period of the X200 printer?' },
      '/api/chat/stuff-v2',
    );
    expect(first.body.answer).toContain('24 months');
    expect(first.body.standalone_question).toBe('What is the warranty period of the X200 printer?');
    const chat_id = first.body.chat_id;

    const v2 = await ask(alice, { chat_id, query: 'And for the X300?' }, '/api/chat/stuff-v2');
    expect(v2.body.standalone_question).toBe('What is the warranty period of the X300 printer?');
    expect(v2.body.answer).toContain('36 months');
    expect(cited(v2.body)).toEqual([doc.x300]);
    const v1 = await ask(alice, { chat_id, query: 'And for the X300?' });
    expect(v1.body.standalone_question).toBeNull();
    expect(v1.body.answer).not.toContain('36 months');

    // A new conversation about the X200: "it" is the X200 for v2, anything that weighs for v1.
    const x200 = await ask(
      alice,
      { query: 'What is the warranty period of the X200 printer?' },
      '/api/chat/stuff-v2',
    );
    const again = { chat_id: x200.body.chat_id, query: 'How much does it weigh?' };
    const weightV2 = await ask(alice, again, '/api/chat/stuff-v2');
    expect(weightV2.body.standalone_question).toBe('How much does the X200 printer weigh?');
    expect(weightV2.body.answer).toContain('8 kg');
    expect(cited(weightV2.body)).toEqual([doc.x200]);
    const weightV1 = await ask(alice, again);
    expect(cited(weightV1.body)).toEqual(expect.arrayContaining([doc.x200, doc.x300]));
  });

  it('when v3 gets a compound question, then each part is answered in its own section', async () => {
    const query =
      'What is the warranty period of the X200 printer and how much does the X300 printer weigh?';
    const v3 = await ask(alice, { query }, '/api/chat/stuff-v3');
    expect(v3.body.sub_questions).toEqual([
      'What is the warranty period of the X200 printer?',
      'How much does the X300 printer weigh?',
    ]);
    expect(v3.body.answer).toMatch(
      /^\*\*What is the warranty period of the X200 printer\?\*\*\n\n.*24 months.*\n\n\*\*How much does the X300 printer weigh\?\*\*\n\n.*12 kg/s,
    );
    expect(cited(v3.body)).toEqual([doc.x200, doc.x300]);
    const v1 = await ask(alice, { query });
    expect(v1.body.sub_questions).toBeNull();
    expect(v1.body.answer).not.toContain('**');
  });

  it('when eval matrix, references and fetch images are toggled, then the answer carries them or not', async () => {
    const query = 'What does the wiring diagram of the X200 power supply show?';
    const on = await ask(alice, { query, eval_matrix: true, fetch_images: true });
    expect(on.body.images).toEqual([
      { document_id: doc.diagram, url: `/download/${doc.diagram}`, alt: 'wiring.png' },
    ]);
    const evaluation = on.body.eval;
    expect(evaluation?.retrieval[0]).toMatchObject({ n: 1 });
    expect(evaluation?.support).toBe(1);
    expect(evaluation?.timings.total_ms).toBeGreaterThanOrEqual(
      evaluation?.timings.retrieval_ms ?? 0,
    );
    const off = await ask(alice, { query, references: false });
    expect(off.body).toMatchObject({ eval: null, images: [], references: [] });
    expect(off.body.answer).toContain('[1]');
  });

  it('when the client asks for a stream, then meta, the text in pieces and the full answer arrive as events', async () => {
    const res = await askForStream(alice, {
      query: 'What is the warranty period of the X300 printer?',
      department_id: deptA,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.raw
      .trim()
      .split('\n\n')
      .map((block: string) => {
        const [event, data] = block.split('\n');
        return { event: event.slice(7), data: JSON.parse(data.slice(6)) };
      });
    expect(events[0]).toMatchObject({
      event: 'meta',
      data: { references: [{ document_id: doc.x300 }] },
    });
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    const text = events
      .filter((e: { event: string }) => e.event === 'delta')
      .map((e: { data: { text: string } }) => e.data.text)
      .join('');
    expect(text).toBe(done.data.answer);
    expect(done.data.answer).toContain('36 months');
    expect(done.data.message_id).toBeGreaterThan(0);
  });

  it('when a stream is refused, then it is an ordinary JSON error', async () => {
    const res = await askForStream(alice, { query: 'anything', department_id: deptB });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('when a turn is answered, then the log keeps user, department, channel, engine, latency and references', async () => {
    const res = await ask(alice, { query: 'What is the deadline of the Kestrel project?' });
    const row = await t.database.db
      .selectFrom('chat_turns')
      .selectAll()
      .where('id', '=', res.body.message_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: alice.id,
      department_id: deptA,
      channel: 'console',
      mode: 'stuff',
      question: 'What is the deadline of the Kestrel project?',
      engine: 'builtin',
      model: BUILTIN_MODEL_ID,
      no_answer: 0,
      cancelled: 0,
      conversation_id: res.body.chat_id,
    });
    expect(JSON.parse(row.department_ids)).toEqual([deptA]);
    expect(row.latency_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row.references_json)[0]).toMatchObject({ document_id: doc.kestrel, page: 4 });
    expect(JSON.parse(row.eval_json ?? '{}')).toHaveProperty('support');
  });
});
