import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoDay } from '../../../contract/reports';
import { createOpenAiProvider } from '../../services/llm/openai';
import { startFakeLlm, type FakeLlm, type FakeRequest } from '../../test-support/fake-llm';
import { addPerson } from '../../test-support/identity';
import { startTestApp, TEST_ADMIN, type TestApp, testDatabases } from '../../test-support/test-app';
import { addTurns } from './rollups';
import { createSentimentRecorder } from './sentiment-recorder';
import { createSentimentRepo } from './sentiment-repo';
import { createTurnLog } from './turn-log';

const isSentimentCall = (r: FakeRequest) =>
  /Classify the sentiment/.test(r.body.messages[0]?.content ?? '');

/**
 * The configured LLM's sentiment on the real path: a turn stored by the assistant is
 * judged by the model after the answer (answer-service -> recorder.afterStored), and the
 * start-up backfill asks the model too; the reports' rollups follow the model's label.
 */
describe.each(testDatabases)('turn sentiments by the configured LLM on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeLlm;
  let admin: string;
  const today = isoDay(new Date());
  const range = `start_date=${today}&end_date=${today}`;
  const sentimentOf = (turnId: number) =>
    t.database.db
      .selectFrom('turn_sentiments')
      .select(['sentiment', 'source'])
      .where('turn_id', '=', turnId)
      .executeTakeFirst();
  const overview = async () =>
    (await t.api('GET', `/api/reports/sentiments/dashboard?${range}`, { token: admin })).body
      .overview;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startTestApp(dialect, {
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'sk-test',
      LLM_MODELS: 'gpt-4o',
      LLM_TIMEOUT_MS: '1500',
      LLM_IDLE_TIMEOUT_MS: '1500',
    });
    admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('when a turn is stored with an LLM configured, then its sentiment is the model’s and the report counts the model’s label', async () => {
    fake.behave = (r) =>
      isSentimentCall(r)
        ? { kind: 'stream', chunks: ['Neg', 'ative'] }
        : { kind: 'stream', chunks: ['An answer.'] };
    // The library would call this positive.
    const question = 'Thanks, great help, I love it!';
    const asked = await t.api('POST', '/api/chat/stuff', {
      token: admin,
      body: { query: question, department_id: 1, model: 'gpt-4o' },
    });
    expect(asked.status, asked.raw).toBe(200);
    // t.api waits for the background work (the model's judgement) before it answers.
    expect(await sentimentOf(asked.body.message_id)).toEqual({
      sentiment: 'negative',
      source: 'llm',
    });
    const judged = fake.requests.filter(isSentimentCall);
    expect(judged.map((r) => r.body.messages[1]?.content)).toEqual([question]);
    expect(await overview()).toEqual({ positive: 0, neutral: 0, negative: 1 });
    const summary = await t.api(
      'GET',
      `/api/reports/sentiments/average_conversation_summary?${range}`,
      { token: admin },
    );
    expect(summary.body).toMatchObject({ total_conversations: 1, positive: 0, negative: 1 });
  });

  it('when older turns are backfilled with an LLM configured, then the model judges each in turn, and the library stands in where the model fails', async () => {
    const owner = await addPerson(t);
    const now = new Date().toISOString();
    const base = {
      conversation_id: null,
      user_id: owner.id,
      channel: 'console' as const,
      department_id: 1,
      department_ids: '[1]',
      mode: 'stuff' as const,
      standalone_question: null,
      sub_questions: null,
      answer: 'An answer',
      engine: 'builtin' as const,
      model: 'builtin',
      no_answer: 0,
      cancelled: 0,
      latency_ms: 10,
      references_json: '[]',
      eval_json: null,
      provider_error: null,
      asked_at: now,
      answered_at: now,
    };
    const questions = ['Where is my parcel?', 'What are the opening hours?', 'Terrible, broken'];
    const rows = await t.database.db
      .insertInto('chat_turns')
      .values(questions.map((question) => ({ ...base, question })))
      .returning('id')
      .execute();
    // Stored (and rolled up) before sentiments were kept.
    await addTurns(
      t.database.db,
      rows.map((r) => r.id),
    );
    let calls = 0;
    let open = 0;
    let mostOpen = 0;
    fake.behave = (r) => {
      calls += 1;
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      void r.closed.then(() => (open -= 1));
      const text = r.body.messages[1]?.content ?? '';
      if (text.startsWith('Where')) return { kind: 'stream', chunks: ['positive'] };
      if (text.startsWith('What')) return { kind: 'json', text: 'Negative.' };
      return { kind: 'error', status: 503, message: 'overloaded' };
    };
    const provider = createOpenAiProvider({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      models: ['gpt-4o'],
      headersTimeoutMs: 1500,
      idleTimeoutMs: 1500,
    });
    const recorder = createSentimentRecorder({
      repo: createSentimentRepo(t.database, createTurnLog()),
      llm: { provider, model: 'gpt-4o' },
      background: { run: () => undefined, idle: async () => undefined },
    });
    expect(await recorder.backfill(2)).toBe(3);
    expect(await Promise.all(rows.map((r) => sentimentOf(r.id)))).toEqual([
      { sentiment: 'positive', source: 'llm' },
      { sentiment: 'negative', source: 'llm' },
      { sentiment: 'negative', source: 'offline' },
    ]);
    // One call a turn, one at a time.
    expect(calls).toBe(3);
    expect(mostOpen).toBe(1);
    // With the first test's turn: the model's labels are counted, not the library's neutrals.
    expect(await overview()).toEqual({ positive: 1, neutral: 0, negative: 3 });
    expect(await recorder.backfill()).toBe(0);
  });
});
