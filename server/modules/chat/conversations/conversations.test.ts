import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILTIN_MODEL_ID,
  chatModelsResponseSchema,
  conversationDetailSchema,
  conversationPageSchema,
} from '../../../../contract/chat';
import { createSearchIndex } from '../../../services/search';
import { addDepartment, personWith, type Person } from '../../../test-support/identity';
import { startTestApp, testDatabases, type TestApp } from '../../../test-support/test-app';
import { BUILTIN_LABEL } from '../answering/models';
import { addDocument } from '../../../test-support/test-documents';

describe.each(testDatabases)('conversations, feedback and recommendations on %s', (dialect) => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let dept: number;
  let handbook: number;

  const ask = async (who: Person, query: string, chat_id?: string) => {
    const res = await t.api('POST', '/api/chat/stuff', {
      token: who.token,
      body: { query, chat_id, department_id: dept },
    });
    expect(res.status).toBe(200);
    return res.body as { chat_id: string; message_id: number; answer: string };
  };
  const form = (fields: Record<string, string>) => ({
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dept = await addDepartment(t);
    alice = await personWith(t, dept, 'Query.QUERY_DOCUMENT');
    bob = await personWith(t, dept, 'Query.QUERY_DOCUMENT');
    handbook = await addDocument(t.database, createSearchIndex(t.database), {
      departmentId: dept,
      name: 'staff-handbook.docx',
      type: 'docx',
      sections: [
        {
          text: 'Employees book train travel through the travel desk. Travel expenses are refunded within 30 days of the trip.',
          position: { heading: 'Travel expenses' },
        },
        {
          text: 'Employees receive 28 days of annual leave. Annual leave requests go to the line manager two weeks ahead.',
          position: { heading: 'Annual leave' },
        },
        {
          text: 'The company pension scheme matches contributions up to 5 percent of salary. The company pension scheme is run by Meridian Trust.',
          position: { heading: 'Pension scheme' },
        },
      ],
    });
  });
  afterAll(async () => t?.close());

  it('when a user asks in a chat they chose, then it is listed, read back as history and private to them', async () => {
    const chatId = randomUUID();
    const first = await ask(alice, 'How are travel expenses refunded?', chatId);
    expect(first.chat_id).toBe(chatId);
    await ask(alice, 'How many days of annual leave do employees get?', chatId);

    const list = await t.api('GET', '/api/chat/conversations?page=1&size=10', {
      token: alice.token,
    });
    expect(list.status).toBe(200);
    const page = conversationPageSchema.parse(list.body);
    expect(page).toMatchObject({ page: 1, size: 10, total: 1 });
    expect(page.items[0]).toMatchObject({
      chat_id: chatId,
      title: 'How are travel expenses refunded?',
      message_count: 2,
    });

    const detail = await t.api('GET', `/api/chat/conversations/${chatId}`, { token: alice.token });
    const history = conversationDetailSchema.parse(detail.body).history;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      message_id: first.message_id,
      user: 'How are travel expenses refunded?',
      ai: first.answer,
      engine: 'builtin',
      feedback: null,
      references: [{ document_id: handbook, heading: 'Travel expenses' }],
    });
    expect(Date.parse(history[0].ai_timestamp)).toBeGreaterThanOrEqual(
      Date.parse(history[0].user_timestamp),
    );
    expect(history[1].user).toBe('How many days of annual leave do employees get?');

    const theirs = await t.api('GET', '/api/chat/conversations', { token: bob.token });
    expect(theirs.body).toMatchObject({ total: 0, items: [] });
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { title: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.api(method, `/api/chat/conversations/${chatId}`, {
        token: bob.token,
        body,
      });
      expect(res.status).toBe(404);
    }
    const intrude = await t.api('POST', '/api/chat/stuff', {
      token: bob.token,
      body: { query: 'How are travel expenses refunded?', chat_id: chatId, department_id: dept },
    });
    expect(intrude.status).toBe(404);
  });

  it('when a conversation is renamed and deleted, then the list follows and the turn log keeps the turns', async () => {
    const { chat_id, message_id } = await ask(alice, 'Who runs the company pension scheme?');
    const renamed = await t.api('PUT', `/api/chat/conversations/${chat_id}`, {
      token: alice.token,
      body: { title: 'Pension questions' },
    });
    expect(renamed.body).toMatchObject({ chat_id, title: 'Pension questions', message_count: 1 });
    const search = await t.api('GET', '/api/chat/conversations?search=pension', {
      token: alice.token,
    });
    expect(search.body.items.map((c: { chat_id: string }) => c.chat_id)).toEqual([chat_id]);

    const deleted = await t.api('DELETE', `/api/chat/conversations/${chat_id}`, {
      token: alice.token,
    });
    expect(deleted.status).toBe(200);
    expect(
      (await t.api('GET', `/api/chat/conversations/${chat_id}`, { token: alice.token })).status,
    ).toBe(404);
    const turn = await t.database.db
      .selectFrom('chat_turns')
      .select(['conversation_id', 'question'])
      .where('id', '=', message_id)
      .executeTakeFirstOrThrow();
    expect(turn).toEqual({
      conversation_id: null,
      question: 'Who runs the company pension scheme?',
    });
  });

  it('when feedback is sent as form data and changed, then the last rating and comment stand', async () => {
    const { chat_id, message_id } = await ask(alice, 'How are travel expenses refunded?');
    const up = await t.api('POST', '/api/chat/feedback', {
      token: alice.token,
      ...form({ message_id: String(message_id), rating: 'up' }),
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ message_id, rating: 'up', comment: '' });

    const multipart = new FormData();
    multipart.append('message_id', String(message_id));
    multipart.append('rating', 'down');
    multipart.append('comment', 'Missing the form number');
    const request = new Request('http://x', { method: 'POST', body: multipart });
    const down = await t.api('POST', '/api/chat/feedback', {
      token: alice.token,
      body: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ rating: 'down', comment: 'Missing the form number' });

    const detail = await t.api('GET', `/api/chat/conversations/${chat_id}`, { token: alice.token });
    expect(detail.body.history[0].feedback).toEqual({
      rating: 'down',
      comment: 'Missing the form number',
    });
    const rows = await t.database.db
      .selectFrom('chat_feedback')
      .select(['rating'])
      .where('turn_id', '=', message_id)
      .execute();
    expect(rows).toEqual([{ rating: 'down' }]);
  });

  it("when feedback targets another user's answer, an unknown one or an unknown rating, then it is refused", async () => {
    const { message_id } = await ask(alice, 'How many days of annual leave do employees get?');
    const foreign = await t.api('POST', '/api/chat/feedback', {
      token: bob.token,
      ...form({ message_id: String(message_id), rating: 'up' }),
    });
    expect(foreign.status).toBe(404);
    const unknown = await t.api('POST', '/api/chat/feedback', {
      token: alice.token,
      ...form({ message_id: '999999', rating: 'up' }),
    });
    expect(unknown.status).toBe(404);
    const invalid = await t.api('POST', '/api/chat/feedback', {
      token: alice.token,
      ...form({ message_id: String(message_id), rating: 'meh' }),
    });
    expect(invalid.status).toBe(400);
  });

  it('when recommendations are asked for, then they come from the cited document and skip what was asked', async () => {
    const { chat_id } = await ask(alice, 'How are travel expenses refunded?');
    const res = await t.api('POST', '/api/chat/get-rec-ques', {
      token: alice.token,
      body: { chat_id, model: 'gpt-4o' },
    });
    expect(res.status).toBe(200);
    const questions: string[] = res.body.questions;
    expect(questions.length).toBeGreaterThan(0);
    expect(questions).toContain('What does staff-handbook.docx say about Annual leave?');
    expect(questions).not.toContain('What does staff-handbook.docx say about Travel expenses?');

    const foreign = await t.api('POST', '/api/chat/get-rec-ques', {
      token: bob.token,
      body: { chat_id, model: 'gpt-4o' },
    });
    expect(foreign.status).toBe(404);
  });

  it('when no model is configured, then the list offers only the built-in engine, named as such', async () => {
    const res = await t.api('GET', '/api/chat/models', { token: alice.token });
    expect(chatModelsResponseSchema.parse(res.body)).toEqual({
      models: [{ id: BUILTIN_MODEL_ID, label: BUILTIN_LABEL, engine: 'builtin' }],
      default_model: BUILTIN_MODEL_ID,
    });
  });
});
