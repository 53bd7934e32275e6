import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDocumentRow, SALES_TABLE } from '../../test-support/document-rows';
import { addDepartment, personWith } from '../../test-support/identity';
import { svgDocument, svgTexts } from '../../test-support/svg';
import { startTestApp, testDatabases, type TestApp } from '../../test-support/test-app';

/** A tiny OpenAI-compatible server: answers each chat completion with `reply` (a JSON body). */
function fakeModel() {
  const state = {
    reply: '' as string,
    status: 200,
    requests: [] as {
      url: string;
      auth: string;
      body: { model: string; messages: { content: string }[] };
    }[],
    otherHits: [] as string[],
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        state.otherHits.push(`${req.method} ${req.url}`);
        res.writeHead(404).end();
        return;
      }
      state.requests.push({
        url: req.url,
        auth: req.headers.authorization ?? '',
        body: JSON.parse(raw),
      });
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: state.reply },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  return { server, state };
}

const spec = (s: unknown) => JSON.stringify({ chart: s });
const scatter = {
  title: 'Units against revenue',
  mark: 'point',
  encoding: {
    x: { field: 'Units', type: 'quantitative' },
    y: { field: 'Revenue', type: 'quantitative' },
  },
};

describe.each(testDatabases)('visual answers with a language model on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const fake = fakeModel();
  const ask = (path: string, query: string) =>
    t.api('POST', `/api/chat/${path}`, {
      token,
      body: { query, text: 'Revenue grew in the North.' },
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    t = await startTestApp(dialect, {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_API_KEY: 'fake-key',
      LLM_MODELS: 'chart-model,other-model',
      LLM_TIMEOUT_MS: '3000',
    });
    const dept = await addDepartment(t);
    token = (await personWith(t, dept, 'Query.QUERY_DOCUMENT')).token;
    await addDocumentRow(t, {
      departmentId: dept,
      name: 'regional_sales.xlsx',
      type: 'xlsx',
      tables: [SALES_TABLE],
    });
  });
  beforeEach(() => {
    fake.state.status = 200;
    fake.state.requests = [];
    fake.state.otherHits = [];
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it("when the model returns a valid spec, then the route and the chart follow the model's design", async () => {
    fake.state.reply = `Here it is:\n\`\`\`json\n${spec(scatter)}\n\`\`\``;
    const routed = await ask('visual_router', 'chart of revenue by region');
    expect(routed.body).toMatchObject({
      wants_chart: true,
      table: { sheet: 'Sales' },
      columns: ['Units', 'Revenue'],
      chart_type: 'point',
    });
    expect(routed.body.reason).toMatch(/language model/);
    const request = fake.state.requests[0];
    expect(request.auth).toBe('Bearer fake-key');
    expect(request.body.model).toBe('chart-model');
    expect(request.body.messages[1].content).toContain('"Revenue"');

    const drawn = await ask('generate_visual', 'chart of revenue by region');
    expect(drawn.status).toBe(200);
    expect(drawn.headers['x-visual-engine']).toBe('llm');
    expect(svgTexts(svgDocument(drawn.raw))).toContain('Units against revenue');
  });

  it.each([
    ['a url data source', spec({ ...scatter, data: { url: 'REPLACE/steal.csv' } })],
    [
      'an unknown column',
      spec({
        ...scatter,
        encoding: { ...scatter.encoding, x: { field: 'Salary', type: 'quantitative' } },
      }),
    ],
    [
      'a transform with an expression',
      spec({ ...scatter, transform: [{ calculate: 'datum.Revenue * 2', as: 'x' }] }),
    ],
    ['an unsupported mark', spec({ ...scatter, mark: 'image' })],
    ['no JSON at all', 'I would draw a bar chart of revenue.'],
    ['no chart', spec(null)],
  ])(
    'when the model returns %s, then it is refused and the built-in chart is used',
    async (_what, reply) => {
      const { port } = fake.server.address() as AddressInfo;
      fake.state.reply = reply.replace('REPLACE', `http://127.0.0.1:${port}`);
      const routed = await ask('visual_router', 'chart of revenue by region');
      expect(routed.body).toMatchObject({
        wants_chart: true,
        columns: ['Region', 'Revenue'],
        chart_type: 'bar',
      });
      expect(routed.body.reason).not.toMatch(/language model/);
      const drawn = await ask('generate_visual', 'chart of revenue by region');
      expect(drawn.status).toBe(200);
      expect(drawn.headers['x-visual-engine']).toBe('builtin');
      expect(svgTexts(svgDocument(drawn.raw))).toContain('North');
      expect(fake.state.otherHits).toEqual([]);
    },
  );

  it('when the model answers an HTTP error, then the built-in chart is drawn', async () => {
    fake.state.status = 500;
    const drawn = await ask('generate_visual', 'chart of revenue by region');
    expect(drawn.status).toBe(200);
    expect(drawn.headers['x-visual-engine']).toBe('builtin');
  });

  it('when the question does not ask for a chart, then the model is not asked', async () => {
    const routed = await ask('visual_router', 'Who approved the revenue report?');
    expect(routed.body.wants_chart).toBe(false);
    expect(fake.state.requests).toHaveLength(0);
  });
});
