/**
 * Charts stay with the conversation: a chart drawn for an answer is kept with it, comes back in
 * the reopened conversation's history and is drawn again from what was kept, to its owner only;
 * the Chart button (force) charts a question whose words do not ask for one, or says which data
 * is missing.
 */
import { beforeAll, expect, it } from 'vitest';
import {
  BUILTIN_MODEL_ID,
  conversationDetailSchema,
  visualRouteSchema,
} from '../../../contract/chat';
import {
  createSource,
  SALES_QUARTERS,
  SALES_REGIONS,
  sourceEnv,
  sqliteSalesFile,
} from '../../test-support/db-sources';
import { personWith } from '../../test-support/identity';
import { svgDocument, svgTexts } from '../../test-support/svg';
import { describeApi } from '../../test-support/test-app';

const QUESTION = '2025 sales by region and quarter';

describeApi('charts kept with their answers', { env: sourceEnv() }, (t) => {
  let other: { token: string };
  beforeAll(async () => {
    await createSource(t, t.admin, {
      name: 'Sales file',
      db_type: 'sqlite',
      database: sqliteSalesFile(),
      department_id: 1,
    });
    other = await personWith(t, 1, 'Query.QUERY_DOCUMENT', 'Documents.VIEW');
  });

  const ask = async (query: string) => {
    const res = await t.api('POST', '/api/chat/stuff', {
      token: t.admin,
      body: { query, model: BUILTIN_MODEL_ID },
    });
    expect(res.status, res.raw).toBe(200);
    return res.body as { chat_id: string; message_id: number };
  };
  const reopen = async (chatId: string) => {
    const res = await t.api('GET', `/api/chat/conversations/${chatId}`, { token: t.admin });
    expect(res.status, res.raw).toBe(200);
    return conversationDetailSchema.parse(res.body);
  };
  const chartOf = (chatId: string, messageId: number, token = t.admin) =>
    t.api('GET', `/api/chat/conversations/${chatId}/charts/${messageId}`, { token });

  it('when a chart is drawn for an answer, then the reopened conversation carries it and draws it again', async () => {
    const answer = await ask(QUESTION);
    const drawn = await t.api('POST', '/api/chat/generate_visual', {
      token: t.admin,
      body: { query: QUESTION, message_id: answer.message_id },
    });
    expect(drawn.status, drawn.raw).toBe(200);

    const detail = await reopen(answer.chat_id);
    const entry = detail.history.find((h) => h.message_id === answer.message_id);
    expect(entry?.chart?.route.db_result?.plan?.series_by).toBe('quarter');
    expect(entry?.chart?.route.db_result?.rows).toHaveLength(16);

    const again = await chartOf(answer.chat_id, answer.message_id);
    expect(again.status, again.raw).toBe(200);
    expect(again.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svgTexts(svgDocument(again.raw))).toEqual(
      expect.arrayContaining([...SALES_QUARTERS, ...SALES_REGIONS]),
    );
  });

  it('when another person draws or asks for that chart, then nothing of it is theirs', async () => {
    const answer = await ask(QUESTION);
    await t.api('POST', '/api/chat/generate_visual', {
      token: t.admin,
      body: { query: QUESTION, message_id: answer.message_id },
    });
    expect((await chartOf(answer.chat_id, answer.message_id, other.token)).status).toBe(404);
    // Their own chart drawn "for" someone else's answer is drawn, but not kept with it.
    const theirs = await t.api('POST', '/api/chat/generate_visual', {
      token: other.token,
      body: { query: 'Total sales amount by region', message_id: answer.message_id },
    });
    expect(theirs.status).toBe(200);
    const entry = (await reopen(answer.chat_id)).history[0];
    expect(entry.chart?.route.db_result?.plan?.series_by).toBe('quarter');
  });

  it('when an answer has no chart, then its history says none and its chart is not found', async () => {
    const answer = await ask('Who maintains the archive?');
    const detail = await reopen(answer.chat_id);
    expect(detail.history[0].chart).toBeNull();
    expect((await chartOf(answer.chat_id, answer.message_id)).status).toBe(404);
  });

  it('when the conversation is deleted, then its charts go with it', async () => {
    const answer = await ask(QUESTION);
    await t.api('POST', '/api/chat/generate_visual', {
      token: t.admin,
      body: { query: QUESTION, message_id: answer.message_id },
    });
    const gone = await t.api('DELETE', `/api/chat/conversations/${answer.chat_id}`, {
      token: t.admin,
    });
    expect(gone.status).toBe(200);
    const rows = await t.database.db
      .selectFrom('chat_turn_charts')
      .select('turn_id')
      .where('turn_id', '=', answer.message_id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('when Chart is pressed on a question that does not ask for one, then the database charts it', async () => {
    const route = async (force: boolean) => {
      const res = await t.api('POST', '/api/chat/visual_router', {
        token: t.admin,
        body: { query: 'Sales amount and region', force },
      });
      expect(res.status, res.raw).toBe(200);
      return visualRouteSchema.parse(res.body);
    };
    const unasked = await route(false);
    expect(unasked.wants_chart).toBe(false);
    expect(unasked.reason_code).toBe('NOT_ASKED');
    const forced = await route(true);
    expect(forced.wants_chart).toBe(true);
    expect(forced.db_result?.plan).toMatchObject({ group_by: 'region', measure: 'sales_amount' });
  });

  it('when Chart is pressed and no table holds what the answer is about, then the route says which data is missing', async () => {
    const res = await t.api('POST', '/api/chat/visual_router', {
      token: t.admin,
      body: { query: 'Who maintains the archive?', force: true },
    });
    const route = visualRouteSchema.parse(res.body);
    expect(route.wants_chart).toBe(false);
    expect(route.reason_code).toBe('NO_TABLES');
  });
});
