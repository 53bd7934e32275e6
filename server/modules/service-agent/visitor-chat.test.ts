import { beforeAll, expect, it } from 'vitest';
import { chatAnswerSchema } from '../../../contract/chat';
import {
  serviceAgentHistoryPageSchema,
  VISITOR_QUESTION_MAX,
} from '../../../contract/service-agent';
import { addDepartment } from '../../test-support/identity';
import { uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { describeApi } from '../../test-support/test-app';
import { createWidget, HOST_PAGE, visitorOf } from '../../test-support/widgets';

/**
 * The visitor's chat: answered by the assistant's engine from the widget's target
 * areas only, kept with its session, restored after a reload, rated, and shown to the owner.
 */
describeApi('the chat of a widget visitor', (t) => {
  let shop: number;
  let depot: number;
  let widget: { id: number; client_id: string };
  const docs: Record<string, number> = {};
  const csv = (fact: string) => `topic,fact\nlogistics,"${fact}"\n`;

  const ask = (token: string, query: string, headers: Record<string, string> = {}) =>
    t.api('POST', '/api/service-agent/me/chat', { token, body: { query }, headers });

  beforeAll(async () => {
    shop = await addDepartment(t);
    depot = await addDepartment(t);
    const upload = async (name: string, department: number, fact: string) => {
      const res = await uploadFiles(t, t.admin, [{ name, content: csv(fact), type: 'text/csv' }], {
        department_id: String(department),
      });
      docs[name] = res.body.items[0].document_id;
      expect((await waitForDocument(t, t.admin, docs[name])).status).toBe('ready');
    };
    await upload('shop.csv', shop, 'The parcel locker code of the Bergen shop is 2468-HERON.');
    await upload('depot.csv', depot, 'The vault combination of the Oslo depot is 4711-PLOVER.');
    widget = await createWidget(t, t.admin, { target_areas: [shop] });
  });

  it('when a visitor asks about a document in a target area, then the answer quotes it with its reference', async () => {
    const visitor = await visitorOf(t, widget.client_id);
    const res = await ask(
      visitor.access_token,
      'What is the parcel locker code of the Bergen shop?',
    );
    expect(res.status).toBe(200);
    const answer = chatAnswerSchema.parse(res.body);
    expect(answer.answer).toContain('2468-HERON');
    expect(answer.no_answer).toBe(false);
    expect(answer.chat_id).toBe(visitor.session_id);
    expect(answer.references[0]).toMatchObject({
      document_id: docs['shop.csv'],
      document_name: 'shop.csv',
    });
  });

  it('when a visitor asks about a document of another department, then nothing of it is told', async () => {
    const visitor = await visitorOf(t, widget.client_id);
    const res = await ask(visitor.access_token, 'What is the vault combination of the Oslo depot?');
    expect(res.status).toBe(200);
    expect(res.body.no_answer).toBe(true);
    expect(res.body.references).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain('PLOVER');
    // The same question in the console, on the depot, is answered: the document is there.
    const console = await t.api('POST', '/api/chat/stuff', {
      token: t.admin,
      body: { query: 'What is the vault combination of the Oslo depot?', department_id: depot },
    });
    expect(console.body.answer).toContain('4711-PLOVER');
  });

  it('when the visitor reloads, then ?history=true&session_id restores their conversation, and only theirs', async () => {
    const visitor = await visitorOf(t, widget.client_id);
    const first = await ask(
      visitor.access_token,
      'What is the parcel locker code of the Bergen shop?',
    );
    await ask(visitor.access_token, 'And the <b>opening</b> hours?');
    const res = await t.api(
      'GET',
      `/api/service-agent/me?history=true&session_id=${visitor.session_id}`,
      { token: visitor.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.history).toHaveLength(2);
    expect(res.body.history[0]).toMatchObject({
      message_id: first.body.message_id,
      user: 'What is the parcel locker code of the Bergen shop?',
      ai: first.body.answer,
      feedback: null,
    });
    expect(res.body.history[0].references[0].document_id).toBe(docs['shop.csv']);
    // Visitor text is kept as it was typed; the client shows it as text.
    expect(res.body.history[1].user).toBe('And the <b>opening</b> hours?');
    const someone = await visitorOf(t, widget.client_id);
    const foreign = await t.api(
      'GET',
      `/api/service-agent/me?history=true&session_id=${visitor.session_id}`,
      { token: someone.access_token },
    );
    expect(foreign.status).toBe(404);
    const own = await t.api('GET', '/api/service-agent/me?history=true', {
      token: someone.access_token,
    });
    expect(own.body.history).toEqual([]);
  });

  it('when a visitor rates an answer, then the rating is stored and shown in history', async () => {
    const visitor = await visitorOf(t, widget.client_id);
    const answer = await ask(
      visitor.access_token,
      'What is the parcel locker code of the Bergen shop?',
    );
    const rate = (token: string, rating: 'up' | 'down', id = answer.body.message_id) =>
      t.api('POST', '/api/service-agent/me/feedback', {
        token,
        body: { message_id: id, rating },
      });
    const res = await rate(visitor.access_token, 'down');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message_id: answer.body.message_id, rating: 'down' });
    expect((await rate(visitor.access_token, 'up')).body.rating).toBe('up');
    const history = await t.api('GET', '/api/service-agent/me?history=true', {
      token: visitor.access_token,
    });
    expect(history.body.history[0].feedback).toEqual({ rating: 'up', comment: '' });
    const stranger = await visitorOf(t, widget.client_id);
    expect((await rate(stranger.access_token, 'down')).status).toBe(404);
    expect((await rate(visitor.access_token, 'up', 999999)).status).toBe(404);
    const bad = await t.api('POST', '/api/service-agent/me/feedback', {
      token: visitor.access_token,
      body: { message_id: answer.body.message_id, rating: 'meh' },
    });
    expect(bad.status).toBe(400);
  });

  it('when the owner opens the history, then every visitor conversation comes with its turns, latency, references and rating', async () => {
    const other = await createWidget(t, t.admin, { target_areas: [shop] });
    const visitor = await visitorOf(t, other.client_id);
    const answer = await ask(
      visitor.access_token,
      'What is the parcel locker code of the Bergen shop?',
    );
    await t.api('POST', '/api/service-agent/me/feedback', {
      token: visitor.access_token,
      body: { message_id: answer.body.message_id, rating: 'up' },
    });
    await visitorOf(t, other.client_id); // a session that asks nothing is not a conversation
    const res = await t.api('GET', `/api/service-agent/history/${other.client_id}`, {
      token: t.admin,
    });
    expect(res.status).toBe(200);
    const page = serviceAgentHistoryPageSchema.parse(res.body);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      session_id: visitor.session_id,
      host: HOST_PAGE,
      visitor_address: '127.0.0.1',
    });
    const [turn] = page.items[0].turns;
    expect(turn).toMatchObject({
      message_id: answer.body.message_id,
      question: 'What is the parcel locker code of the Bergen shop?',
      answer: answer.body.answer,
      rating: 'up',
      no_answer: false,
    });
    expect(turn.latency_ms).toBeGreaterThanOrEqual(0);
    expect(turn.references[0].document_id).toBe(docs['shop.csv']);
    const logged = await t.database.db
      .selectFrom('chat_turns')
      .select(['channel', 'question'])
      .where('conversation_id', '=', visitor.session_id)
      .execute();
    expect(logged).toEqual([
      { channel: 'widget', question: 'What is the parcel locker code of the Bergen shop?' },
    ]);
  });

  it("when visitors have chatted, then the owner's own assistant conversations do not list theirs", async () => {
    const visitor = await visitorOf(t, widget.client_id);
    await ask(visitor.access_token, 'What is the parcel locker code of the Bergen shop?');
    const list = await t.api('GET', '/api/chat/conversations?size=100', { token: t.admin });
    expect(list.body.items.map((c: { chat_id: string }) => c.chat_id)).not.toContain(
      visitor.session_id,
    );
    const one = await t.api('GET', `/api/chat/conversations/${visitor.session_id}`, {
      token: t.admin,
    });
    expect(one.status).toBe(404);
  });

  it('when the visitor accepts a stream, then the answer comes as events ending with the kept turn', async () => {
    const visitor = await visitorOf(t, widget.client_id);
    const res = await ask(
      visitor.access_token,
      'What is the parcel locker code of the Bergen shop?',
      { accept: 'text/event-stream' },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = res.raw.split('\n\n').filter(Boolean);
    expect(events[0]).toMatch(/^event: meta/);
    const done = events.find((e: string) => e.startsWith('event: done')) ?? '';
    const answer = chatAnswerSchema.parse(JSON.parse(done.split('data: ')[1]));
    expect(answer.answer).toContain('2468-HERON');
    const history = await t.api('GET', '/api/service-agent/me?history=true', {
      token: visitor.access_token,
    });
    expect(history.body.history[0].message_id).toBe(answer.message_id);
  });

  it('when the documents do not answer a visitor, then they read a visitor\'s "nothing found" in their language, with no console switches in it', async () => {
    const visitor = await visitorOf(t, widget.client_id);
    const english = await ask(
      visitor.access_token,
      'What is the vault combination of the Oslo depot?',
    );
    expect(english.body.no_answer).toBe(true);
    expect(english.body.answer).toBe(
      "I'm sorry, I couldn't find an answer to that. Please try asking in other words.",
    );
    const spanish = await ask(
      visitor.access_token,
      '¿Cuál es la combinación de la cámara acorazada del depósito de Oslo?',
    );
    expect(spanish.body.no_answer).toBe(true);
    expect(spanish.body.answer).toBe(
      'Lo siento, no encontré una respuesta a eso. Pruebe a preguntarlo con otras palabras.',
    );
    // A console user asking the same where nothing answers still reads where to search more.
    const console = await t.api('POST', '/api/chat/stuff', {
      token: t.admin,
      body: { query: 'What is the mooring fee of the Tromsø pier?', department_id: shop },
    });
    expect(console.body.no_answer).toBe(true);
    expect(console.body.answer).toMatch(/advanced search or multi-source/);
  });

  it('when a question is longer than the cap, then 400 names the field and nothing is counted', async () => {
    const visitor = await visitorOf(t, widget.client_id);
    const before = await t.api('GET', `/api/service-agent/${widget.id}`, { token: t.admin });
    const res = await ask(visitor.access_token, 'a'.repeat(VISITOR_QUESTION_MAX + 1));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'query', message: 'validation:tooLong' }]);
    expect((await ask(visitor.access_token, '   ')).status).toBe(400);
    const after = await t.api('GET', `/api/service-agent/${widget.id}`, { token: t.admin });
    expect(after.body.messages_today).toBe(before.body.messages_today);
  });
});
